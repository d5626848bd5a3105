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
    func unwindActionNames(of controller: SceneObject) -> [String]
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
    /// The storyboard it outlines, for the warnings that need more than scenes and segues.
    public let model: StoryboardModel

    public func scene(withID id: String) -> Scene? { scenes.first { $0.id == id } }

    /// What in `scene` can trigger a segue, in the order of the file: found when asked (by
    /// `wallet storyboard connect`), as the tools that draw a storyboard need none of it.
    public func controls(of scene: Scene) -> [Control] {
        for sceneObjects in model.scenes {
            guard let controller = sceneObjects.objects.first(where: { $0.id == scene.id }) else { continue }
            let recognizers = sceneObjects.objects.filter { $0.elementName.hasSuffix("GestureRecognizer") }
            return (controller.descendantsAndSelf + recognizers.flatMap(\.descendantsAndSelf)).compactMap { object -> Control? in
                guard object != controller, let id = object.id, Self.triggers(object) else { return nil }
                return Control(id: id, kind: object.elementName, title: Self.trigger(object), line: object.line, column: object.column,
                               segueIDs: object.segues.compactMap(\.id))
            }
        }
        return []
    }

    /// The outline of `model`, with what `classes` knows of the classes it names.
    public init(model: StoryboardModel, classes: some StoryboardClassCatalog) {
        file = model.file
        self.model = model
        documentLine = model.line
        var scenes: [Scene] = []
        var segues: [Segue] = []
        var controllerIDs: Set<String> = []
        var controllers: [(controller: SceneObject, recognizers: [SceneObject])] = []
        for scene in model.scenes {
            guard let controller = scene.controller, let id = controller.id, !controllerIDs.contains(id) else { continue }
            controllerIDs.insert(id)
            controllers.append((controller, scene.tapGestureRecognizers))
        }
        for (controller, recognizers) in controllers {
            let id = controller.id!
            scenes.append(Scene(id: id, line: controller.line, column: controller.column, className: Self.className(of: controller, classes: classes),
                                title: controller.sceneTitle, storyboardIdentifier: controller.storyboardIdentifier,
                                unwindActions: classes.unwindActionNames(of: controller).sorted()))
            for object in controller.descendantsAndSelf + recognizers.flatMap(\.descendantsAndSelf) {
                for segue in object.segues {
                    let kind = segue.segueKind
                    let destination = segue.destinationID.flatMap { controllerIDs.contains($0) ? $0 : nil }
                    segues.append(Segue(
                        id: segue.id, line: segue.line, column: segue.column, kind: kind, identifier: segue.identifier,
                        customClass: segue.customClass, sourceSceneID: id,
                        destinationSceneID: kind.isUnwind ? nil : destination,
                        unwindAction: { if case .unwind(let action?) = kind { action } else { nil } }(),
                        trigger: object == controller ? nil : Self.trigger(object)))
                }
            }
        }
        self.scenes = scenes
        // By line, as the file reads (a controller's own segues come after its views').
        self.segues = segues.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
        initialSceneID = model.initialViewControllerID.flatMap { controllerIDs.contains($0) ? $0 : nil }
    }

    private static func className(of controller: SceneObject, classes: some StoryboardClassCatalog) -> String {
        if controller.isStoryboardReference {
            let file = controller.referencedStoryboardName.map { "\($0).storyboard" } ?? "this storyboard"
            return "reference to \(file)" + (controller.referencedIdentifier.map { " \"\($0)\"" } ?? "")
        }
        return controller.customClassName ?? classes.elementClassName(controller.elementName) ?? controller.elementName
    }

    /// Whether the object can trigger a segue: a control, a bar button item, a cell, a gesture
    /// recognizer, or anything that already does.
    private static func triggers(_ object: SceneObject) -> Bool {
        ["button", "barButtonItem", "tableViewCell", "collectionViewCell", "segmentedControl", "switch", "slider", "stepper", "textField",
         "datePicker", "pageControl"].contains(object.elementName) || object.elementName.hasSuffix("GestureRecognizer")
            || !object.segues.isEmpty
    }

    /// How a control that triggers a segue reads: its title as the app draws it, or what it is.
    private static func trigger(_ object: SceneObject) -> String {
        switch object.elementName {
        case "tableViewCell":
            return "cell" + (object.reuseIdentifier.map { " \"\($0)\"" } ?? "")
        case "barButtonItem":
            return object.displayedTitle ?? object.systemItem.map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? "bar button"
        default:
            return object.displayedTitle ?? ElementNames.described(object.elementName)
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
