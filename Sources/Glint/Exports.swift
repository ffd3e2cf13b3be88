// `import Glint` is all a user needs: the chart model and scene types come along.
@_exported import GlintCore
