import Storyboards

/// Stand-ins for the classes an app does not have, so that any storyboard runs without its
/// Swift code (`wallet storyboard run`): a scene of an unknown class is made as its element's
/// own kind (view controller, table view controller, navigation controller…) and a view of an
/// unknown class as its element's. Set on `StoryboardClasses.standIns`; without it, unknown
/// classes are refused, as an app that runs its own storyboard wants.
@MainActor
public final class StandIns {
    /// The unwind actions each class implements, by the class name the storyboard uses, or one
    /// scene of it (`CLASS#SCENE`), as given on the command line
    /// (`--implements CLASS=action1:,action2:`), added to those the scenes declare with their
    /// `unwindActions` runtime attribute.
    public var implementations: [StandInBehaviours.Key: [Selector]] = [:]

    /// What each class's code would have done, declared (`--behaviours FILE`, `--performs`…);
    /// checked against the storyboard when it loads (`Storyboard.behaviourProblems`).
    public var behaviours = StandInBehaviours()

    /// Makes the alert a declared sheet behaviour presents (`didAttemptToDismiss: {alert: …}`):
    /// its title, a destructive "Discard Changes" that runs `discard`, and a "Keep Editing"
    /// that keeps the sheet. The terminal's stand-ins set it (`StandIns.terminal()`).
    public var makeAlert: (@MainActor (_ title: String, _ discard: @escaping @MainActor () -> Void) -> ViewController)?

    private var makers: [String: @MainActor (StandInDescription) -> ViewController] = [:]

    /// The actions sent to a scene's controller by the objects beside it in the scene (a tap
    /// gesture recognizer), by the controller.
    private var sceneActions: [SceneObject: [Selector]] = [:]

    /// Stand-ins for the engine's kinds: view controllers and its containers. The terminal adds
    /// table view controllers (`StandIns.terminal()`).
    public init() {
        register(element: "viewController") { StandInViewController(standingInFor: $0) }
        register(element: "navigationController") { StandInNavigationController(standingInFor: $0) }
        register(element: "tabBarController") { StandInTabBarController(standingInFor: $0) }
        register(element: "splitViewController") { StandInSplitViewController(standingInFor: $0) }
        register(element: "pageViewController") { StandInPageViewController(standingInFor: $0) }
    }

    /// What stands in for a scene whose element is `element` (`tableViewController`).
    public func register(element: String, make: @escaping @MainActor (StandInDescription) -> ViewController) {
        makers[element] = make
    }

    func hasStandIn(forElement name: String) -> Bool { makers[name] != nil }

    /// The stand-in for a scene's controller element, named `className` in messages and traces.
    func makeController(for element: SceneObject, className: String) -> ViewController? {
        guard let make = makers[element.elementName] else { return nil }
        let description = description(of: element, className: className)
        let controller = make(description)
        controller.declaredUnwindAnswers = description.behaviours.canPerform.mapValues(\.value)
        return controller
    }

    func description(of element: SceneObject, className: String) -> StandInDescription {
        // The class's declarations, then the scene's own over them (by Storyboard ID, then id).
        let keys = [StandInBehaviours.Key(className: className)]
            + [element.storyboardIdentifier, element.id].compactMap { $0 }.map { StandInBehaviours.Key(className: className, scene: $0) }
        var behaviours = keys.compactMap { self.behaviours.classes[$0] }.reduce(StandInBehaviours.ClassBehaviours()) { $0.merging($1) }
        var unwindActions: [Selector] = []
        let declared = behaviours.unwinds.sorted { $0.key.name < $1.key.name }.map(\.key)
        for action in RuntimeAttribute.declaredUnwindActions(of: element) + keys.flatMap({ implementations[$0] ?? [] }) + declared
        where !unwindActions.contains(action) {
            unwindActions.append(action)
        }
        var targetActions: [Selector] = []
        let besides = sceneActions[element] ?? []
        for connection in element.actionsBelow {
            if let selector = connection.selector.map({ Selector($0) }), !targetActions.contains(selector) {
                targetActions.append(selector)
            }
        }
        for selector in besides where !targetActions.contains(selector) { targetActions.append(selector) }
        let table = element.rootView.flatMap { ["tableView", "collectionView"].contains($0.elementName) ? $0 : nil }
        let prototypes = table.map { $0.prototypeCells.map(SceneReach.registeredIdentifier(of:)) } ?? []
        // An action declared without its colon is the control's `showSecond:` (a Swift IBAction
        // with a sender), unless the scene sends `showSecond` itself.
        for (selector, segue) in behaviours.performs where !targetActions.contains(selector) && targetActions.contains(Selector(selector.name + ":")) {
            behaviours.performs[selector] = nil
            behaviours.performs[Selector(selector.name + ":")] = segue
        }
        // What `performSegue(withIdentifier:)` can perform from the scene: its segues with an
        // identifier, but those that set children.
        var performable: [String] = []
        for segue in element.seguesBelow where !segue.segueKind.isContainment {
            if let identifier = segue.identifier, !performable.contains(identifier) { performable.append(identifier) }
        }
        let shared = (scenesByClass[className]?.count ?? 0) > 1
        return StandInDescription(className: className, unwindActions: unwindActions, targetActions: targetActions,
                                  prototypeReuseIdentifiers: prototypes, outlets: element.outlets, behaviours: behaviours,
                                  performableSegues: performable,
                                  scene: shared ? element.storyboardIdentifier ?? element.id : nil)
    }

