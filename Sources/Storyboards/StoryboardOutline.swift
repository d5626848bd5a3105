/// What an app knows of the classes a storyboard names, for the tools that describe it: which
/// elements are scenes, the class an element makes, and the unwind actions a scene's class
/// implements. The engine's `StoryboardClasses` is one.
@MainActor
public protocol StoryboardClassCatalog {
    /// Whether an element of this name is a scene's controller (a storyboard reference too).
    func isControllerElement(_ name: String) -> Bool
    /// The name of the class made for a controller element such as `navigationController`.
    func elementClassName(_ name: String) -> String?
    /// The unwind actions the class of `controller`'s scene implements; none when it cannot be made.
    func unwindActionNames(of controller: StoryboardElement) -> [String]
}

/// What a storyboard holds, for tools that draw or check it (`wallet storyboard graph`, `lint`):
/// its scenes and segues, each with its line. Read-only, and read from the XML as it is, so that a
/// linter can still say something about a storyboard that does not load; loading itself does not
/// use it.
@MainActor
public struct StoryboardOutline {
    /// One scene: its view controller.
    public struct Scene: Sendable, Equatable {
        /// The controller's Interface Builder id.
        public let id: String
        /// The line of the controller's element, and its column.
        public let line: Int
        public var column = 0
        /// The class the scene makes: its custom class (without a module), or the engine's class
        /// for the element (`NavigationController`), or the element's name when the app has none.
        public let className: String
        /// The controller's title, or its navigation item's.
        public let title: String?
        public let storyboardIdentifier: String?
        /// The unwind actions the scene's class implements, by name; none when the app cannot
        /// make the class.
        public let unwindActions: [String]
    }

    /// A control, bar button item, cell or gesture recognizer of a scene: what a segue's
    /// trigger is, and what `wallet storyboard connect` names.
    public struct Control: Sendable, Equatable {
        public let id: String
        /// Its element's name, as in `button`, `barButtonItem`, `tableViewCell`.
        public let kind: String
        /// How it reads as a segue's trigger: its title, `cell "Cell"`, or what it is.
        public let title: String
        public let line: Int
        public var column = 0
        /// The ids of the segues it triggers, in the order of the file.
        public var segueIDs: [String] = []
    }

    /// One segue, as the storyboard connects it.
    public struct Segue: Sendable, Equatable {
        /// The segue's Interface Builder id.
        public let id: String?
        public let line: Int
        public var column = 0
        /// What Interface Builder's `kind` says it is, with what goes with it (a relationship's
        /// name, a custom segue's class, an unwind's action).
        public let kind: SegueKind
        public let identifier: String?
        /// The segue's class, if the storyboard names one (on a custom segue, or on any other kind).
        public let customClass: String?
        /// The id of the scene (controller) the segue belongs to.
        public let sourceSceneID: String
        /// The id of the scene it leads to; nil for unwind segues, whose destination is found when
        /// they run, and for destinations that are not scenes.
        public let destinationSceneID: String?
        public let unwindAction: String?
        /// What triggers it: a button's or bar button's title, `cell "Cell"`; nil when it is
        /// performed from code (a manual segue) or triggered by the controller itself.
        public let trigger: String?
    }

    /// The file as messages name it.
    public let file: String
    /// In the order of the file.
    public let scenes: [Scene]
    /// In the order of the file.
    public let segues: [Segue]
    /// The scene the storyboard starts with, when it names one that exists.
    public let initialSceneID: String?
    /// The line of the `<document>` element, for messages about the whole file.
    public let documentLine: Int
    /// The document, for the warnings that need more than scenes and segues.
    package let root: StoryboardElement

    public func scene(withID id: String) -> Scene? { scenes.first { $0.id == id } }

    /// What in `scene` can trigger a segue, in the order of the file: found when asked (by
    /// `wallet storyboard connect`), as the tools that draw a storyboard need none of it.
    public func controls(of scene: Scene) -> [Control] {
        for sceneElements in root.scenes(controllers: { _ in false }) {
            guard let controller = sceneElements.objects.first(where: { $0.id == scene.id }) else { continue }
            let recognizers = sceneElements.objects.filter { $0.name.hasSuffix("GestureRecognizer") }
            return (controller.descendantsAndSelf + recognizers.flatMap(\.descendantsAndSelf)).compactMap { element -> Control? in
                guard element !== controller, let id = element.id, Self.triggers(element) else { return nil }
                let segues = element.child("connections")?.children.filter { $0.name == "segue" }.compactMap(\.id) ?? []
                return Control(id: id, kind: element.name, title: Self.trigger(element), line: element.line, column: element.column, segueIDs: segues)
            }
        }
        return []
    }

