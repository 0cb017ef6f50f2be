/// The symbols the pictures draw as SVG (24-point boxes, in `currentColor`, their cut-outs in the
/// card's colour, `var(--card)`), by SF Symbols name. Everything else the page draws comes from
/// the layout (``HTMLLayoutWriter``).
public enum HTMLVocabulary {
    /// The symbols drawn as SVG, by SF Symbols name: those the built-in widgets and the examples
    /// use. Another name is drawn as its bundle's text fallback, else as a rounded square titled
    /// with the name (`Image(systemName:)` of a symbol the page does not have).
    package static let symbols: [String: String] = {
        let circle =
            "<circle cx=\"12\" cy=\"12\" r=\"9\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"/>"
        let disc = "<circle cx=\"12\" cy=\"12\" r=\"10\" fill=\"currentColor\"/>"
        let check =
            "<path d=\"M7 12.5l3.2 3.2L17 9\" fill=\"none\" stroke=\"var(--card)\" stroke-width=\"2.2\"/>"
        let moon = "<path d=\"M15 3a9 9 0 1 0 6 14.5A8 8 0 0 1 15 3z\" "
        let house = "<path d=\"M3 11.5L12 4l9 7.5V21h-6v-6H9v6H3z\" "
        let card = "<rect x=\"2.5\" y=\"5.5\" width=\"19\" height=\"13\" rx=\"2.5\" "
        return [
            "circle": circle,
            "checkmark.circle.fill": disc + check,
            "checkmark.circle": circle
                + "<path d=\"M7.5 12.5l3 3L16.5 9\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"/>",
            "exclamationmark.circle.fill": disc
                + "<path d=\"M12 6.5v7\" stroke=\"var(--card)\" stroke-width=\"2.4\"/>"
                + "<circle cx=\"12\" cy=\"17\" r=\"1.4\" fill=\"var(--card)\"/>",
            "minus.circle.fill": disc + "<path d=\"M7 12h10\" stroke=\"var(--card)\" stroke-width=\"2.4\"/>",
            "moon": moon + "fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"/>",
            "moon.fill": moon + "fill=\"currentColor\"/>",
            "house": house + "fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"/>",
            "house.fill": house + "fill=\"currentColor\"/>",
            "creditcard": card + "fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"/>"
                + "<path d=\"M2.5 9.5h19\" stroke=\"currentColor\" stroke-width=\"2\"/>",
            "creditcard.fill": card + "fill=\"currentColor\"/>"
                + "<path d=\"M2.5 9.5h19\" stroke=\"var(--card)\" stroke-width=\"2\"/>",
            "arrow.left.arrow.right": "<path d=\"M3 8h16M15 4l4 4-4 4M21 16H5M9 12l-4 4 4 4\" fill=\"none\" "
                + "stroke=\"currentColor\" stroke-width=\"2\"/>",
            "qrcode": qr,
            "qrcode.viewfinder": qr
                + "<path d=\"M1 6V1h5M18 1h5v5M23 18v5h-5M6 23H1v-5\" fill=\"none\" stroke=\"currentColor\" "
                + "stroke-width=\"1.6\"/>",
            "bell": "<path d=\"M6 16V11a6 6 0 0 1 12 0v5l2 2H4z\" fill=\"none\" stroke=\"currentColor\" "
                + "stroke-width=\"2\"/><path d=\"M10 20a2 2 0 0 0 4 0\" fill=\"currentColor\"/>",
            "clock": circle
                + "<path d=\"M12 7v5l3.5 2\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"/>",
            "timer": circle + "<path d=\"M12 7v5\" stroke=\"currentColor\" stroke-width=\"2\"/>",
            "checklist": "<path d=\"M3 6l2 2 3-3M3 14l2 2 3-3M11 7h10M11 15h10\" fill=\"none\" "
                + "stroke=\"currentColor\" stroke-width=\"2\"/>",
        ]
    }()

    private static let qr =
        "<path d=\"M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4z\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"/>"
        + "<path d=\"M14 14h2v2h-2zM18 18h2v2h-2zM14 18h2v2h-2zM18 14h2v2h-2z\" fill=\"currentColor\"/>"
}
