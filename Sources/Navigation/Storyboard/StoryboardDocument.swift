import Storyboards

/// A storyboard's scenes, checked: every id unique, every connection pointing at something,
/// every class known and every outlet declared. Built once when the storyboard loads.
@MainActor
struct StoryboardDocument {
    let file: String
    let model: StoryboardModel
    /// Controllers by id.
    let controllers: [String: SceneObject]
    let initialControllerID: String?
    private let objectsByID: [String: SceneObject]
    private let storyboardIdentifiers: [String: String]
    /// Each controller's scene.
    private let scenesByController: [SceneObject: Scene]

    init(model: StoryboardModel, classes: StoryboardClasses) throws(StoryboardErrors) {
        let file = model.file
        self.file = file
        self.model = model
        var errors: [StoryboardDiagnostic] = []
        func fail(_ object: SceneObject, _ message: String) {
            errors.append(StoryboardDiagnostic(file: file, at: object, rule: .document, message: message.escapedForMessage))
        }
        func fail(_ connection: Connection, _ message: String) {
            errors.append(StoryboardDiagnostic(file: file, at: connection, rule: .document, message: message.escapedForMessage))
        }
        guard model.isDocument else {
            throw StoryboardErrors(errors: [StoryboardDiagnostic(file: file, line: model.line, column: model.column, rule: .document,
                message: "not a storyboard: the root element is <\(model.rootElementName.escapedForMessage)>, where Interface Builder writes <document>")])
        }
        // One line for a file of another platform, rather than a cascade of what UIKit lacks.
        if let platform = model.otherPlatform {
            throw StoryboardErrors(errors: [StoryboardDiagnostic(file: file, line: model.line, column: model.column, rule: .document,
                message: "a \(platform) storyboard (targetRuntime=\"\(model.targetRuntime ?? "")\"): the terminal runs UIKit's, written for iOS "
                    + "(targetRuntime=\"iOS.CocoaTouch\")".escapedForMessage)])
        }

        var controllers: [String: SceneObject] = [:]
        var scenesByController: [SceneObject: Scene] = [:]
        var identifiers: [String: String] = [:]
        for scene in model.scenes {
            guard let controller = scene.controller, let id = controller.id else {
                errors.append(StoryboardDiagnostic(file: file, line: scene.line, column: scene.column, rule: .document,
                                                   message: "scene \"\(scene.sceneID ?? "?")\" has no view controller".escapedForMessage))
                continue
            }
            controllers[id] = controller
            scenesByController[controller] = scene
            if let identifier = controller.storyboardIdentifier { identifiers[identifier] = id }
        }
        self.controllers = controllers
        self.scenesByController = scenesByController

        // A chain of containment past the limit is refused before anything else is built for it.
        if let (start, deepest) = ContainmentCycles.tooDeep(in: controllers, limit: StoryboardBudget.maximumContainmentDepth) {
            throw StoryboardErrors(errors: [StoryboardDiagnostic(file: file, at: start, rule: .limits, message: StoryboardBudget.containmentMessage(
                start: start, deepest: deepest, place: "\(file):\(deepest.line)").escapedForMessage)])
        }

        var byID: [String: SceneObject] = [:]
        for object in model.allObjects {
            guard let id = object.id else { continue }
            if let first = byID[id] {
                fail(object, "duplicate id \"\(id)\" (first used on line \(first.line)); every object needs its own id")
            } else {
                byID[id] = object
            }
        }
        objectsByID = byID

        storyboardIdentifiers = identifiers

        initialControllerID = model.initialViewControllerID
        if let initial = initialControllerID, controllers[initial] == nil {
            errors.append(StoryboardDiagnostic(file: file, line: model.line, column: model.column, rule: .document, message:
                "initialViewController \"\(initial)\" names no view controller scene; point it at a scene's controller id".escapedForMessage))
        }

        let cycles = Self.rootCycles(controllers)
        let inCycles = Set(cycles.flatMap { $0.compactMap(\.controller.id) })
        // UIKit refuses to push a navigation controller; here a chain of them would also make
        // each root by recursion, as deep as the chain is long.
        for controller in controllers.values where controller.elementName == "navigationController" {
            guard let id = controller.id, !inCycles.contains(id), let segue = controller.rootRelationship,
                  let root = segue.destinationID.flatMap({ controllers[$0] }), root.elementName == "navigationController" else { continue }
            fail(segue, "the rootViewController of navigation controller \"\(id)\" is another navigation controller (line \(root.line)), which UIKit "
                + "does not allow; point it at the scene it should show first")
        }
        for cycle in cycles {
            let members = cycle.map { "\(ElementNames.described($0.controller.elementName)) \"\($0.controller.id ?? "")\" (line \($0.controller.line))" }
            let blamed = cycle.min { $0.segue.line < $1.segue.line }!
            if cycle.count == 1 {
                fail(blamed.segue, "the rootViewController relationship makes \(members[0]) its own root, so it never has a first screen; point it at "
                    + "the scene it should show first")
            } else {
                let lines = cycle.map { String($0.segue.line) }.joined(separator: ", ")
                fail(blamed.segue, "rootViewController relationships form a cycle: \((members + [members[0]]).joined(separator: " → ")), so none of "
                    + "them has a first screen; point one of these relationships (lines \(lines)) at the scene it should show first")
            }
        }

        // A scene past the views a scene may have is refused, and not checked further: its
        // connections' tables would cost memory in proportion to its views.
        var overfull: Set<String> = []
        for controller in controllers.values {
            if let problem = ContainerRequirements.problem(of: controller) { fail(controller, problem) }
            if let view = controller.rootView, let id = controller.id {
                let limit = StoryboardBudget.maximumViewsPerScene
                if SceneReach.viewCount(of: view, classes: classes, limit: limit) > limit {
                    overfull.insert(id)
                    fail(controller, "the scene's view holds more than the \(limit) views a scene may have, each made when it loads; split it into "
                        + "scenes, or show rows with a table's prototype cells")
                }
            }
        }
        for (segue, scenes) in ContainmentCycles.find(in: controllers) {
            let members = scenes.map { "\(ElementNames.described($0.elementName)) \"\($0.id ?? "")\" (line \($0.line))" }
            fail(segue, "relationship and embed segues make scenes contain themselves: \((members + members.prefix(1)).joined(separator: " → ")), so "
                + "making one would never end; point one of them at another scene")
        }

        var checker = ConnectionChecker(file: file, classes: classes, objectsByID: byID, controllers: controllers, scenes: model.scenes)
        for scene in model.scenes {
            if let id = scene.controller?.id, overfull.contains(id) { continue }
            checker.check(scene: scene)
        }
        errors += checker.errors

        if !errors.isEmpty { throw StoryboardErrors(errors: errors.sorted { $0.line < $1.line }) }
    }

