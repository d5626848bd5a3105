import Foundation
import App
import Navigation
import Terminal
import Views

/// An app on an in-memory terminal with a manual clock, as `--headless` runs it: keys go in as
/// `--keys` notation, time passes only through `<wait S>` steps, the screen comes out as plain
/// text, and every navigation event of the window is recorded from before launch in `events`.
///
/// The wallet's, the catalog's and the container fixtures' harnesses are this, with what each
/// app adds (its options, its controllers by name).
@MainActor
open class AppHarness {
    public let terminal: MemoryTerminal
    public let scheduler: Scheduler
    public let app: Application
    public private(set) var events: [NavigationEvent] = []

    /// Makes the app with `makeApp`, launches it (the window appears and the first frame is
    /// drawn), then runs `keys`.
    public init(size: Size, capabilities: TerminalCapabilities = TerminalCapabilities(unicode: true, color: false), keys: String = "",
                makeApp: (MemoryTerminal, Scheduler) throws -> Application) throws {
        terminal = MemoryTerminal(size: size, capabilities: capabilities)
        scheduler = Scheduler(clock: .manual)
        app = try makeApp(terminal, scheduler)
        app.window.addObserver { [weak self] event in self?.events.append(event) }
        within { app.launch() }
        try run(keys)
    }

    /// Runs what the app does as its command runs it: the wallet's harness inside its money
    /// format, as `wallet --locale` runs the app.
    open func within(_ body: () -> Void) { body() }

    /// Runs keys in `--keys` notation with `Application.run(script:)`: for each step the key (or
    /// the wait), the timers that fall due, a frame.
    public func run(_ keys: String) throws {
        let steps = try KeyNotation.parse(keys)
        run(steps)
    }

    public func run(_ steps: [KeyScriptStep]) {
        within { app.run(script: steps) }
    }

    /// Forgets the events recorded so far, to look at what the next keys do.
    public func clearEvents() { events.removeAll() }

    // MARK: What the user sees

    /// The screen as plain text.
    public var text: String { terminal.text }
    public var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    /// The screen's words, each row trimmed of frames and blanks and the rows joined with
    /// spaces, to find a sentence however it wraps.
    public var flatText: String {
        lines.map { row in
            let kept = row.filter { !"│|┃".contains($0) }
            return String(kept.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        }.filter { !$0.isEmpty }.joined(separator: " ")
    }
    /// The bottom row, where the keys show, or what the last unwind did.
    public var bottomRow: String { String((lines.last ?? "").drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }

    // MARK: The app's state

    public var window: Window { app.window }
    /// The alert on top, if one shows.
    public var alert: AlertController? { window.topViewController as? AlertController }
    /// The focused object on the screen that takes keys.
    public var focusedObject: AnyObject? { app.currentScreen.flatMap { app.focus.focus(on: $0) }?.object }
}

extension AppHarness {
    /// An app running the storyboard `xml` as `wallet storyboard run` does (stand-ins for every
    /// class the app does not have), after `keys`.
    public static func storyboardWithoutCode(_ xml: String, size: Size, keys: String = "") throws -> AppHarness {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("Storyboard-\(UUID().uuidString).storyboard")
        try xml.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        return try storyboardWithoutCode(contentsOfFile: file.path, size: size, keys: keys)
    }

    /// An app running the storyboard at `path` as `wallet storyboard run` does, after `keys`,
    /// with the stand-ins `standIns` makes (the terminal's, with what is declared for them).
    public static func storyboardWithoutCode(contentsOfFile path: String, size: Size, keys: String = "",
                                             standIns: @MainActor () -> StandIns = { .terminal() }) throws -> AppHarness {
        try AppHarness(size: size, keys: keys) { terminal, scheduler in
            let app = Application(window: try StoryboardWithoutCode.makeWindow(contentsOfFile: path, standIns: standIns()),
                                  backend: terminal, scheduler: scheduler)
            app.setUpForAnyStoryboard()
            return app
        }
    }
}
