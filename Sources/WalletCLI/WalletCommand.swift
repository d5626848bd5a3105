import ArgumentParser
import Catalog
import CursesTerminal
import Navigation
import Storyboards
import Terminal
import Views
import Wallet

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@main
struct WalletCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wallet",
        abstract: "The unwind-segue wallet sample, in the terminal.",
        // The binding table's keys, as F1 lists them (tab bars' and split views' too), kept as a
        // literal so that start-up does not build it: `HelpTextTests` checks it against the table.
        discussion: Self.keysDiscussion,
        version: WalletVersion.current,
        subcommands: [StoryboardCommand.self, CatalogCommand.self, ExercisesCommand.self, ServeCommand.self, ResultsCommand.self, FollowCommand.self, LaunchCommand.self]
    )

    /// `KeyBindings.reference(for: .wallet, containers: true, width: 77)`, indented, after "Keys:".
    static let keysDiscussion = """
        Keys:
          Tab, Shift-Tab    move focus
          Up, Down          move focus where no table takes them; Left and Right too
          Up, Down, k, j    move in a table
          PgUp, PgDn        page up or down
          Home, End         top or bottom
          Enter, Space      press the focused button, row or bar button
          Enter             in a text field, Send
          Esc               Cancel or Back; close an alert; close a popover
          q                 quit, when not typing
          a letter          press the button it starts (n)
          Ctrl-D            pull the sheet on top down, as a swipe down on iOS
          Ctrl-C            quit, anywhere; asks while sending, a second one quits
          Ctrl-Z            suspend; fg in the shell resumes
          F1 or ?           this list of keys
          F2, F6            the inspector; full screen
          F3                step through segues with Space
          F4, F5            back a pause (--play); restart
          F7                put the paused unwind's question to the room (wallet serve)
          Space             while stepping (F3), the next step of the segue paused, and
                            nothing else
          a character       typed in a text field; Backspace, Delete, Left, Right,
                            Home, End, Ctrl-A, Ctrl-E, Ctrl-U edit
          a click           press or open what is clicked
          Ctrl-N, Ctrl-P    next or previous tab (or page)
          1 to 9            that tab, when not typing
          Ctrl-O            the other column of a split view
        """

    @Option(name: .long, help: ArgumentHelp("Run the app from another storyboard file, such as one written for the iOS sample. One whose scenes "
        + "declare their unwind actions with the unwindActions runtime attribute, as Assets/Catalog.storyboard does, runs as `wallet catalog FILE` "
        + "runs it.", valueName: "file"))
    var storyboard: String?

    @Option(name: .long, help: ArgumentHelp("Locale for amounts: separators and symbol position.", valueName: "identifier"))
    var locale = "en_US"

    // Numbers are taken whatever they look like (.unconditional), so that a negative one gets
    // the message about its range rather than "Missing value".
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Seconds the simulated network request takes, from 0 to "
        + "\(Int(Self.maximumNetworkDelay)).", valueName: "seconds"))
    var networkDelay = 2.0

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Chance, from 0 to 1, that a request fails.", valueName: "p"))
    var failureRate = 0.0

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Seed for which requests fail, to repeat a demo: a whole number from 0 to "
        + "\(UInt64.max).", valueName: "n"), transform: Self.seed)
    var seed: UInt64?

    @Flag(name: .customLong("as-written"), help: ArgumentHelp("""
        Run the sample's WalletViewController as its author wrote it in 2019: the balance label set only in viewWillAppear. A sheet's \
        dismissal never calls it from iOS 13, so after Send the new row shows and the balance stays stale: the lesson of --ios 18. With \
        --ios 12 it works, as it did then.
        """))
    var asWritten = false

    @Option(name: .long, help: ArgumentHelp("""
        Run WalletViewController as a copy of the sample's WalletViewController.swift says: its balance label set in the methods where \
        a line `amountLabel.text = …` stands (viewDidLoad, viewWillAppear, viewIsAppearing, viewDidAppear, cancel:, sendTransaction:). \
        The rest of the file is read, not run. Exercise 10 edits such a file; F5 reads it again.
        """, valueName: "file"))
    var code: String?

    @OptionGroup var app: AppRunOptions
    @OptionGroup var demoData: DemoDataOptions

    /// The longest simulated request: long enough for any demo, short enough that Sending ends.
    static let maximumNetworkDelay = 3600.0

    private static func seed(_ text: String) throws -> UInt64 {
        guard let seed = UInt64(text) else {
            throw ValidationError("needs a whole number from 0 to \(UInt64.max), as in --seed 7")
        }
        return seed
    }

    func validate() throws {
        guard (0...1).contains(failureRate) else {
            throw ValidationError("--failure-rate must be between 0 and 1, as in --failure-rate 0.5")
        }
        guard (0...Self.maximumNetworkDelay).contains(networkDelay) else {
            throw ValidationError("--network-delay must be a number of seconds from 0 to \(Int(Self.maximumNetworkDelay)), as in --network-delay 2")
        }
        guard MoneyFormat.isKnownLocale(locale) else {
            throw ValidationError("unknown locale \"\(locale)\": use an identifier such as en_US, nl_NL or de_DE")
        }
        if asWritten, code != nil {
            throw ValidationError("--as-written and --code both say where the balance label is set: give one")
        }
        if let path = code, !FileSystem.exists(atPath: path) {
            throw ValidationError("--code: no file at \"\(path)\"")
        }
        if let path = storyboard, !FileSystem.exists(atPath: path) {
            throw ValidationError("no storyboard at \"\(path)\"")
        }
        try app.validateHeadless()
    }

    private var options: WalletOptions {
        var options = WalletOptions()
        options.storyboardPath = storyboard
        options.networkDelay = networkDelay
        options.failureRate = failureRate
        options.seed = seed
        options.demoTransactions = demoData.demoTransactions
        options.locale = locale
        options.code = asWritten ? .asWritten : .fixed
        options.codePath = code
        return options
    }

    func run() throws {
        // A closed pipe is then a write error that its writer reports (EPIPE), not a silent death.
        signal(SIGPIPE, SIG_IGN)
        // A command-line tool's run() is called on the main thread.
        try MainActor.assumeIsolated {
            // A storyboard of generic scenes (the catalog, a copy of it) is not written for the
            // wallet's classes: it runs as the catalog does, rather than being refused class by class.
            // The file is read once, here; one that cannot be read is reported as loading reports it.
            // A script's own storyboard (`# needs: storyboard FILE`) when none is given, as the
            // script says --play does.
            let needs = app.demo.fileNeeds()
            let storyboard = storyboard ?? needs.flatMap(app.demo.storyboardPath(of:))
            let contents = storyboard.map(StoryboardFileContents.init(path:))
            // Launched again (F5, F4), the app reads the file again, so that an edit shows.
            var launches = 0
            func bytes() -> [UInt8]? {
                launches += 1
                return launches == 1 ? contents?.bytes : storyboard.flatMap { StoryboardFileContents(path: $0).bytes }
            }
            if let contents, StoryboardCommand.declaresGenericScenes(contents) {
                try app.run(makeWindow: { _ throws(StoryboardErrors) in
                    try CatalogApp.makeWindow(storyboardPath: contents.path, bytes: bytes())
                }, storyboard: ("--storyboard", contents.path), app: .catalog, setUp: CatalogApp.configure)
                return
            }
            var options = options
            options.storyboardPath = storyboard
            // A script's network (`# needs: failure-rate 0.5, seed 5`) where the options leave
            // it as it is by default.
            if failureRate == 0, let rate = needs?.failureRate { options.failureRate = rate }
            if seed == nil, let seed = needs?.seed { options.seed = seed }
            // A script about the sample's 2019 code (`# needs: code as-written`), unless the
            // options say where the label is set.
            if code == nil, needs?.asWritten == true { options.code = .asWritten }
            try MoneyFormat.$current.withValue(options.moneyFormat) {
                try app.run(makeWindow: { scheduler throws(StoryboardErrors) in
                    var options = options
                    options.storyboardBytes = bytes()
                    return try WalletApp.makeWindow(options: options, scheduler: scheduler)
                }, storyboard: storyboard.map { ("--storyboard", $0) }, app: .wallet)
            }
        }
    }
}
