import Storyboards

extension LintRule {
    /// An unwind segue whose action no scene of this storyboard implements. When no class of
    /// the app implements it at all, loading already refuses it: that is an error.
    static let unimplementedUnwindActions = LintRule(rule: .unimplementedUnwindAction) { outline, classes in
        let implementedAnywhere = classes.checksUnwindActions ? classes.implementedUnwindActions : nil
        let scenes = outline.scenes
        return outline.segues.compactMap { segue in
            guard segue.kind.isUnwind, let action = segue.unwindAction, !scenes.contains(where: { $0.unwindActions.contains(action) }) else { return nil }
            if let implementedAnywhere, !implementedAnywhere.contains(Selector(action)) { return nil }
            let advice = classes.standIns == nil
                ? "add a scene whose class implements it, or choose an action one of its scenes implements"
                : "declare it on the scene that implements it, with the runtime attribute unwindActions or with --implements CLASS=\(action)"
            // A typo (`unwindToHom:`) is named for what it was meant to be: an action a scene
            // implements.
            let meant = NearestName.to(action, among: scenes.flatMap(\.unwindActions))
            let guess = meant.map { name in
                "did you mean \(name)" + (scenes.first { $0.unwindActions.contains(name) }.map { ", which \(outline.described($0)) implements" } ?? "")
                    + "? If not, "
            } ?? ""
            return outline.warning(.unimplementedUnwindAction, segue.line, segue.column,
                "no scene of this storyboard implements the unwind action \(action), so this unwind segue finds a destination only "
                    + "if a controller made elsewhere is on screen; \(guess)\(advice)")
        }
    }
}
