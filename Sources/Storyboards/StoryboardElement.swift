/// One element of a storyboard's XML, with the line it starts on, for messages.
final class StoryboardElement: Sendable {
    let name: String
    /// The attributes in one string, each name and each value followed by a NUL, which XML allows
    /// in neither: one allocation an element where a dictionary took a table of its own, so that
    /// an element's memory follows its bytes in the file (a run's budget is in bytes).
    private let packedAttributes: PackedAttributes
    let children: [StoryboardElement]
    /// The line and the column in one word, as an element's memory follows its bytes: the
    /// column in the low 24 bits (a longer line's columns are cut to the most they hold).
    private let place: Int
    var line: Int { place >> 24 }
    /// The column of its `<` on that line, counted in characters from 1; 0 when not known.
    var column: Int { place & 0xFF_FFFF }
    /// The text inside an element that has no child elements (`<string key="text">Two\nlines</string>`);
    /// nil when there is none.
    let text: String?
    /// Where the element is in the file's bytes, from its `<` to the end of its end tag (or of
    /// its `/>`), in one word as `place` is: the start in the high 32 bits. Empty for an element
    /// made in code, which no file holds. A file is at most 16 MiB, so both fit.
    private let extent: Int
    /// The element's bytes in its file: what an edit replaces (`StoryboardEdits`).
    var span: Range<Int> { (extent >> 32)..<(extent & 0xFFFF_FFFF) }

    init(name: String, attributes: PackedAttributes, children: [StoryboardElement], line: Int, column: Int = 0, text: String? = nil,
         span: Range<Int> = 0..<0) {
        self.name = name
        packedAttributes = attributes
        self.children = children
        place = line << 24 | min(max(0, column), 0xFF_FFFF)
        self.text = text
        extent = span.lowerBound << 32 | span.upperBound
    }

    convenience init(name: String, attributes: [String: String], children: [StoryboardElement], line: Int, column: Int = 0,
                            text: String? = nil) {
        var packed = PackedAttributes.Builder()
        for (attribute, value) in attributes.sorted(by: { $0.key < $1.key }) { _ = packed.add(attribute, value) }
        self.init(name: name, attributes: PackedAttributes(packed), children: children, line: line, column: column, text: text)
    }

    subscript(attribute: String) -> String? { packedAttributes[attribute] }
    var id: String? { packedAttributes["id"] }
    var key: String? { packedAttributes["key"] }
    /// Every attribute, by name.
    var attributes: [String: String] { packedAttributes.dictionary }

    /// The first child with this element name (and key, when given).
    func child(_ name: String, key: String? = nil) -> StoryboardElement? {
        children.first { $0.name == name && (key == nil || $0.key == key) }
    }

    /// The first child with this key, whatever its element name.
    func child(key: String) -> StoryboardElement? {
        children.first { $0.key == key }
    }

    /// A string property as Interface Builder writes it: the attribute when it fits on one line,
    /// else a `<string key="…">` (or `<mutableString key="…">`) child holding it as text, which
    /// Xcode writes for text with line breaks.
    func string(_ key: String) -> String? {
        if let value = self[key] { return value }
        return children.first { ($0.name == "string" || $0.name == "mutableString") && $0.key == key }.map { $0.text ?? "" }
    }

    /// The characters of an `<attributedString>`: its fragments' contents, one after the other
    /// (`<fragment content="…">`, or `<fragment><string key="content">` for text with line breaks).
    var attributedCharacters: String {
        children.filter { $0.name == "fragment" }.map { $0.string("content") ?? "" }.joined()
    }

    /// This element and every element below it, depth first, in document order. A loop with
    /// its own stack, so time is linear in the elements and depth costs no call stack.
    var descendantsAndSelf: [StoryboardElement] {
        var elements: [StoryboardElement] = []
        var pending: [StoryboardElement] = [self]
        while let element = pending.popLast() {
            elements.append(element)
            if !element.children.isEmpty { pending.append(contentsOf: element.children.reversed()) }
        }
        return elements
    }
}

