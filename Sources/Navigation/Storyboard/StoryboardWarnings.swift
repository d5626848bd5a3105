import Storyboards

/// The warnings Xcode would give about a storyboard that loads: things that are allowed but are
/// almost certainly mistakes.
extension StoryboardOutline {
    /// Every warning, in the order of the file:
    /// - an unwind segue whose action no scene of this storyboard implements (when no registered
    ///   class implements it at all, loading already refuses it: that is an error, not a warning);
    /// - a scene nothing reaches: not the initial one, without a Storyboard ID to make it from
    ///   code, and no segue leads to it from one that is reached;
    /// - two segues of one scene with the same identifier: `performSegue(withIdentifier:)` can
    ///   run only one of them (the later one in the file);
    /// - a segue or action the terminal can never fire (`UnhonouredConnections`): from an object
    ///   beside the controller, or from a control the terminal does not make or draw;
    /// - a popover whose content has no unwind and no action: no way back in a compact width;
    /// - read with stand-ins, a manual segue no declared behaviour performs: its code would.
    func warnings(classes: StoryboardClasses) -> [StoryboardDiagnostic] {
        var warnings = UnhonouredConnections.warnings(model: model, classes: classes)
        func warn(_ rule: StoryboardRule, _ line: Int, _ column: Int, _ message: String) {
            warnings.append(StoryboardDiagnostic(file: file, line: line, column: column, rule: rule, message: message.escapedForMessage))
        }

        let implementedAnywhere = classes.checksUnwindActions ? classes.implementedUnwindActions : nil
        for segue in segues where segue.kind.isUnwind {
            guard let action = segue.unwindAction, !scenes.contains(where: { $0.unwindActions.contains(action) }) else { continue }
            if let implementedAnywhere, !implementedAnywhere.contains(Selector(action)) { continue }
            let advice = classes.standIns == nil
                ? "add a scene whose class implements it, or choose an action one of its scenes implements"
                : "declare it on the scene that implements it, with the runtime attribute unwindActions or with --implements CLASS=\(action)"
            // A typo (`unwindToHom:`) is named for what it was meant to be: an action a scene
            // implements.
            let meant = NearestName.to(action, among: scenes.flatMap(\.unwindActions))
            let guess = meant.map { name in
                "did you mean \(name)" + (scenes.first { $0.unwindActions.contains(name) }.map { ", which \(described($0)) implements" } ?? "") + "? If not, "
            } ?? ""
            warn(.unimplementedUnwindAction, segue.line, segue.column,
                 "no scene of this storyboard implements the unwind action \(action), so this unwind segue finds a destination only "
                + "if a controller made elsewhere is on screen; \(guess)\(advice)")
        }

        for scene in model.scenes {
            for controller in scene.objects {
                if let warning = ContainerRequirements.warning(of: controller) {
                    warn(.containerRequirements, controller.line, controller.column, warning)
                }
            }
        }

        if let standIns = classes.standIns {
            // Only a stand-in's code is missing: an app's own class performs its manual segues.
            let controllers = Dictionary(model.allObjects.filter { classes.isControllerElement($0.elementName) }.compactMap { element in
                element.id.map { ($0, element) }
            }) { first, _ in first }
            for segue in segues where segue.trigger == nil && !segue.kind.isContainment {
                guard let identifier = segue.identifier, let scene = scene(withID: segue.sourceSceneID),
                      let controller = controllers[scene.id], standIns.hasStandIn(forElement: controller.elementName),
                      controller.customClass == nil || classes.isStandIn(controller),
                      !standIns.behaviours.performs(identifier, inSceneOf: scene.className, named: [scene.storyboardIdentifier, scene.id]) else { continue }
                let shared = scenes.filter { $0.className == scene.className }.count > 1
                let key = StandInBehaviours.Key(className: scene.className, scene: shared ? scene.storyboardIdentifier ?? scene.id : nil)
                warn(.unperformedManualSegue, segue.line, segue.column,
                     "the manual segue \"\(identifier)\" of \(described(scene)) is performed from code (performSegue(withIdentifier:)), "
                    + "which storyboard run does not have, and no behaviour performs it; declare what performs it: --performs "
                    + "'\(key).ACTION=\(identifier)' for a control's action, --appears '\(key)=\(identifier)' when the scene appears, or "
                    + "--selects '\(key)=\(identifier)' for a row's selection")
            }
        }

        let reached = reachedSceneIDs()
        for scene in scenes where !reached.contains(scene.id) {
            warn(.unreachableScene, scene.line, scene.column,
                 "\(described(scene)) is unreachable: it is not the initial view controller, no segue leads to it from a scene that is "
                + "reached, and it has no Storyboard ID to make it from code; connect a segue to it, give it a Storyboard ID, or delete it")
        }

        let elements = Dictionary(model.allObjects.compactMap { element in element.id.map { ($0, element) } }) { first, _ in first }
        for segue in segues {
            guard case .popover = segue.kind, let destination = segue.destinationSceneID,
                  !hasWayBack(fromScene: destination, elements: elements) else { continue }
            let scene = scene(withID: destination).map(described) ?? "its destination"
            warn(.popoverWithoutWayBack, segue.line, segue.column,
                 "this popover segue's \(scene) has no unwind segue and no action: in a compact width the popover adapts to full screen, "
                + "where iOS gives it no way back (the terminal's Esc closes it); give it a Done button that unwinds, embed it in a navigation "
                + "controller with one, or substitute one for the compact width (presentationController(_:viewControllerForAdaptivePresentationStyle:))")
        }

        var firstLine: [String: Int] = [:]
        for segue in segues where !segue.kind.isRelationship {
            guard let identifier = segue.identifier else { continue }
            let key = segue.sourceSceneID + "\u{0}" + identifier
            if let first = firstLine[key] {
                let scene = scene(withID: segue.sourceSceneID).map(described) ?? "this scene"
                warn(.duplicateSegueIdentifier, segue.line, segue.column,
                     "segue identifier \"\(identifier)\" is used twice in \(scene) (first on line \(first)); performSegue(withIdentifier: "
                    + "\"\(identifier)\") can run only one of them (this one); give each segue its own identifier")
            } else {
                firstLine[key] = segue.line
            }
        }
        return warnings.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
    }

