import Navigation

/// A storyboard run without its Swift code (`wallet storyboard run`, the catalog): the engine's
/// and the terminal's classes, and stand-ins for every class the app does not have.
@MainActor
public enum StoryboardWithoutCode {
    /// The classes such a storyboard is read with. Unwinds are not refused when it loads: whether
    /// one finds its destination is what running it shows.
    public static func classes(standIns: StandIns = .terminal()) -> StoryboardClasses {
        let classes = StoryboardClasses.terminal()
        classes.standIns = standIns
        classes.checksUnwindActions = false
        return classes
    }

    /// A window showing the storyboard's initial scene; throws every problem loading finds, with
    /// its line, or that the storyboard has no initial view controller.
    public static func makeWindow(contentsOfFile path: String, name: String? = nil, standIns: StandIns = .terminal()) throws(StoryboardErrors) -> Window {
        let storyboard = try Storyboard(contentsOfFile: path, name: name, classes: classes(standIns: standIns))
        // A class given unwind actions that no scene has is a typo: said, not ignored.
        let known = storyboard.sceneClassNames
        let unknown = standIns.implementations.keys.filter { !known.contains($0) }.sorted()
        if !unknown.isEmpty {
            let classes = known.isEmpty ? "none" : known.sorted().joined(separator: ", ")
            throw StoryboardErrors(errors: unknown.map { name in
                StoryboardError(file: storyboard.name, line: 0, message:
                    "--implements names \(name), which is the class of no scene of this storyboard or of those it refers to; its scenes' classes are \(classes)")
            })
        }
        guard let initial = storyboard.instantiateInitialViewController() else {
            throw StoryboardErrors(errors: [.noInitialViewController(file: storyboard.name, line: storyboard.documentLine)])
        }
        let window = Window()
        window.rootViewController = initial
        return window
    }
}
