import Storyboards

extension LintRule {
    /// Two segues of one scene with the same identifier: `performSegue(withIdentifier:)` can run
    /// only one of them (the later one in the file).
    static let duplicateSegueIdentifiers = LintRule(rule: .duplicateSegueIdentifier) { outline, _ in
        var firstLine: [String: Int] = [:]
        var uses: [String: Int] = [:]
        let named = outline.segues.filter { !$0.kind.isRelationship && $0.identifier != nil }
        for segue in named { uses[segue.sourceSceneID + "\u{0}" + segue.identifier!, default: 0] += 1 }
        return named.compactMap { segue in
            let identifier = segue.identifier!
            let key = segue.sourceSceneID + "\u{0}" + identifier
            guard let first = firstLine[key] else {
                firstLine[key] = segue.line
                return nil
            }
            let count = uses[key] ?? 2
            let times = count == 2 ? "twice" : "\(count) times"
            let scene = outline.scene(withID: segue.sourceSceneID).map(outline.described) ?? "this scene"
            return outline.warning(.duplicateSegueIdentifier, segue.line, segue.column,
                "segue identifier \"\(identifier)\" is used \(times) in \(scene) (first on line \(first)); performSegue(withIdentifier: "
                    + "\"\(identifier)\") can run only one of them; give each segue its own identifier")
        }
    }
}
