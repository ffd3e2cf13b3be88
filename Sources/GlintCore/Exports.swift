// The layers below the chart, re-exported: `import GlintCore` (and `import Glint`) sees values, scales, the table,
// the scene, the chart's model and its layout as before they were modules of their own.
@_exported import GlintScales
@_exported import GlintScene
@_exported import GlintTable
@_exported import GlintModel
@_exported import GlintLayout