    /// Whether the scene, or a scene it contains (a navigation controller's root), has an unwind
    /// segue or sends an action, whose code may dismiss it.
    private func hasWayBack(fromScene id: String, elements: [String: SceneObject]) -> Bool {
        var pending = [id], seen: Set<String> = []
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            if segues.contains(where: { $0.sourceSceneID == next && $0.kind.isUnwind }) { return true }
            if elements[next]?.actionsBelow.isEmpty == false { return true }
            pending += segues.filter { $0.sourceSceneID == next && $0.kind.isRelationship }.compactMap(\.destinationSceneID)
        }
        return false
    }

    /// The scenes an app can reach: the initial one and those with a Storyboard ID, and every
    /// scene a segue leads to from a reached one (unwind segues lead back, to scenes already reached).
    public func reachedSceneIDs() -> Set<String> {
        var reached: Set<String> = []
        var pending = scenes.filter { $0.id == initialSceneID || $0.storyboardIdentifier != nil }.map(\.id)
        var outgoing: [String: [String]] = [:]
        for segue in segues {
            if let destination = segue.destinationSceneID { outgoing[segue.sourceSceneID, default: []].append(destination) }
        }
        while let id = pending.popLast() {
            guard reached.insert(id).inserted else { continue }
            pending += outgoing[id] ?? []
        }
        return reached
    }

    /// `scene "Amount" (TransactionViewController)`, or `scene "id" (Class)` when it has no title.
    private func described(_ scene: Scene) -> String {
        if let title = scene.title, !title.isEmpty { return "scene \"\(title)\" (\(scene.className))" }
        return "scene \"\(scene.id)\" (\(scene.className))"
    }
}
