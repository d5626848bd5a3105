import Storyboards

extension LintRule {
    /// A scene nothing reaches: not the initial one, without a Storyboard ID to make it from
    /// code, and no segue leads to it from one that is reached.
    static let unreachableScenes = LintRule(rule: .unreachableScene) { outline, _ in
        let reached = outline.reachedSceneIDs()
        return outline.scenes.filter { !reached.contains($0.id) }.map { scene in
            outline.warning(.unreachableScene, scene.line, scene.column,
                "\(outline.described(scene)) is unreachable: it is not the initial view controller, no segue leads to it from a scene that is "
                    + "reached, and it has no Storyboard ID to make it from code; connect a segue to it, give it a Storyboard ID, or delete it")
        }
    }
}
