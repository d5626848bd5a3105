import Storyboards

/// A storyboard's scenes, checked: every id unique, every connection pointing at something,
/// every class known and every outlet declared. Built once when the storyboard loads.
@MainActor
struct StoryboardDocument {
    let file: String
    let root: StoryboardElement
    /// Controller elements by id.
    let controllers: [String: StoryboardElement]
    let initialControllerID: String?
    private let elementsByID: [String: StoryboardElement]
    private let storyboardIdentifiers: [String: String]

    init(root: StoryboardElement, file: String, classes: StoryboardClasses) throws(StoryboardErrors) {
        self.file = file
        self.root = root
        var errors: [StoryboardDiagnostic] = []
        func fail(_ element: StoryboardElement, _ message: String) {
            errors.append(StoryboardDiagnostic(file: file, at: element, rule: .document, message: message.escapedForMessage))
        }
        guard root.name == "document" else {
            throw StoryboardErrors(errors: [StoryboardDiagnostic(file: file, at: root, rule: .document,
                message: "not a storyboard: the root element is <\(root.name.escapedForMessage)>, where Interface Builder writes <document>")])
        }

        var controllers: [String: StoryboardElement] = [:]
        var sceneObjects: [(controllerID: String, objects: [StoryboardElement])] = []
        var identifiers: [String: String] = [:]
        let scenes = root.scenes(controllers: classes.isControllerElement)
        for scene in scenes {
            guard let controller = scene.controller, let id = controller.id else {
                fail(scene.scene, "scene \"\(scene.scene["sceneID"] ?? "?")\" has no view controller")
                continue
            }
            controllers[id] = controller
            sceneObjects.append((id, scene.objects))
            if let identifier = controller["storyboardIdentifier"] { identifiers[identifier] = id }
        }
        self.controllers = controllers

        // A chain of containment past the limit is refused before anything else is built for it.
        if let (start, deepest) = ContainmentCycles.tooDeep(in: controllers, limit: StoryboardBudget.maximumContainmentDepth) {
            throw StoryboardErrors(errors: [StoryboardDiagnostic(file: file, at: start, rule: .limits, message: StoryboardBudget.containmentMessage(
                start: start, deepest: deepest, place: "\(file):\(deepest.line)").escapedForMessage)])
        }

        var byID: [String: StoryboardElement] = [:]
        for element in root.descendantsAndSelf {
            guard let id = element.id else { continue }
            if let first = byID[id] {
                fail(element, "duplicate id \"\(id)\" (first used on line \(first.line)); every object needs its own id")
            } else {
                byID[id] = element
            }
        }
        elementsByID = byID

        storyboardIdentifiers = identifiers

        initialControllerID = root["initialViewController"]
        if let initial = initialControllerID, controllers[initial] == nil {
            fail(root, "initialViewController \"\(initial)\" names no view controller scene; point it at a scene's controller id")
        }

        let cycles = Self.rootCycles(controllers)
        let inCycles = Set(cycles.flatMap { $0.compactMap(\.controller.id) })
        // UIKit refuses to push a navigation controller; here a chain of them would also make
        // each root by recursion, as deep as the chain is long.
        for controller in controllers.values where controller.name == "navigationController" {
            guard let id = controller.id, !inCycles.contains(id), let segue = Self.rootRelationship(of: controller),
                  let root = segue["destination"].flatMap({ controllers[$0] }), root.name == "navigationController" else { continue }
            fail(segue, "the rootViewController of navigation controller \"\(id)\" is another navigation controller (line \(root.line)), which UIKit "
                + "does not allow; point it at the scene it should show first")
        }
        for cycle in cycles {
            let members = cycle.map { "\(ElementNames.described($0.controller.name)) \"\($0.controller.id ?? "")\" (line \($0.controller.line))" }
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
            if let view = SceneObjects.rootView(of: controller), let id = controller.id {
                let limit = StoryboardBudget.maximumViewsPerScene
                if SceneObjects.viewCount(of: view, classes: classes, limit: limit) > limit {
                    overfull.insert(id)
                    fail(controller, "the scene's view holds more than the \(limit) views a scene may have, each made when it loads; split it into "
                        + "scenes, or show rows with a table's prototype cells")
                }
            }
        }
        for (segue, scenes) in ContainmentCycles.find(in: controllers) {
            let members = scenes.map { "\(ElementNames.described($0.name)) \"\($0.id ?? "")\" (line \($0.line))" }
            fail(segue, "relationship and embed segues make scenes contain themselves: \((members + members.prefix(1)).joined(separator: " → ")), so "
                + "making one would never end; point one of them at another scene")
        }

        var checker = ConnectionChecker(file: file, classes: classes, elementsByID: byID, controllers: controllers, scenes: sceneObjects)
        for scene in scenes {
            if let id = scene.controller?.id, overfull.contains(id) { continue }
            checker.check(scene: scene.scene)
        }
        errors += checker.errors

        if !errors.isEmpty { throw StoryboardErrors(errors: errors.sorted { $0.line < $1.line }) }
    }

