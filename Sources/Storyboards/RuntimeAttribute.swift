/// One user-defined runtime attribute, as Interface Builder writes it under an object's
/// `<userDefinedRuntimeAttributes>`: a key path the object is sent `setValue(_:forKeyPath:)`
/// with when it loads, and a typed value.
public struct RuntimeAttribute: Sendable, Equatable {
    /// Every type Xcode's Identity inspector offers, with its value.
    public enum Value: Sendable, Equatable {
        case string(String)
        case localizedString(String)
        case number(Double)
        case boolean(Bool)
        case point(x: Double, y: Double)
        case size(width: Double, height: Double)
        case rect(x: Double, y: Double, width: Double, height: Double)
        case range(location: Int, length: Int)
        /// A colour; the terminal keeps only that there is one.
        case color
        /// An image, by name.
        case image(String)
        case `nil`
        /// A type Xcode does not write, or a value that does not fit its type: kept to be reported.
        case unreadable(type: String)

        /// The value as text, for the key paths that take text (`text`, `title`).
        public var text: String? {
            switch self {
            case .string(let text), .localizedString(let text): text
            case .number(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
            case .boolean(let value): value ? "YES" : "NO"
            default: nil
            }
        }
    }

    public let keyPath: String
    public let value: Value
    public let line: Int

    public init(keyPath: String, value: Value, line: Int) {
        self.keyPath = keyPath
        self.value = value
        self.line = line
    }

    init(_ attribute: StoryboardElement) {
        self.init(keyPath: attribute["keyPath"] ?? "", value: Self.value(of: attribute), line: attribute.line)
    }

    private static func value(of attribute: StoryboardElement) -> Value {
        let type = attribute["type"] ?? ""
        // Simple types keep their value in an attribute; the others in a child keyed "value".
        let child = attribute.child(key: "value")
        func number(_ name: String) -> Double? { child?[name].flatMap(Double.init) }
        switch type {
        case "string":
            return attribute["value"].map(Value.string) ?? child?["value"].map(Value.string) ?? .string("")
        case "localizedString":
            return attribute["value"].map(Value.localizedString) ?? child?["value"].map(Value.localizedString) ?? .localizedString("")
        case "number":
            return (attribute["value"].flatMap(Double.init) ?? number("value")).map(Value.number) ?? .unreadable(type: type)
        case "boolean":
            return attribute["value"].map { .boolean($0 == "YES" || $0 == "true") } ?? .unreadable(type: type)
        case "point":
            guard let x = number("x"), let y = number("y") else { return .unreadable(type: type) }
            return .point(x: x, y: y)
        case "size":
            guard let width = number("width"), let height = number("height") else { return .unreadable(type: type) }
            return .size(width: width, height: height)
        case "rect":
            guard let x = number("x"), let y = number("y"), let width = number("width"), let height = number("height") else {
                return .unreadable(type: type)
            }
            return .rect(x: x, y: y, width: width, height: height)
        case "range":
            guard let location = child?["location"].flatMap({ Int($0) }), let length = child?["length"].flatMap({ Int($0) }) else {
                return .unreadable(type: type)
            }
            return .range(location: location, length: length)
        case "color":
            return .color
        case "image":
            return .image(attribute["value"] ?? child?["name"] ?? "")
        case "nil":
            return .nil
        default:
            return .unreadable(type: type)
        }
    }
}