/// An element's attributes as `StoryboardElement` keeps them: `name NUL value NUL …` in one string
/// (short ones, such as `id NUL abc-de-fgh NUL`, need no allocation at all).
struct PackedAttributes: Sendable {
    private var storage = ""
    /// A bit for each attribute's name, from its length and first and last bytes: a look-up for a
    /// name the element does not have, most of those a view makes as it decodes itself, ends here
    /// without reading the bytes.
    private var names: UInt64 = 0

    init() {}

    init(_ builder: Builder) {
        storage = String(decoding: builder.bytes, as: UTF8.self)
        names = builder.nameBits
    }

    fileprivate static func bit(ofName name: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let first = name.first, let last = name.last else { return 1 }
        return 1 << ((UInt64(first) &* 31 &+ UInt64(last) &* 7 &+ UInt64(name.count)) & 63)
    }

    /// The attributes of a tag being read.
    struct Builder {
        fileprivate private(set) var bytes: [UInt8] = []
        fileprivate private(set) var nameBits: UInt64 = 0
        private var count = 0
        /// The names, once a tag has many: looking each new one up would otherwise cost the
        /// square of their number.
        private var names: Set<String>?

        /// Adds an attribute; false when there is one of that name already.
        mutating func add(_ name: String, _ value: String) -> Bool {
            var name = name
            var value = value
            if names != nil {
                guard names!.insert(name).inserted else { return false }
            } else if name.withUTF8({ wanted in bytes.withUnsafeBufferPointer { PackedAttributes.valueRange(of: wanted, in: $0) } }) != nil {
                return false
            }
            name.withUTF8 { name in
                bytes.append(contentsOf: name)
                nameBits |= PackedAttributes.bit(ofName: name)
            }
            bytes.append(0)
            value.withUTF8 { bytes.append(contentsOf: $0) }
            bytes.append(0)
            count += 1
            if count == 16 { names = PackedAttributes.names(in: bytes) }
            return true
        }
    }

    /// The value of the attribute `name`: a scan of the bytes, which for the dozen attributes an
    /// element has costs what hashing the name would.
    subscript(name: String) -> String? {
        var name = name
        return name.withUTF8 { wanted in
            guard names & Self.bit(ofName: wanted) != 0 else { return nil }
            var storage = storage
            return storage.withUTF8 { bytes in
                Self.valueRange(of: wanted, in: bytes).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
            }
        }
    }

    /// Where the value of the attribute `wanted` is in `bytes`.
    private static func valueRange(of wanted: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        var index = 0
        while let (name, value) = attribute(at: &index, in: bytes) {
            guard name.count == wanted.count else { continue }
            var offset = 0
            while offset < wanted.count, bytes[name.lowerBound + offset] == wanted[offset] { offset += 1 }
            if offset == wanted.count { return value }
        }
        return nil
    }

    /// Calls `body` with each name and value.
    private static func forEach(in bytes: UnsafeBufferPointer<UInt8>,
                                _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void) {
        var index = 0
        while let (name, value) = attribute(at: &index, in: bytes) {
            body(UnsafeBufferPointer(rebasing: bytes[name]), UnsafeBufferPointer(rebasing: bytes[value]))
        }
    }

    /// The name and value of the attribute at `index`, which moves past it; nil at the end.
    @inline(__always)
    private static func attribute(at index: inout Int, in bytes: UnsafeBufferPointer<UInt8>) -> (name: Range<Int>, value: Range<Int>)? {
        let count = bytes.count
        guard index < count else { return nil }
        let nameStart = index
        while index < count, bytes[index] != 0 { index += 1 }
        let nameEnd = index
        index = min(index + 1, count)
        let valueStart = index
        while index < count, bytes[index] != 0 { index += 1 }
        let valueEnd = index
        index += 1
        return (nameStart..<nameEnd, valueStart..<valueEnd)
    }

    private static func names(in bytes: [UInt8]) -> Set<String> {
        var names: Set<String> = []
        bytes.withUnsafeBufferPointer { buffer in
            forEach(in: buffer) { name, _ in names.insert(String(decoding: name, as: UTF8.self)) }
        }
        return names
    }

    var dictionary: [String: String] {
        var result: [String: String] = [:]
        var storage = storage
        storage.withUTF8 { bytes in
            Self.forEach(in: bytes) { name, value in
                result[String(decoding: name, as: UTF8.self)] = String(decoding: value, as: UTF8.self)
            }
        }
        return result
    }
}
