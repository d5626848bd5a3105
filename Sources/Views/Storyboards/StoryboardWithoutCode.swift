import Navigation
import Storyboards

/// A storyboard run without its Swift code (`wallet storyboard run`, the catalog): the engine's
/// and the terminal's classes, and stand-ins for every class the app does not have.
@MainActor
public enum StoryboardWithoutCode {
    /// The classes such a storyboard is read with. Unwinds are not refused when it loads: whether
    /// one finds its destination is what running it shows.
    /// `searchPaths`: folders where references are looked for besides the storyboard's project.
    public static func classes(standIns: StandIns = .terminal(), searchPaths: [String] = []) -> StoryboardClasses {
        let classes = StoryboardClasses.terminal()
        classes.standIns = standIns
        classes.referenceSearchPaths = searchPaths
        classes.checksUnwindActions = false
        return classes
    }

    /// A window showing the storyboard's initial scene; throws every problem loading finds, with
    /// its line, every problem of the stand-ins' declared behaviours with the storyboard, or that
    /// the storyboard has no initial view controller.
    /// `identifier`: start from the scene with this Storyboard ID rather than the initial one.
    public static func makeWindow(contentsOfFile path: String, name: String? = nil, standIns: StandIns = .terminal(),
                                  identifier: String? = nil, searchPaths: [String] = []) throws(StoryboardErrors) -> Window {
        let storyboard = try Storyboard(contentsOfFile: path, name: name, classes: classes(standIns: standIns, searchPaths: searchPaths))
        // A class given unwind actions that no scene has is a typo: said, not ignored.
        // Warnings (a segue a selection would perform twice) are lint's to say; run refuses errors.
        let errors = (storyboard.implementationProblems(of: standIns) + storyboard.behaviourProblems(standIns.behaviours)).filter(\.isError)
        // Behaviours that name what the storyboard has not are typos too: each said at its line.
        if !errors.isEmpty { throw StoryboardErrors(errors: errors) }
        let identifiers = storyboard.storyboardIdentifiers.joined(separator: ", ")
        let first: ViewController
        if let identifier {
            guard let scene = storyboard.instantiateViewController(withIdentifier: identifier) else {
                throw StoryboardErrors(errors: [StoryboardDiagnostic(file: storyboard.name, line: 0, rule: .initialViewController, message:
                    "--storyboard-id \(identifier): no scene has that Storyboard ID; "
                        + "\(identifiers.isEmpty ? "the storyboard has none" : "its Storyboard IDs are \(identifiers)")")])
            }
            first = scene
        } else {
            guard let initial = storyboard.instantiateInitialViewController() else {
                var error = StoryboardDiagnostic.noInitialViewController(file: storyboard.name, line: storyboard.documentLine)
                if !identifiers.isEmpty {
                    error = StoryboardDiagnostic(file: error.file, line: error.line, rule: error.rule,
                                            message: error.message + ", or start from a scene with --storyboard-id (its Storyboard IDs are \(identifiers))")
                }
                throw StoryboardErrors(errors: [error])
            }
            first = initial
        }
        let window = Window()
        window.rootViewController = first
        return window
    }
}
