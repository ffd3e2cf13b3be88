// The layers below the chart, re-exported: `import GlintCore` (and `import Glint`) sees values, scales, the table
// and the scene as before they were modules of their own.
@_exported import GlintScales
@_exported import GlintScene
@_exported import GlintTable