    /// Root relationships that lead back to where they started, each cycle once, in the order of
    /// the file: making such a scene would make its root forever.
    private static func rootCycles(_ controllers: [String: SceneObject]) -> [[(controller: SceneObject, segue: Connection)]] {
        var cycles: [[(controller: SceneObject, segue: Connection)]] = []
        var finished: Set<String> = []
        for start in controllers.values.sorted(by: { $0.line < $1.line }).compactMap(\.id) {
            var path: [(controller: SceneObject, segue: Connection)] = []
            var position: [String: Int] = [:]
            var current = start
            while !finished.contains(current), let controller = controllers[current], let segue = controller.rootRelationship {
                if let index = position[current] {
                    cycles.append(Array(path[index...]))
                    break
                }
                position[current] = path.count
                path.append((controller, segue))
                guard let next = segue.destinationID else { break }
                current = next
            }
            finished.formUnion(position.keys)
        }
        return cycles
    }

    func controllerID(forStoryboardIdentifier identifier: String) -> String? { storyboardIdentifiers[identifier] }

    /// The object with this id.
    func object(withID id: String) -> SceneObject? { objectsByID[id] }

    /// The scene of a controller.
    func scene(of controller: SceneObject) -> Scene? { scenesByController[controller] }

    /// Every Storyboard ID of the file, sorted.
    var allStoryboardIdentifiers: [String] { storyboardIdentifiers.keys.sorted() }

    /// Every segue of a scene that is not a relationship: those of the controller and of its
    /// controls, which `performSegue(withIdentifier:sender:)` may name.
    func segues(inScene controllerID: String) -> [Connection] {
        guard let controller = controllers[controllerID] else { return [] }
        return controller.seguesBelow.filter { !$0.segueKind.isRelationship }
    }

    /// The actions of the scene's unwind segues (its Exit connections), in the order of the file.
    func unwindActions(inScene controllerID: String) -> [Selector] {
        segues(inScene: controllerID).compactMap { segue in
            if case .unwind(let action) = segueKind(of: segue) { return action }
            return nil
        }
    }

    /// The kind of a segue; nil for kinds that are not run by triggering (relationship).
    func segueKind(of segue: Connection) -> SegueTemplate.Kind? {
        SegueKinds.kind(of: segue)
    }
}

/// The segue kinds Interface Builder writes, and what the engine does with each.
enum SegueKinds {
    static func kind(of segue: Connection) -> SegueTemplate.Kind? {
        switch segue.segueKind {
        case .show:
            return .show
        case .showDetail:
            return .showDetail
        case .presentation(let style):
            return .presentation(style.flatMap(ModalPresentationStyle.init(rawValue:)))
        case .popover(let anchorID):
            return .popover(anchorID: anchorID)
        // Embed segues are not triggered: the storyboard performs them as the parent's view
        // loads (Storyboard+Containers.swift).
        case .custom(let className):
            return .custom(className: className ?? "")
        case .unwind(let action):
            return action.map { .unwind(Selector($0)) }
        case .relationship, .embed, .unknown:
            return nil
        }
    }
}
