public import Diagnostics

/// The failure codes of the PNG drawing, declared once.
extension FailureCode {
    /// `png.invalid-scale`: a scale outside 1...4 (or not a number).
    public static let pngInvalidScale = FailureCode("png.invalid-scale", .usage)
    /// `png.drawing-failed`: Cairo could not make the picture or write it as a PNG (out of memory).
    public static let pngDrawingFailed = FailureCode("png.drawing-failed", .runtime)
}
