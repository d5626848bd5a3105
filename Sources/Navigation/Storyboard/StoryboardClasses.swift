import Storyboards

/// The classes a storyboard may name, registered by the app: Swift has no runtime lookup of a
/// class by its name on Linux, so the app says which class `customClass="Cell"` means.
///
/// Element names map to the standard classes (`viewController`, `label`, `tableView`…);
/// custom class names map to the app's subclasses, which must be kinds of the element's class.
@MainActor
public final class StoryboardClasses {
    struct Entry<Base> {
        let typeName: String
        let make: @MainActor () -> Base
        /// Whether an object is of this entry's class, to check a custom class against its element.
        let isInstance: @MainActor (Base) -> Bool
    }

    private var controllerElements: [String: Entry<ViewController>] = [:]
    private var controllerClasses: [String: Entry<ViewController>] = [:]
    private var viewElements: [String: Entry<View>] = [:]
    private var viewClasses: [String: Entry<View>] = [:]
    private var segueClasses: [String: StoryboardSegue.Type] = [:]
    /// Outlets the app reads without checking, by class name: a storyboard must connect them.
    private var requiredOutlets: [String: [String]] = [:]
    /// The actions of every registered controller class, read once from one instance of each.
    private var implementedActions: Set<Selector>?
    /// The outlet table of every class met so far, made once per class (`outletTable(of:)`).
    /// Keyed by the class's identity, which is safe here: a class's metadata lives as long as the
    /// process, so no other class can take its key.
    private var outletTables: [ObjectIdentifier: OutletTable] = [:]

    /// The outlet table of `object`'s class, made the first time the class is met.
    func outletTable(of object: AnyObject) -> OutletTable {
        let key = ObjectIdentifier(type(of: object))
        if let table = outletTables[key] { return table }
        let table = OutletTable(of: type(of: object))
        outletTables[key] = table
        return table
    }

    /// Whether loading refuses an unwind segue whose action no registered controller class
    /// implements. Test doubles that choose their actions per instance turn it off.
    public var checksUnwindActions = true

    /// Said after the list of known classes when a storyboard names an unknown one: where
    /// storyboards that fit this app come from (the wallet names its `--storyboard` option).
    public var unknownClassAdvice: String?

    /// Folders where storyboard references are looked for besides the storyboard's project
    /// (`--storyboard-path DIR`), as `StoryboardLocator` searches them.
    public var referenceSearchPaths: [String] = []

    /// Stand-ins for the classes the app does not have (`wallet storyboard run`); nil: a storyboard
    /// that names one is refused.
    public var standIns: StandIns?

    /// Controller elements Interface Builder writes that the engine itself does not have: the
    /// terminal's classes (`StoryboardClasses.terminal()`) make them as notices of what they are.
    static let unsupportedControllerElements: Set<String> = [
        "avPlayerViewController", "glkViewController", "hostingController",
    ]

    /// The engine's own classes: plain view controllers, navigation controllers, plain views.
    public init() {
        register(element: "viewController") { ViewController() }
        register(element: "navigationController") { NavigationController() }
        register(element: "tabBarController") { TabBarController() }
        register(element: "splitViewController") { SplitViewController() }
        register(element: "pageViewController") { PageViewController() }
        registerView(element: "view") { View() }
        registerView(element: "containerView") { ContainerView() }
    }

    /// The class made for a controller element such as `viewController`.
    public func register<C: ViewController>(element: String, make: @escaping @MainActor () -> C) {
        controllerElements[element] = Entry(typeName: typeName(C.self), make: make, isInstance: { $0 is C })
        implementedActions = nil
    }

    /// A controller class storyboards name with `customClass`, by default its Swift name.
    /// `outlets` are those the class uses as `Label!`: a scene of this class that does not connect
    /// one is reported when the storyboard loads, rather than crashing when the view appears.
    public func register<C: ViewController>(_ type: C.Type, as name: String? = nil, outlets: [String] = [],
                                            make: @escaping @MainActor () -> C) {
        let name = name ?? typeName(type)
        controllerClasses[name] = Entry(typeName: typeName(type), make: make, isInstance: { $0 is C })
        requiredOutlets[name] = outlets
        implementedActions = nil
    }

    /// Every unwind action some registered controller class implements: what an unwind segue
    /// can find. A class lists its actions on an instance (`actions` hands out methods bound to
    /// it), so one instance of each class is made, once, when a storyboard first asks.
    var implementedUnwindActions: Set<Selector> {
        if let implementedActions { return implementedActions }
        var actions: Set<Selector> = []
        for make in controllerClasses.values.map(\.make) + controllerElements.values.map(\.make) {
            for (selector, action) in make().actions {
                if case .unwind = action { actions.insert(selector) }
            }
        }
        implementedActions = actions
        return actions
    }

    /// The class made for a view element such as `label`.
    public func registerView<V: View>(element: String, make: @escaping @MainActor () -> V) {
        viewElements[element] = Entry(typeName: typeName(V.self), make: make, isInstance: { $0 is V })
    }

    /// A view class storyboards name with `customClass`, by default its Swift name, with the
    /// outlets every view of the class must have connected.
    public func registerView<V: View>(_ type: V.Type, as name: String? = nil, outlets: [String] = [],
                                      make: @escaping @MainActor () -> V) {
        let name = name ?? typeName(type)
        viewClasses[name] = Entry(typeName: typeName(type), make: make, isInstance: { $0 is V })
        requiredOutlets[name] = outlets
    }

