import Storyboards

extension LintRule {
    /// Read with stand-ins, a manual segue no declared behaviour performs: its code would. An
    /// app's own class performs its manual segues, so only a stand-in's scene is checked.
    static let unperformedManualSegues = LintRule(rule: .unperformedManualSegue) { outline, classes in
        guard let standIns = classes.standIns else { return [] }
        let controllers = Dictionary(outline.model.controllers.compactMap { controller in controller.id.map { ($0, controller) } }) { first, _ in first }
        return outline.segues.compactMap { segue in
            guard segue.trigger == nil, !segue.kind.isContainment, let identifier = segue.identifier,
                  let scene = outline.scene(withID: segue.sourceSceneID), let controller = controllers[scene.id],
                  standIns.hasStandIn(forElement: controller.elementName), controller.customClass == nil || classes.isStandIn(controller),
                  !standIns.behaviours.performs(identifier, inSceneOf: scene.className, named: [scene.storyboardIdentifier, scene.id]) else { return nil }
            let shared = outline.scenes.filter { $0.className == scene.className }.count > 1
            let key = StandInBehaviours.Key(className: scene.className, scene: shared ? scene.storyboardIdentifier ?? scene.id : nil)
            // Only what the scene has is offered: its controls' actions, by name, for --performs;
            // --selects where it shows a table.
            var ways: [String] = []
            let actions = controller.actionsBelow.compactMap(\.selector).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            if let first = actions.first {
                let others = actions.dropFirst().prefix(3)
                ways.append("--performs '\(key).\(first)=\(identifier)' for a control's action"
                    + (others.isEmpty ? "" : " (or \(others.joined(separator: ", ")))"))
            }
            ways.append("--appears '\(key)=\(identifier)' when the scene appears")
            if controller.showsTable { ways.append("--selects '\(key)=\(identifier)' for a row's selection") }
            let list = ways.count == 1 ? ways[0] : ways.dropLast().joined(separator: ", ") + ", or " + ways.last!
            return outline.warning(.unperformedManualSegue, segue.line, segue.column,
                "the manual segue \"\(identifier)\" of \(outline.described(scene)) is performed from code (performSegue(withIdentifier:)), "
                    + "which storyboard run does not have, and no behaviour performs it; declare what performs it: \(list)")
        }
    }
}
