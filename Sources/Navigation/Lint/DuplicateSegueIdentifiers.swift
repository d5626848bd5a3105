import Storyboards

extension LintRule {
    /// Two segues of one scene with the same identifier: `performSegue(withIdentifier:)` can run
    /// only one of them (the later one in the file).
    static let duplicateSegueIdentifiers = LintRule(rule: .duplicateSegueIdentifier) { outline, _ in
        var firstLine: [String: Int] = [:]
        return outline.segues.compactMap { segue in
            guard !segue.kind.isRelationship, let identifier = segue.identifier else { return nil }
            let key = segue.sourceSceneID + "\u{0}" + identifier
            guard let first = firstLine[key] else {
                firstLine[key] = segue.line
                return nil
            }
            let scene = outline.scene(withID: segue.sourceSceneID).map(outline.described) ?? "this scene"
            return outline.warning(.duplicateSegueIdentifier, segue.line, segue.column,
                "segue identifier \"\(identifier)\" is used twice in \(scene) (first on line \(first)); performSegue(withIdentifier: "
                    + "\"\(identifier)\") can run only one of them (this one); give each segue its own identifier")
        }
    }
}
