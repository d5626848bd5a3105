/// A storyboard file read once: its scenes, each with its controller and the objects beside it,
/// and the scene it starts with. The one typed model of a storyboard (issue 44) that loading,
/// stand-ins, lint, graph, `connect` and the exercises read; `Storyboard` (the engine's
/// `UIStoryboard`) is built from it, which is why it is not called that.
///
/// What an app counts as a controller decides which object of a scene is its controller, so a
/// model is built for a set of controller elements (`StoryboardClassCatalog`).
public struct StoryboardModel: Sendable {
    let root: StoryboardElement
    /// The file as messages name it.
    public let file: String
    /// The scenes, in the order of the file.
    public let scenes: [Scene]

    /// The model of a document parsed already, with each scene's controller the first of its
    /// objects whose element `isController` accepts.
    init(root: StoryboardElement, file: String, controllers isController: (String) -> Bool) {
        self.root = root
        self.file = file
        scenes = (root.child("scenes")?.children ?? []).filter { $0.name == "scene" }.map { scene in
            let objects = (scene.child("objects")?.children ?? []).map(SceneObject.init)
            return Scene(element: scene, objects: objects, controller: objects.first { isController($0.elementName) })
        }
    }

    /// Reads `bytes`, a storyboard file's, as `StoryboardParser.parse` does, within
    /// `elementAllowance` elements; also says how many elements it held.
    public static func parse(_ bytes: some Collection<UInt8>, file: String, elementAllowance: Int = StoryboardBudget.maximumElements,
                             controllers isController: (String) -> Bool) throws(StoryboardDiagnostic) -> (model: StoryboardModel, elements: Int) {
        let parsed = try StoryboardParser.parse(bytes, file: file, elementAllowance: elementAllowance)
        return (StoryboardModel(root: parsed.root, file: file, controllers: isController), parsed.elements)
    }

    /// The root element's name: `document` for a storyboard.
    public var rootElementName: String { root.name }
    /// Whether the root is Interface Builder's `<document>`.
    public var isDocument: Bool { root.name == "document" }
    /// The platform the file is for, from its `targetRuntime` when it is not iOS's (UIKit's):
    /// `macOS (AppKit)` for `MacOSX.Cocoa`, `watchOS` for `watchKit`, `tvOS` for
    /// `AppleTV`; nil for iOS and Mac Catalyst (`iOS.CocoaTouch`) or a file that says none.
    public var otherPlatform: String? {
        guard let runtime = root["targetRuntime"] else { return nil }
        switch runtime {
        case let value where value.hasPrefix("iOS"): return nil
        case let value where value.hasPrefix("MacOSX"): return "macOS (AppKit)"
        case let value where value.lowercased().hasPrefix("watch"): return "watchOS (WatchKit)"
        case let value where value.hasPrefix("AppleTV"): return "tvOS"
        default: return "\"\(runtime)\""
        }
    }
    /// The `targetRuntime` as written.
    public var targetRuntime: String? { root["targetRuntime"] }
    /// The line of the `<document>` element, for messages about the whole file.
    public var line: Int { root.line }
    public var column: Int { root.column }
    /// The id of the controller the storyboard starts with, as written.
    public var initialViewControllerID: String? { root["initialViewController"] }

    /// Every element of the file as an object, connections included, depth first in the order
    /// of the file: for checks of the whole file (every id unique, every destination found).
    public var allObjects: [SceneObject] { root.descendantsAndSelf.map(SceneObject.init) }

    /// The controllers of the scenes that have one, in the order of the file.
    public var controllers: [SceneObject] { scenes.compactMap(\.controller) }
}

/// A `<scene>` as Interface Builder writes it: its controller (or a storyboard reference), and
/// what stands beside it in `<objects>` (First Responder, Exit, gesture recognizers, loose bar
/// items).
public struct Scene: Sendable {
    let element: StoryboardElement
    /// Everything in the scene's `<objects>`, in the order of the file.
    public let objects: [SceneObject]
    /// The first object that is a controller, as the model's app counts them.
    public let controller: SceneObject?

    /// Interface Builder's id for the scene itself (`sceneID`).
    public var sceneID: String? { element["sceneID"] }
    public var line: Int { element.line }
    public var column: Int { element.column }

    /// The objects beside the controller.
    public var others: [SceneObject] { objects.filter { $0 != controller } }

    /// The tap gesture recognizers beside the controller, which its views attach through their
    /// `gestureRecognizers`.
    public var tapGestureRecognizers: [SceneObject] { objects.filter { $0.elementName == "tapGestureRecognizer" } }
}
