import ArgumentParser
import Navigation
import Storyboards
import Views

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `wallet storyboard run FILE`: any storyboard, run with stand-ins for the classes the app
/// does not have, with the app's options for looks, keys, headless runs, the inspector and traces.
struct StoryboardRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run any storyboard, even without its Swift code: its segues and unwinds, in the terminal.",
        discussion: """
            A scene whose class the app does not have is stood in for by the scene's own kind (view \
            controller, table view controller, navigation, tab bar or split view controller), drawn from the storyboard \
            alone; a view of an unknown class by its element's kind. A stand-in does nothing of its \
            own: its buttons and bar buttons trigger their segues, and it implements the unwind \
            actions declared for it, by a user-defined runtime attribute on the scene's controller \
            (Key Path unwindActions, Type String, Value startOver:,unwindToQuiz:) or by \
            --implements. An unwind nobody implements is aborted, and an alert names its action. A \
            table view controller stand-in with prototype cells shows one sample row per prototype. \
            Storyboard references open NAME.storyboard as the app's bundle would find it: beside FILE, in \
            its .lproj folders, or anywhere in its project (--storyboard-path adds folders). The wallet's own classes are not \
            used: every custom class is a stand-in. What the Swift side does that the storyboard \
            cannot say (an action that performs a segue, an unwind or prepare(for:sender:) that sets a \
            label, a compact-width substitute) is declared with --behaviours FILE or the flags after it.
              wallet storyboard run Assets/Demos/Quiz.storyboard
              wallet storyboard run Assets/Demos/Quiz.storyboard --inspector --step
              wallet storyboard run Assets/Demos/Quiz.storyboard --headless --keys '<enter>'
            """
    )

    @Argument(help: ArgumentHelp("The storyboard file, as in Assets/Catalog.storyboard.", valueName: "file"))
    var file: String

    @Option(name: .customLong("storyboard-id"), help: ArgumentHelp("Start from the scene with this Storyboard ID instead of the initial view "
        + "controller, as instantiateViewController(withIdentifier:) does, as in --storyboard-id Results.", valueName: "id"))
    var storyboardID: String?

    @OptionGroup var standIns: StandInOptions

    @OptionGroup var behaviours: BehaviourOptions

    @OptionGroup var app: AppRunOptions

    func validate() throws {
        guard FileSystem.exists(atPath: file) else {
            throw ValidationError("no storyboard at \"\(file)\"")
        }
        try app.validateHeadless()
    }

    func run() throws {
        signal(SIGPIPE, SIG_IGN)
        try MainActor.assumeIsolated {
            try app.run(makeWindow: { _ throws(StoryboardErrors) in
                // Made at each launch, so that F5 reads an edited behaviours file again.
                let standIns = standIns.standIns()
                standIns.behaviours = try behaviours.behaviours()
                return try StoryboardWithoutCode.makeWindow(contentsOfFile: file, standIns: standIns, identifier: storyboardID,
                                                            searchPaths: self.standIns.storyboardPaths)
            }, storyboard: ("FILE", file), setUp: { $0.setUpForAnyStoryboard() })
        }
    }
}
