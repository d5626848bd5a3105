import Storyboards

/// Lint's check of a storyboard, and the outline of one that loaded.
extension Storyboard {
    /// Reads, parses and checks the storyboard at `path` once, as loading does, and collects
    /// rather than throws: every error loading would report, the warnings, and the outline.
    public static func check(contentsOfFile path: String, name: String? = nil, classes: StoryboardClasses) -> StoryboardCheck {
        let escaped = (name ?? path).escapedForMessage
        return check(contents: Result { () throws(StoryboardDiagnostic) in try StoryboardFile.contents(atPath: path, name: escaped) },
                     ofFile: path, name: name, classes: classes)
    }

    /// The same check of the file at `path` from what reading it gave
    /// (`StoryboardFile.contents(atPath:)`), for a command that has read it already.
    public static func check(contents: Result<[UInt8], StoryboardDiagnostic>, ofFile path: String, name: String? = nil,
                                classes: StoryboardClasses) -> StoryboardCheck {
        let name = (name ?? path).escapedForMessage
        let model: StoryboardModel
        let bytes: [UInt8]
        let elements: Int
        do {
            bytes = try contents.get()
            (model, elements) = try StoryboardModel.parse(bytes, file: name, elementAllowance: StoryboardBudget.maximumElements,
                                                          controllers: classes.isControllerElement)
        } catch {
            return StoryboardCheck(errors: [error], warnings: [], outline: nil)
        }
        var errors: [StoryboardDiagnostic] = []
        do {
            // As loading does: the scenes, then the storyboards its references open.
            let group = StoryboardGroup()
            _ = try Storyboard(model: model, bytes: bytes.count, elements: elements, name: name, path: path, key: group.key(forPath: path),
                classes: classes, group: group)
        } catch {
            errors = error.errors
        }
        guard model.isDocument, model.otherPlatform == nil else { return StoryboardCheck(errors: errors, warnings: [], outline: nil) }
        let outline = StoryboardOutline(model: model, classes: classes)
        let warnings = LintRule.warnings(of: outline, classes: classes)
        return StoryboardCheck(errors: errors, warnings: warnings, outline: outline)
    }
}
