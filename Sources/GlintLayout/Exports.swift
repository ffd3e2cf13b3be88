// The layers below the layout, re-exported as GlintCore re-exports them: a file here sees values, scales, the
// table, the scene and the chart's model without importing each.
@_exported import GlintScales
@_exported import GlintScene
@_exported import GlintTable
@_exported import GlintModel
