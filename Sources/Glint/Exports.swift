// `import Glint` is all a user needs: the chart model and scene types, database sources and specs come along.
@_exported import GlintCore
@_exported import GlintDatabase
@_exported import GlintSpec
@_exported import GlintPaint
