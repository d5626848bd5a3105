/// One object of a storyboard as Interface Builder describes it: a controller, a view, a bar
/// item, a navigation item, a gesture recognizer, a cell, or one of Interface Builder's own
/// placeholders (Exit, First Responder). The typed face of the storyboard (issue 44): the
/// engine, lint, graph and the exercises read objects, connections and segues through it, and
/// only this target knows the XML they are written in (`StoryboardElement`).
///
/// An object is a view of the element parsed once, not a copy of it: it costs one reference,
/// so that what a storyboard costs in memory still follows its bytes (a run's budget is in
/// bytes), and its properties are read when asked. Two objects are equal when they are the same
/// object of the file.
public struct SceneObject: Hashable, Sendable {
    let element: StoryboardElement

    init(_ element: StoryboardElement) { self.element = element }

    public static func == (lhs: SceneObject, rhs: SceneObject) -> Bool { lhs.element === rhs.element }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(element)) }

    // MARK: What and where it is

    /// The name of its element, Interface Builder's word for what it is: `viewController`,
    /// `tableViewCell`, `barButtonItem`, `exit`.
    public var elementName: String { element.name }
    /// Its Interface Builder id (`abc-de-fgh`).
    public var id: String? { element.id }
    /// The property of its parent it is (`view`, `navigationItem`, `rightBarButtonItem`).
    public var key: String? { element.key }
    public var line: Int { element.line }
    /// The column of its element's `<`, from 1; 0 when not known.
    public var column: Int { element.column }
    /// Its bytes in the file: what an edit replaces.
    package var span: Range<Int> { element.span }

    // MARK: Its class

    /// The custom class the Identity inspector names, as written (`Module.Class` when the module
    /// is written into it); nil for an object of UIKit's own class.
    public var customClass: String? { element["customClass"] }
    /// The custom class without a module: the name the app registers it under.
    public var customClassName: String? { customClass.map(Self.withoutModule) }
    /// The module the custom class is in, when the storyboard names one.
    public var customModule: String? { element["customModule"] }

    /// `Wallet.WalletViewController` as `WalletViewController`.
    public static func withoutModule(_ className: String) -> String {
        className.split(separator: ".").last.map(String.init) ?? className
    }

    /// The Storyboard ID of a scene's controller.
    public var storyboardIdentifier: String? { element["storyboardIdentifier"] }

    // MARK: Titles

    /// Its `title` property: a controller's, a bar item's, a navigation item's.
    public var title: String? { element.string("title") }

    /// The title a person reads on it, by the one rule the engine draws and the tools describe
    /// by: a button's configuration first (since iOS 15 Xcode writes the title there and leaves
    /// "Button" in the state beside it), then its normal state's, plain or attributed, then its
    /// own title.
    public var displayedTitle: String? {
        let configuration = element.child("buttonConfiguration", key: "configuration")
        let normal = element.child("state", key: "normal")
        // A configuration (Xcode 13 and later) decides what the button shows: its title and
        // subtitle, else its image (an SF Symbol shown by its name); the `<state>` title Xcode
        // leaves beside it ("Button") is not shown (issue 46). A configuration with none of them
        // leaves the state's.
        if let configuration {
            let title = configuration.string("title") ?? Self.attributedTitle(configuration)
            let subtitle = configuration.string("subtitle") ?? configuration.child("attributedString", key: "attributedSubtitle")?.attributedCharacters
            if let shown = [title, subtitle].compactMap({ $0?.isEmpty == false ? $0 : nil }).joined(separator: " · ").nonEmpty { return shown }
            if let image = configuration.child("imageReference", key: "image")?["image"] ?? configuration["image"] { return image }
        }
        return normal?.string("title") ?? normal.flatMap(Self.attributedTitle) ?? title
            ?? (elementName == "button" ? normal?["image"] : nil)
    }

    /// What a cell's list content configuration (`<listContentConfiguration
    /// key="contentConfiguration">`, Xcode 13 and later) shows: its text, its secondary text,
    /// and its image (an SF Symbol, by name). nil when the cell has none.
    public var listContent: (text: String?, secondaryText: String?, image: String?)? {
        guard let configuration = element.child("listContentConfiguration", key: "contentConfiguration") else { return nil }
        let text = configuration.string("text") ?? configuration.child("attributedString", key: "attributedText")?.attributedCharacters
        let secondary = configuration.string("secondaryText")
            ?? configuration.child("attributedString", key: "secondaryAttributedText")?.attributedCharacters
        let image = configuration.child("imageReference", key: "image")?["image"] ?? configuration["image"]
        return (text, secondary, image)
    }

    private static func attributedTitle(_ element: StoryboardElement) -> String? {
        element.child("attributedString", key: "attributedTitle")?.attributedCharacters
    }

    /// A controller's title, or its navigation item's: what a scene is called.
    public var sceneTitle: String? { title ?? navigationItem?.title }

    // MARK: What it holds

    /// Every object inside it, in the order of the file; its connections are not objects.
    public var children: [SceneObject] { element.children.filter { $0.name != "connections" }.map(SceneObject.init) }

    /// It and every object below it, depth first, in the order of the file; connections are
    /// not objects, and are not among them (`connections`, `seguesBelow`, `actionsBelow`).
    public var descendantsAndSelf: [SceneObject] {
        var objects: [SceneObject] = []
        var pending: [StoryboardElement] = [element]
        while let element = pending.popLast() {
            objects.append(SceneObject(element))
            for child in element.children.reversed() where child.name != "connections" { pending.append(child) }
        }
        return objects
    }

    /// The object that is its property `key`, whatever its element (`view`, `titleView`).
    public func object(forKey key: String) -> SceneObject? { element.child(key: key).map(SceneObject.init) }

    /// Its connections (outlets, actions and segues), in the order of the file.
    public var connections: [Connection] {
        element.children.filter { $0.name == "connections" }.flatMap(\.children).map(Connection.init)
    }

    /// Its segues (triggered, relationships and embeds), in the order of the file.
    public var segues: [Connection] { connections.filter { $0.kind == .segue } }

    /// The segues below it too: a controller's and those of its views and bar items.
    public var seguesBelow: [Connection] {
        element.descendantsAndSelf.filter { $0.name == "segue" }.map(Connection.init)
    }

    /// The actions below it, and its own.
    public var actionsBelow: [Connection] {
        element.descendantsAndSelf.filter { $0.name == "action" }.map(Connection.init)
    }

    /// The runtime attributes the Identity inspector sets on it, in the order of the file.
    public var runtimeAttributes: [RuntimeAttribute] {
        guard let list = element.child("userDefinedRuntimeAttributes") else { return [] }
        return list.children.filter { $0.name == "userDefinedRuntimeAttribute" }.map(RuntimeAttribute.init)
    }

    /// Whether it sets any runtime attribute, without reading them.
    public var hasRuntimeAttributes: Bool { element.child("userDefinedRuntimeAttributes") != nil }

    // MARK: Reading its properties, as a coder does

    /// The property `key` as Interface Builder writes it: an attribute when it fits on one line,
    /// else a `<string key="…">` child. What `init(coder:)`'s keyed reads see.
    public func string(forKey key: String) -> String? { element.string(key) }

    /// The characters of its attributed text `key` (`<attributedString key="attributedText">`),
    /// whose attributes a terminal drops.
    public func attributedString(forKey key: String) -> String? {
        element.child("attributedString", key: key)?.attributedCharacters
    }

    /// Its font (`<fontDescription key="fontDescription">`).
    public var fontDescription: FontDescription? {
        element.child("fontDescription").map { FontDescription(type: $0["type"], weight: $0["weight"], style: $0["style"]) }
    }

    /// What a font says that a terminal can show.
    public struct FontDescription: Sendable, Equatable {
        /// `system`, `boldSystem`, `custom`…
        public let type: String?
        /// `bold`, `semibold`, `regular`…
        public let weight: String?
        /// A text style: `UICTFontTextStyleTitle1`…
        public let style: String?
    }
}

extension SceneObject: CustomStringConvertible {
    /// `<button id="abc-de-fgh"> on line 12`, for test failures and debugging.
    public var description: String { "<\(elementName)\(id.map { " id=\"\($0)\"" } ?? "")> on line \(line)" }
}

private extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