    /// The outline of the document `root`, with what `classes` knows of the classes it names.
    public init(root: StoryboardElement, file: String, classes: some StoryboardClassCatalog) {
        self.file = file
        self.root = root
        documentLine = root.line
        var scenes: [Scene] = []
        var segues: [Segue] = []
        var controllerIDs: Set<String> = []
        var controllers: [StoryboardElement] = []
        var recognizers: [String: [StoryboardElement]] = [:]
        for scene in root.scenes(controllers: classes.isControllerElement) {
            guard let controller = scene.controller, let id = controller.id, !controllerIDs.contains(id) else { continue }
            controllerIDs.insert(id)
            controllers.append(controller)
            recognizers[id] = scene.objects.filter { $0.name == "tapGestureRecognizer" }
        }
        for controller in controllers {
            let id = controller.id!
            let title = controller["title"] ?? controller.child("navigationItem", key: "navigationItem")?["title"]
            scenes.append(Scene(id: id, line: controller.line, column: controller.column, className: Self.className(of: controller, classes: classes),
                                title: title, storyboardIdentifier: controller["storyboardIdentifier"],
                                unwindActions: classes.unwindActionNames(of: controller).sorted()))
            for element in controller.descendantsAndSelf + (recognizers[id] ?? []).flatMap(\.descendantsAndSelf) {
                for connections in element.children where connections.name == "connections" {
                    for segue in connections.children where segue.name == "segue" {
                        let kind = SegueKind(of: segue)
                        let destination = segue["destination"].flatMap { controllerIDs.contains($0) ? $0 : nil }
                        segues.append(Segue(
                            id: segue.id, line: segue.line, column: segue.column, kind: kind, identifier: segue["identifier"],
                            customClass: segue["customClass"], sourceSceneID: id,
                            destinationSceneID: kind.isUnwind ? nil : destination,
                            unwindAction: { if case .unwind(let action?) = kind { action } else { nil } }(),
                            trigger: element === controller ? nil : Self.trigger(element)))
                    }
                }
            }
        }
        self.scenes = scenes
        // By line, as the file reads (a controller's own segues come after its views').
        self.segues = segues.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
        initialSceneID = root["initialViewController"].flatMap { controllerIDs.contains($0) ? $0 : nil }
    }

    private static func className(of controller: StoryboardElement, classes: some StoryboardClassCatalog) -> String {
        if controller.name == ElementNames.storyboardReference {
            let file = controller["storyboardName"].map { "\($0).storyboard" } ?? "this storyboard"
            return "reference to \(file)" + (controller["referencedIdentifier"].map { " \"\($0)\"" } ?? "")
        }
        if let custom = controller["customClass"] {
            return custom.split(separator: ".").last.map(String.init) ?? custom
        }
        return classes.elementClassName(controller.name) ?? controller.name
    }


    /// Whether the element can trigger a segue: a control, a bar button item, a cell, a gesture
    /// recognizer, or anything that already does.
    private static func triggers(_ element: StoryboardElement) -> Bool {
        ["button", "barButtonItem", "tableViewCell", "collectionViewCell", "segmentedControl", "switch", "slider", "stepper", "textField",
         "datePicker", "pageControl"].contains(element.name) || element.name.hasSuffix("GestureRecognizer")
            || element.child("connections")?.children.contains { $0.name == "segue" } == true
    }

    /// How a control that triggers a segue reads: its title as the app draws it (a button's
    /// configuration first: since iOS 15 Xcode writes the title there and leaves "Button" in the
    /// state beside it), or what it is.
    private static func trigger(_ element: StoryboardElement) -> String {
        let configuration = element.child("buttonConfiguration", key: "configuration")
        let normal = element.children.first { $0.name == "state" && $0.key == "normal" }
        let title = configuration?["title"] ?? normal?["title"] ?? element["title"]
        switch element.name {
        case "tableViewCell":
            return "cell" + (element["reuseIdentifier"].map { " \"\($0)\"" } ?? "")
        case "barButtonItem":
            return title ?? element["systemItem"].map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? "bar button"
        default:
            return title ?? ElementNames.described(element.name)
        }
    }
}

/// What `wallet storyboard lint` reports: every error loading finds, and the warnings.
public struct StoryboardCheck: Sendable {
    /// What loading refuses, in the order of the file; empty when the storyboard loads.
    public let errors: [StoryboardDiagnostic]
    public let warnings: [StoryboardDiagnostic]
    /// Nil when the file could not be read or is not well-formed XML.
    public let outline: StoryboardOutline?

    public init(errors: [StoryboardDiagnostic], warnings: [StoryboardDiagnostic], outline: StoryboardOutline?) {
        self.errors = errors
        self.warnings = warnings
        self.outline = outline
    }
}

extension StoryboardOutline: Sendable {}
