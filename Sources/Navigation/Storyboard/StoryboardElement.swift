/// One element of a storyboard's XML, with the line it starts on, for messages.
public final class StoryboardElement: Sendable {
    public let name: String
    public let attributes: [String: String]
    public let children: [StoryboardElement]
    public let line: Int

    init(name: String, attributes: [String: String], children: [StoryboardElement], line: Int) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.line = line
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