    /// The ids of the scenes of each class, in every storyboard noted: a class of several scenes
    /// has its declarations suggested and its stand-ins named per scene.
    private var scenesByClass: [String: Set<String>] = [:]

    /// Notes, for each scene of a storyboard, the actions that objects beside its controller
    /// (gesture recognizers, loose bar items) send to it, so that its stand-in accepts them as it
    /// accepts its own controls' actions.
    func noteSceneActions(in model: StoryboardModel, classNames className: (SceneObject) -> String) {
        for scene in model.scenes {
            let objects = scene.objects
            for controller in objects where hasStandIn(forElement: controller.elementName) {
                guard let id = controller.id else { continue }
                scenesByClass[className(controller), default: []].insert(id)
                var selectors: [Selector] = []
                for object in objects where object != controller {
                    for connection in object.actionsBelow where connection.destinationID == id {
                        if let selector = connection.selector.map({ Selector($0) }), !selectors.contains(selector) { selectors.append(selector) }
                    }
                }
                if !selectors.isEmpty { sceneActions[controller] = selectors }
            }
        }
    }

    /// Reads one `--implements` value, `CLASS=action1:,action2:`; the error says what is wrong
    /// with it and shows the form.
    nonisolated public static func implementation(from text: String) throws(ImplementsError) -> (key: StandInBehaviours.Key, actions: [Selector]) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw ImplementsError("\"\(text)\" has no \"=\" between the class and its actions")
        }
        let named = String(parts[0].trimmingSpaces())
        guard !named.isEmpty else { throw ImplementsError("\"\(text)\" names no class before \"=\"") }
        // A module before the class goes: `Quiz.QuestionViewController#q1` is the scene `q1`.
        let sides = named.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let className = String(sides[0])
        guard !className.isEmpty, className.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else {
            throw ImplementsError("\"\(className)\" is not a class name (letters, digits, _ and .)")
        }
        let scene = sides.count == 2 ? String(sides[1]) : nil
        if let scene, !StandInBehaviours.Key.isSceneName(scene) {
            throw ImplementsError("\"\(named)\" is not CLASS#SCENE: the scene is its Storyboard ID or Interface Builder id")
        }
        let actions = parts[1].split(separator: ",", omittingEmptySubsequences: false).map { String($0.trimmingSpaces()) }
        guard actions.contains(where: { !$0.isEmpty }) else { throw ImplementsError("\"\(text)\" lists no action after \"=\"") }
        for action in actions {
            guard !action.isEmpty else { throw ImplementsError("\"\(text)\" has an empty action between commas") }
            guard action.hasSuffix(":"), action.dropLast().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == ":" }),
                  let first = action.first, first.isLetter || first == "_" else {
                throw ImplementsError("\"\(action)\" is not an unwind action's selector, which ends with \":\" as in unwindToRoot:")
            }
        }
        let shortName = SceneObject.withoutModule(className)
        return (StandInBehaviours.Key(className: shortName, scene: scene), actions.map { Selector($0) })
    }
}

/// A malformed `--implements` value: what is wrong, and the form it takes.
public struct ImplementsError: Error, Sendable, CustomStringConvertible {
    public let problem: String
    init(_ problem: String) { self.problem = problem }
    public var description: String {
        "\(problem); write CLASS=action1:,action2: (or CLASS#SCENE=… for one scene), as in --implements QuestionViewController=startOver:,unwindToQuiz:"
    }
}