    /// The relationship that gives a navigation controller its root; the first, when several do.
    static func rootRelationship(of controller: StoryboardElement) -> StoryboardElement? {
        controller.child("connections")?.children.first {
            $0.name == "segue" && SegueKind(of: $0).isRootViewController
        }
    }

    /// Root relationships that lead back to where they started, each cycle once, in the order of
    /// the file: making such a scene would make its root forever.
    private static func rootCycles(_ controllers: [String: StoryboardElement]) -> [[(controller: StoryboardElement, segue: StoryboardElement)]] {
        var cycles: [[(controller: StoryboardElement, segue: StoryboardElement)]] = []
        var finished: Set<String> = []
        for start in controllers.values.sorted(by: { $0.line < $1.line }).compactMap(\.id) {
            var path: [(controller: StoryboardElement, segue: StoryboardElement)] = []
            var position: [String: Int] = [:]
            var current = start
            while !finished.contains(current), let controller = controllers[current], let segue = rootRelationship(of: controller) {
                if let index = position[current] {
                    cycles.append(Array(path[index...]))
                    break
                }
                position[current] = path.count
                path.append((controller, segue))
                guard let next = segue["destination"] else { break }
                current = next
            }
            finished.formUnion(position.keys)
        }
        return cycles
    }

    func controllerID(forStoryboardIdentifier identifier: String) -> String? { storyboardIdentifiers[identifier] }

    /// The element with this id.
    func element(withID id: String) -> StoryboardElement? { elementsByID[id] }

    /// The other objects of a controller's scene: what `<objects>` holds beside the controller.
    func sceneObjects(besides controller: StoryboardElement) -> [StoryboardElement] {
        guard let scene = root.scenes(controllers: { _ in false }).first(where: { $0.objects.contains { $0 === controller } }) else { return [] }
        return scene.objects.filter { $0 !== controller }
    }

    /// Every Storyboard ID of the file, sorted.
    var allStoryboardIdentifiers: [String] { storyboardIdentifiers.keys.sorted() }

    /// Every segue of a scene that has an identifier: those of the controller and of its
    /// controls, which `performSegue(withIdentifier:sender:)` may name.
    func segues(inScene controllerID: String) -> [StoryboardElement] {
        guard let controller = controllers[controllerID] else { return [] }
        return controller.descendantsAndSelf.filter { $0.name == "segue" && !SegueKind(of: $0).isRelationship }
    }

    /// The kind of a segue element; nil for kinds that are not run by triggering (relationship).
    func segueKind(of segue: StoryboardElement) -> SegueTemplate.Kind? {
        SegueKinds.kind(of: segue)
    }
}

/// The segue kinds Interface Builder writes, and what the engine does with each.
enum SegueKinds {
    static func kind(of segue: StoryboardElement) -> SegueTemplate.Kind? {
        switch SegueKind(of: segue) {
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