    /// The outlets an element's custom class needs connected, and the class's name.
    func requiredOutlets(of element: SceneObject) -> (className: String, outlets: [String])? {
        guard let className = element.customClass, let shortName = element.customClassName else { return nil }
        guard let outlets = requiredOutlets[className] ?? requiredOutlets[shortName], !outlets.isEmpty else { return nil }
        return (shortName, outlets)
    }

    /// A custom segue class, named by `customClass` on a segue of kind `custom`.
    public func registerSegue(_ type: StoryboardSegue.Type, as name: String? = nil) {
        segueClasses[name ?? typeName(type)] = type
    }

    func segueClass(named name: String) -> StoryboardSegue.Type? { segueClasses[name] }

    public func isControllerElement(_ name: String) -> Bool {
        controllerElements[name] != nil || Self.unsupportedControllerElements.contains(name) || name == StoryboardGroup.referenceElement
    }

    func isViewElement(_ name: String) -> Bool { viewElements[name] != nil }

    /// The Swift name of the class made for a controller element such as `navigationController`.
    public func elementClassName(_ name: String) -> String? { controllerElements[name]?.typeName }

    /// The names of the controller classes registered by name (an app's own, such as the
    /// wallet's `WalletViewController`).
    public var controllerClassNames: [String] { controllerClasses.keys.sorted() }

    /// The class a scene's controller is named by (traces, stand-ins, behaviours): its custom
    /// class without the module; else, for a plain content scene, UIKit's class
    /// (`UIViewController`: Xcode's templates name the app's first class `ViewController`, and
    /// a plain scene is not of it); else the engine's class for the element (containers keep
    /// UIKit's names without the prefix: `NavigationController`); else the element's name.
    func sceneClassName(of element: SceneObject) -> String {
        element.customClassName
            ?? (Self.plainSceneElements.contains(element.elementName) ? element.uiKitClassName : nil)
            ?? elementClassName(element.elementName) ?? element.elementName
    }

    /// Content controllers named by their framework's class: those whose engine class has the
    /// name Xcode's templates give an app's class, and those of other frameworks
    /// (`UIHostingController`, `AVPlayerViewController`).
    static let plainSceneElements = Set(["viewController", "tableViewController", "collectionViewController"])
        .union(unsupportedControllerElements)

    enum Resolution<Base> {
        case made(Base)
        case unknownClass(String)
        case unsupportedElement(String)
        case wrongKind(className: String, element: String, elementClass: String)
    }

    /// Makes the controller an element describes, its custom class first.
    func makeController(for element: SceneObject) -> Resolution<ViewController> {
        let resolution = resolve(element, elements: controllerElements, classes: controllerClasses)
        if let standIn = standIn(for: element, resolution: resolution) { return .made(standIn) }
        return resolution
    }

    /// With stand-ins on, a scene of an unknown class, or of none, is made as a stand-in of its
    /// element's kind: one whose unwind actions the storyboard or the command line declares.
    private func standIn(for element: SceneObject, resolution: Resolution<ViewController>) -> ViewController? {
        guard let standIns, standIns.hasStandIn(forElement: element.elementName) else { return nil }
        switch resolution {
        case .unknownClass:
            return standIns.makeController(for: element, className: sceneClassName(of: element))
        case .made where element.customClass == nil:
            return standIns.makeController(for: element, className: sceneClassName(of: element))
        default:
            return nil
        }
    }

    /// Whether loading makes a stand-in for the element: its class is one the app does not have
    /// (or a scene's has none) and stand-ins are on. Its outlets are the missing code's, so
    /// nothing checks them.
    func isStandIn(_ element: SceneObject) -> Bool {
        guard standIns != nil, let className = element.customClass, let shortName = element.customClassName else { return false }
        let known = Set(isControllerElement(element.elementName) ? Array(controllerClasses.keys) : Array(viewClasses.keys))
        return !known.contains(className) && !known.contains(shortName)
    }

    /// Makes the view an element describes; unknown element names make plain views, so that a
    /// storyboard with controls the terminal cannot draw still loads.
    func makeView(for element: SceneObject) -> Resolution<View> {
        if viewElements[element.elementName] == nil, element.customClass == nil { return .made(View()) }
        let resolution = resolve(element, elements: viewElements, classes: viewClasses, fallback: viewElements["view"])
        // A stand-in for a view is its element's kind: a label of an unknown class is a label.
        if standIns != nil, case .unknownClass = resolution {
            return .made((viewElements[element.elementName] ?? viewElements["view"])?.make() ?? View())
        }
        return resolution
    }

    private func resolve<Base>(_ element: SceneObject, elements: [String: Entry<Base>], classes: [String: Entry<Base>],
                               fallback: Entry<Base>? = nil) -> Resolution<Base> {
        guard let base = elements[element.elementName] ?? fallback else { return .unsupportedElement(element.elementName) }
        guard let className = element.customClass, let shortName = element.customClassName else { return .made(base.make()) }
        // A storyboard may qualify the class with its module; the module does not matter here.
        guard let entry = classes[className] ?? classes[shortName] else { return .unknownClass(className) }
        let object = entry.make()
        guard base.isInstance(object) else {
            return .wrongKind(className: entry.typeName, element: element.elementName, elementClass: base.typeName)
        }
        return .made(object)
    }

    var knownControllerClassNames: [String] { controllerClasses.keys.sorted() }
    var knownViewClassNames: [String] { viewClasses.keys.sorted() }
}

extension StoryboardClasses: StoryboardClassCatalog {
    /// The unwind actions of the controller made for `controller`, as its `actions` list them.
    public func unwindActionNames(of controller: SceneObject) -> [String] {
        guard case .made(let sample) = makeController(for: controller) else { return [] }
        return sample.actions.compactMap { selector, action in
            if case .unwind = action { selector.name } else { nil }
        }
    }
}
