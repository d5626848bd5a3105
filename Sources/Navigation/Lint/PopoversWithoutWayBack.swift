import Storyboards

extension LintRule {
    /// A popover whose content has no unwind and no action: in a compact width it adapts to full
    /// screen, where iOS gives it no way back.
    static let popoversWithoutWayBack = LintRule(rule: .popoverWithoutWayBack) { outline, _ in
        let controllers = Dictionary(outline.model.controllers.compactMap { controller in controller.id.map { ($0, controller) } }) { first, _ in first }
        return outline.segues.compactMap { segue in
            guard case .popover = segue.kind, let destination = segue.destinationSceneID,
                  !outline.hasWayBack(fromScene: destination, controllers: controllers) else { return nil }
            let scene = outline.scene(withID: destination).map(outline.described) ?? "its destination"
            return outline.warning(.popoverWithoutWayBack, segue.line, segue.column,
                "this popover segue's \(scene) has no unwind segue and no action: in a compact width the popover adapts to full screen, "
                    + "where iOS gives it no way back (the terminal's Esc closes it); give it a Done button that unwinds, embed it in a navigation "
                    + "controller with one, or substitute one for the compact width (presentationController(_:viewControllerForAdaptivePresentationStyle:))")
        }
    }
}
