import Storyboards

extension LintRule {
    /// An unwind segue whose action no scene of this storyboard implements. When no class of
    /// the app implements it at all, loading already refuses it: that is an error.
    static let unimplementedUnwindActions = LintRule(rule: .unimplementedUnwindAction) { outline, classes in
        let implementedAnywhere = classes.checksUnwindActions ? classes.implementedUnwindActions : nil
        let scenes = outline.scenes
        return outline.segues.compactMap { segue in
            guard segue.kind.isUnwind, let action = segue.unwindAction else { return nil }
            let implementers = scenes.filter { $0.unwindActions.contains(action) }
            // UIKit never asks an unwind's own source (rule 2): when the source's scene is the
            // only one that implements the action, the search finds nothing.
            if implementers.count == 1, implementers[0].id == segue.sourceSceneID {
                return outline.warning(.unimplementedUnwindAction, segue.line, segue.column,
                    "the only scene that implements the unwind action \(action) is this segue's own source, \(outline.described(implementers[0])), "
                        + "which UIKit never asks (the search starts above it), so the unwind finds no destination; implement \(action) in the "
                        + "scene it should return to")
            }
            guard implementers.isEmpty else { return nil }
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
