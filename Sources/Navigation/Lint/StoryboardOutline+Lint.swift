import Storyboards

/// What lint's rules ask of a storyboard's outline.
extension StoryboardOutline {
    /// Whether the scene, or a scene it contains (a navigation controller's root), has an unwind
    /// segue or sends an action, whose code may dismiss it.
    func hasWayBack(fromScene id: String, controllers: [String: SceneObject]) -> Bool {
        var pending = [id], seen: Set<String> = []
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            if segues.contains(where: { $0.sourceSceneID == next && $0.kind.isUnwind }) { return true }
            if controllers[next]?.actionsBelow.isEmpty == false { return true }
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
    func described(_ scene: Scene) -> String {
        if let title = scene.title, !title.isEmpty { return "scene \"\(title)\" (\(scene.className))" }
        return "scene \"\(scene.id)\" (\(scene.className))"
    }
}
