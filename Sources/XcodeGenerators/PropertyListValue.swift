import Foundation

/// A value of a property list, read whole with Foundation's `PropertyListDecoder`, which refuses
/// what it cannot read where `PropertyListSerialization` of swift-corelibs-foundation crashes (a
/// binary list's set bridged to Swift) or leaks.
indirect enum PropertyListValue: Decodable, Equatable, CustomStringConvertible {
    case string(String)
    case boolean(Bool)
    case integer(Int)
    case real(Double)
    case date(Date)
    case data(Data)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])

    private struct Key: CodingKey {
        var stringValue: String
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: Key.self) {
            var dictionary: [String: PropertyListValue] = [:]
            for key in keyed.allKeys {
                dictionary[key.stringValue] = try keyed.decode(Self.self, forKey: key)
            }
            self = .dictionary(dictionary)
        } else if var list = try? decoder.unkeyedContainer() {
            var array: [PropertyListValue] = []
            while !list.isAtEnd { array.append(try list.decode(Self.self)) }
            self = .array(array)
        } else {
            // A boolean before a number: the decoder reads `<integer>` only as a number.
            let value = try decoder.singleValueContainer()
            if let flag = try? value.decode(Bool.self) {
                self = .boolean(flag)
            } else if let number = try? value.decode(Int.self) {
                self = .integer(number)
            } else if let number = try? value.decode(Double.self) {
                self = .real(number)
            } else if let text = try? value.decode(String.self) {
                self = .string(text)
            } else if let date = try? value.decode(Date.self) {
                self = .date(date)
            } else {
                self = .data(try value.decode(Data.self))
            }
        }
    }

    /// The value as the file writes it, for messages.
    var description: String {
        switch self {
        case .string(let text): return text
        case .boolean(let flag): return "\(flag)"
        case .integer(let number): return "\(number)"
        case .real(let number): return "\(number)"
        case .date(let date): return "\(date)"
        case .data(let data): return "\(data.count) bytes"
        case .array(let items): return "an array of \(items.count)"
        case .dictionary: return "a dictionary"
        }
    }

    /// An `<integer>` or a `<real>`.
    var number: Double? {
        switch self {
        case .integer(let number): return Double(number)
        case .real(let number): return number
        default: return nil
        }
    }
}
