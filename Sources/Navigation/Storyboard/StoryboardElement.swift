/// One element of a storyboard's XML, with the line it starts on, for messages.
public final class StoryboardElement: Sendable {
    public let name: String
    public let attributes: [String: String]
    public let children: [StoryboardElement]
    public let line: Int
    /// The text inside an element that has no child elements (`<string key="text">Two\nlines</string>`);
    /// nil when there is none.
    public let text: String?

    init(name: String, attributes: [String: String], children: [StoryboardElement], line: Int, text: String? = nil) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.line = line
        self.text = text
    }

    public subscript(attribute: String) -> String? { attributes[attribute] }
    public var id: String? { attributes["id"] }
    public var key: String? { attributes["key"] }

    /// The first child with this element name (and key, when given).
    public func child(_ name: String, key: String? = nil) -> StoryboardElement? {
        children.first { $0.name == name && (key == nil || $0.key == key) }
    }

    /// The first child with this key, whatever its element name.
    public func child(key: String) -> StoryboardElement? {
        children.first { $0.key == key }
    }

    /// A string property as Interface Builder writes it: the attribute when it fits on one line,
    /// else a `<string key="…">` (or `<mutableString key="…">`) child holding it as text, which
    /// Xcode writes for text with line breaks.
    public func string(_ key: String) -> String? {
        if let value = attributes[key] { return value }
        return children.first { ($0.name == "string" || $0.name == "mutableString") && $0.key == key }.map { $0.text ?? "" }
    }

    /// The characters of an `<attributedString>`: its fragments' contents, one after the other
    /// (`<fragment content="…">`, or `<fragment><string key="content">` for text with line breaks).
    public var attributedCharacters: String {
        children.filter { $0.name == "fragment" }.map { $0.string("content") ?? "" }.joined()
    }

    /// This element and every element below it, depth first, in document order. A loop with
    /// its own stack, so time is linear in the elements and depth costs no call stack.
    public var descendantsAndSelf: [StoryboardElement] {
        var elements: [StoryboardElement] = []
        var pending: [StoryboardElement] = [self]
        while let element = pending.popLast() {
            elements.append(element)
            if !element.children.isEmpty { pending.append(contentsOf: element.children.reversed()) }
        }
        return elements
    }
}
