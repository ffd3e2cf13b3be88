/// Places text runs by their centre, using the font's metrics.
package struct TextPlacer {
    package let measurer: TextMeasuring
    package let color: Color

    /// A placer measuring with `measurer`, its runs in `color` unless told otherwise.
    package init(measurer: TextMeasuring, color: Color) { (self.measurer, self.color) = (measurer, color) }

    /// A run whose horizontal centre is `x` and whose digits are vertically centred on `middleY`.
    package func centered(_ s: String, x: Double, middleY: Double, fontSize: Double, color: Color, role: TextRole) -> TextShape {
        let m = measurer.measure(s, fontSize: fontSize)
        let baseline = middleY + (m.ascent - m.descent) / 2
        return TextShape(s, origin: Point((x - m.width / 2).rounded(), baseline.rounded()), fontSize: fontSize, color: color, role: role)
    }

    /// The box `run` takes: its advance by its line (the font's ascent above the baseline), turned with the run.
    package func box(of run: TextShape) -> Rect {
        let m = measurer.measure(run.text, fontSize: run.fontSize)
        return run.rotation.box(origin: run.origin, width: m.width, above: m.ascent, below: m.lineHeight - m.ascent)
    }

    /// The corners of the box `run` takes, turned with it (`TextRotation.corners`).
    package func corners(of run: TextShape) -> [Point] {
        let m = measurer.measure(run.text, fontSize: run.fontSize)
        return run.rotation.corners(origin: run.origin, width: m.width, above: m.ascent, below: m.lineHeight - m.ascent)
    }
}
