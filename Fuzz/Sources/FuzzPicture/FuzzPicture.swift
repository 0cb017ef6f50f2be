import Foundation
import FuzzSupport
import JSON
import Layout
import Rendering
import WidgetHostKit

/// The layout and the PNG painter over drawing effects with any numbers: the input is a list of
/// modifiers (a byte picks each, the bytes after it give its numbers: a small value, or after 0xFF
/// the eight bytes of a Double, NaN and the infinities among them) on a text in a frame, beside a
/// text with them in the other order. In every family, the view is laid out with every frame
/// finite and drawn at scale 1 without failing (the painter takes any layout the engine makes),
/// into a PNG of the family's size.
func fuzzPicture(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = Property.bytes(data, size)[...]
    func number() -> JSONValue {
        guard let byte = input.popFirst() else { return .int(0) }
        guard byte == 0xFF, input.count >= 8 else { return .double(Double(Int8(bitPattern: byte)) / 4) }
        let bits = input.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        input = input.dropFirst(8)
        return .double(Double(bitPattern: bits))
    }
    func modifier(_ type: String, _ names: [String]) -> JSONValue {
        .object([JSONValue.Member("type", .string(type))] + names.map { JSONValue.Member($0, number()) })
    }
    var modifiers: [JSONValue] = []
    while let pick = input.popFirst(), modifiers.count < 24 {
        switch pick % 9 {
        case 0: modifiers.append(modifier("scaleEffect", ["scale"]))
        case 1: modifiers.append(modifier("scaleEffect", ["x", "y", "anchorX", "anchorY"]))
        case 2: modifiers.append(modifier("rotationEffect", ["degrees", "anchorX", "anchorY"]))
        case 3: modifiers.append(modifier("offset", ["x", "y"]))
        case 4: modifiers.append(modifier("shadow", ["radius", "x", "y", "opacity"]))
        case 5: modifiers.append(modifier("frame", ["width", "height"]))
        case 6: modifiers.append(modifier("padding", ["length"]))
        case 7: modifiers.append(modifier("opacity", ["value"]))
        default:
            modifiers.append(
                .object([.init("type", .string("background")), .init("style", .string("blue"))]))
        }
    }
    func text(_ text: String, _ modifiers: [JSONValue]) -> JSONValue {
        .object([
            .init("type", .string("text")), .init("text", .string(text)),
            .init("modifiers", .array(modifiers)),
        ])
    }
    let view = JSONValue.object([
        .init("type", .string("hstack")),
        .init("children", .array([text("Ab", modifiers), text("Cd", modifiers.reversed())])),
    ])
    for family in WidgetFamily.allCases {
        let layout = LayoutEngine.layout(view, family: family, colorScheme: .dark)
        for node in layout.root.allNodes {
            let frame = node.frame
            Property.check(
                [frame.x, frame.y, frame.width, frame.height].allSatisfy(\.isFinite),
                "\(family): a \(node.type) node's frame is not finite: \(frame)")
        }
        do {
            let renderer = try PNGRenderer(scale: 1)
            let picture = try renderer.png(of: layout)
            // The IHDR chunk's width and height, big-endian, after the signature and its header.
            func word(_ offset: Int) -> Int { picture[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
            let pixels = renderer.pixelSize(of: family)
            Property.check(
                picture.count > 24 && word(16) == pixels.width && word(20) == pixels.height,
                "\(family): the picture is not the family's size")
        } catch {
            Property.check(false, "\(family): the picture failed: \(error)")
        }
    }
    return 0
}
