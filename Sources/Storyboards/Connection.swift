/// One of an object's connections, as the Connections inspector shows it: an outlet, an outlet
/// collection, an action or a segue, with what Interface Builder wrote for it. Like
/// `SceneObject`, a view of the element parsed once.
public struct Connection: Hashable, Sendable {
    let element: StoryboardElement

    init(_ element: StoryboardElement) { self.element = element }

    public static func == (lhs: Connection, rhs: Connection) -> Bool { lhs.element === rhs.element }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(element)) }

    public enum Kind: Sendable, Equatable {
        case outlet
        case outletCollection
        case action
        case segue
        /// Something else Interface Builder writes among connections, by its element's name.
        case other(String)
    }

    public var kind: Kind {
        switch element.name {
        case "outlet": .outlet
        case "outletCollection": .outletCollection
        case "action": .action
        case "segue": .segue
        case let other: .other(other)
        }
    }

    /// Its element's name, as messages about the file quote it (`<outlet>`).
    public var elementName: String { element.name }
    public var id: String? { element.id }
    public var line: Int { element.line }
    public var column: Int { element.column }
    package var span: Range<Int> { element.span }

    /// The id of the object at its other end.
    public var destinationID: String? { element["destination"] }

    // MARK: Outlets

    /// The property an outlet or outlet collection sets.
    public var property: String? { element["property"] }

    // MARK: Actions

    /// The action's selector (`cancel:`).
    public var selector: String? { element["selector"] }

    // MARK: Segues

    /// What a segue is, read once with what goes with its kind.
    public var segueKind: SegueKind { SegueKind(of: element) }
    /// The segue's kind as written, for messages.
    public var writtenKind: String? { element["kind"] }
    /// The name code performs it by.
    public var identifier: String? { element["identifier"] }
    /// The segue's class, when the storyboard names one (a custom segue's, or any other kind's).
    public var customClass: String? { element["customClass"] }
    /// Whether a cell's detail button fires it, rather than selecting the row.
    public var isAccessoryAction: Bool { element["trigger"] == "accessoryAction" }
}

extension Connection: CustomStringConvertible {
    public var description: String { "<\(elementName)\(id.map { " id=\"\($0)\"" } ?? "")> on line \(line)" }
}
