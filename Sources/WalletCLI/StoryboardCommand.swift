import App
import ArgumentParser
import Navigation
import Storyboards
import Views
import Wallet

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `wallet storyboard graph|lint FILE`: a storyboard drawn, or checked, with the app's classes.
struct StoryboardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storyboard",
        abstract: "Draw a storyboard as a graph, check it, or run any storyboard with stand-ins for its classes.",
        discussion: """
            graph and lint read a storyboard with the wallet's classes, as `wallet --storyboard FILE` \
            would run it (with --stand-ins, as run does); run runs any storyboard, with stand-ins for \
            the classes the wallet does not have.
              wallet storyboard graph Assets/Main.storyboard | dot -Tsvg > storyboard.svg
              wallet storyboard lint Assets/*.storyboard Assets/Demos
              wallet storyboard run Assets/Demos/Quiz.storyboard
            """,
        subcommands: [StoryboardGraphCommand.self, StoryboardLintCommand.self, StoryboardRunCommand.self, StoryboardConnectCommand.self,
                      StoryboardDisconnectCommand.self]
    )

    /// The classes the wallet registers, which say what each scene's class implements. The
    /// network is never used: nothing is sent while a storyboard is read.
    @MainActor
    static func walletClasses() -> StoryboardClasses {
        WalletApp.classes(network: SimulatedNetwork(scheduler: Scheduler(clock: .manual)))
    }

    /// The classes lint, connect and disconnect read a storyboard with: as `storyboard run` runs
    /// it when behaviours are given (which are then its stand-ins'), else as `standIns` says.
    @MainActor
    static func checkingClasses(for file: StoryboardFileContents, standIns: StandInCheckOptions,
                                behaviours: BehaviourOptions?) throws(StoryboardErrors) -> StoryboardClasses {
        let (classes, declared) = checkingClassesAndBehaviours(for: file, standIns: standIns, behaviours: behaviours)
        if let declared { _ = try declared.get() }
        return classes
    }

    /// The same classes, and the behaviours given (nil when none are), or what is wrong with
    /// them: for lint, which reports their problems with the storyboard's rather than stopping.
    @MainActor
    static func checkingClassesAndBehaviours(for file: StoryboardFileContents, standIns: StandInCheckOptions, behaviours: BehaviourOptions?)
        -> (classes: StoryboardClasses, declared: Result<StandInBehaviours, StoryboardErrors>?) {
        guard let behaviours, behaviours.isGiven else { return (standIns.classes(for: file), nil) }
        let classes = StoryboardWithoutCode.classes(standIns: standIns.implementations.standIns(), searchPaths: standIns.implementations.storyboardPaths)
        let declared = Result { () throws(StoryboardErrors) in try behaviours.behaviours() }
        classes.standIns?.behaviours = (try? declared.get()) ?? StandInBehaviours()
        return (classes, declared)
    }

    /// The storyboard at `file`, checked with `classes`, by default those of the command that runs
    /// it (the wallet's, or the catalog's for a storyboard of generic scenes): what graph and lint
    /// start from.
    @MainActor
    static func check(_ file: StoryboardFileContents, classes: StoryboardClasses? = nil) -> StoryboardCheck {
        Storyboard.check(contents: file.contents, ofFile: file.path, name: file.path, classes: classes ?? Self.classes(for: file))
    }
}

enum GraphFormat: String, ExpressibleByArgument, CaseIterable {
    case dot, mermaid
}

struct StoryboardGraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print a storyboard's scenes and segues as a Graphviz (DOT) or Mermaid graph.",
        discussion: """
            Each scene is a node labelled with its class and title; the initial one has an arrow from \
            "start". Show and present segues are solid arrows; relationship segues (a navigation \
            controller's root) are bold (thick in Mermaid); each unwind segue is a dashed (dotted) \
            arrow from its scene to every scene whose class implements its action.
              wallet storyboard graph Assets/Main.storyboard | dot -Tsvg > storyboard.svg
              wallet storyboard graph --format mermaid Assets/Main.storyboard
            """
    )

    @Option(name: .long, help: ArgumentHelp("dot (Graphviz, the default) or mermaid, as in --format mermaid.", valueName: "dot|mermaid"))
    var format: GraphFormat = .dot

    @OptionGroup var standIns: StandInCheckOptions

    @Argument(help: ArgumentHelp("The storyboard file, as in Assets/Main.storyboard.", valueName: "file"))
    var file: String

    func run() throws {
        signal(SIGPIPE, SIG_IGN)
        try MainActor.assumeIsolated {
            // Read once: to choose the classes, and to check.
            let contents = StoryboardFileContents(path: file)
            let check = StoryboardCommand.check(contents, classes: standIns.classes(for: contents))
            // Any storyboard that parses is drawn, also one the wallet's app would refuse (an
            // attendee's, whose classes it does not have): a presenter shows its structure.
            guard let outline = check.outline else {
                OutputFile.standardError.writeIfPossible(check.errors.map { "\($0)\n" }.joined()
                    + "wallet: the storyboard cannot be read, so there is no graph; fix the errors above\n")
                throw ExitCode.failure
            }
            if !check.errors.isEmpty {
                let count = check.errors.count
                OutputFile.standardError.writeIfPossible("wallet: note: drawn as written; the app would refuse this storyboard "
                    + "(\(count) error\(count == 1 ? "" : "s"): wallet storyboard lint \(file) lists \(count == 1 ? "it" : "them")), "
                    + "and unwinds are drawn only to scenes of the wallet's classes\n")
            }
            let graph = StoryboardGraph(outline: outline)
            do {
                try OutputFile.standardOutput.write(format == .dot ? graph.dot : graph.mermaid)
            } catch {
                OutputFile.standardError.writeIfPossible("wallet: cannot write the graph to \(error)\n")
                throw ExitCode.failure
            }
        }
    }
}

