import App
import Navigation
import Terminal
import TestSupport
import Testing
@testable import Views
@testable import Wallet

/// Keys typed faster than frames are drawn (a paste, a held key, a script piped over SSH) are
/// handled together and shown by one frame, as `Application.run()` reads them, and end where
/// the same keys end one frame each.
@MainActor
@Suite("Keys that wait in the terminal")
struct WaitingKeysTests {
    /// The wallet run by `Application.run()` on a terminal where `keys` were all typed before
    /// the app read the first: waiting for a key with a timeout lets that time pass on the
    /// manual clock; waiting with none ends the run, as nothing more will be typed.
    private func runTypedAhead(_ keys: String, speed: AnimationSpeed = .off) throws -> TypedAheadRun {
        let scheduler = Scheduler(clock: .manual)
        let terminal = TypedAheadTerminal(size: WalletHarness.regular, scheduler: scheduler)
        terminal.keys = try KeyNotation.parse(keys).compactMap { if case .press(let key) = $0 { key } else { nil } }
        let options = WalletOptions()
        let app = try WalletApp.makeApplication(options: options, backend: terminal, scheduler: scheduler)
        app.animator.speed = speed
        let run = TypedAheadRun(terminal: terminal, app: app)
        app.window.addObserver { [run] event in run.events.append(event.description) }
        MoneyFormat.$current.withValue(options.moneyFormat) { app.run() }
        return run
    }

    /// The same keys run as a `--keys` script: one frame after each.
    private func oneFramePerKey(_ keys: String) throws -> WalletHarness {
        try WalletHarness(keys: keys + "<wait 3>")
    }

    @Test("The Send story typed ahead is handled in one frame, then one when the transfer completes, and ends where one frame per key ends")
    func sendStoryInOneFrame() throws {
        let keys = WalletHarness.toHeatherMorgan + "12.34<enter>"
        let terminal = try runTypedAhead(keys).terminal
        let perKey = try oneFramePerKey(keys)
        #expect(terminal.screen.text == perKey.text)
        // The first frame at launch, one for the ten keys, one when the request ends and Send unwinds.
        #expect(terminal.frames == 3, "\(terminal.screen.writes)")
        #expect(perKey.terminal.writes.count > 10)
    }

    @Test("With animations on, the run of keys ends at the key that starts a transition; the keys after it wait for it and go where they were meant")
    func runEndsAtTransition() throws {
        let keys = WalletHarness.toHeatherMorgan + "12.34<enter>"
        let run = try runTypedAhead(keys, speed: .normal)
        let (terminal, app) = (run.terminal, run.app)
        #expect(!app.animator.isAnimating)
        #expect(terminal.screen.text == (try oneFramePerKey(keys)).text)
        let wallet = try #require((app.window.rootViewController as? NavigationController)?.viewControllers.first as? WalletViewController)
        #expect(wallet.transactions.map(\.amount) == [1234])
    }

    @Test("A long paste shows progress: at most eventsPerFrame keys are handled before a frame is drawn")
    func longPasteShowsProgress() throws {
        let digits = String(repeating: "1", count: 3 * EventLoop.eventsPerFrame + 8)
        let keys = WalletHarness.toHeatherMorgan + digits
        let terminal = try runTypedAhead(keys).terminal
        // Launch, then 4 + 3 × 64 + 8 keys in frames of at most 64.
        #expect(terminal.frames == 1 + 4, "\(terminal.screen.writes)")
        #expect(terminal.screen.text == (try oneFramePerKey(keys)).text)
    }

    @Test("A click typed after keys waits for the frame they lead to, and lands on what that frame shows")
    func clickWaitsForFrame() throws {
        // Where Heather Morgan's row is once Contacts shows.
        let contacts = try WalletHarness(keys: "n")
        let y = try #require(contacts.lines.firstIndex { $0.contains("Heather Morgan") })
        let x = try #require(contacts.lines[y].firstIndex(of: "H")).utf16Offset(in: contacts.lines[y])
        let run = try runTypedAhead("n<click \(x) \(y)>")
        let (terminal, app) = (run.terminal, run.app)
        // Launch, the frame with Contacts that n led to, the frame after the click.
        #expect(terminal.frames == 3, "\(terminal.screen.writes)")
        let modal = app.window.presentationStack.compactMap { $0 as? NavigationController }.dropFirst().first
        let amount = try #require(modal?.topViewController as? TransactionViewController)
        #expect(amount.contact?.name == "Heather")
    }

    @Test("Ctrl-C typed after keys quits after they are handled and drawn, not before")
    func controlCAfterKeys() throws {
        let run = try runTypedAhead("n<down><c-c>")
        let (terminal, app) = (run.terminal, run.app)
        #expect(!app.isRunning)
        #expect(terminal.screen.text == (try WalletHarness(keys: "n<down>")).text)
    }

    @Test("Any keys, typed ahead or one frame each, end on the same screen with the same events, transitions playing or not",
          arguments: 0..<100, [AnimationSpeed.off, .normal])
    func typedAheadEqualsOneFramePerKey(seed: UInt64, speed: AnimationSpeed) throws {
        var random = SplitMix(seed: seed)
        let alphabet = ["n", "<down>", "<up>", "<enter>", "<tab>", "<s-tab>", "<esc>", "1", "2", ".", "<bs>",
                        "<pgdn>", "<end>", "<f1>", "q", "<c-c>", "<click 40 22>", "<click 20 6>", "<click 70 6>"]
        let keys = (0..<40).map { _ in alphabet.randomElement(using: &random)! }.joined()
        let typedAhead = try runTypedAhead(keys, speed: speed)
        let perKey = try oneFramePerKey(keys)
        #expect(typedAhead.terminal.screen.text == perKey.text, "keys: \(keys)")
        #expect(typedAhead.app.isRunning == perKey.app.isRunning, "keys: \(keys)")
        #expect(typedAhead.events == perKey.events.map(\.description), "keys: \(keys)")
    }
}

/// A run of `Application.run()` on a `TypedAheadTerminal`, and the navigation events it sent.
@MainActor
final class TypedAheadRun {
    let terminal: TypedAheadTerminal
    let app: Application
    var events: [String] = []

    init(terminal: TypedAheadTerminal, app: Application) {
        self.terminal = terminal
        self.app = app
    }
}

/// A terminal where every key was typed before the app reads the first, on a manual clock.
@MainActor
final class TypedAheadTerminal {
    let screen: MemoryTerminal
    let scheduler: Scheduler
    var keys: [Key] = []
    private(set) var shouldTerminate = false
    /// Frames drawn, less the last: the turn that found no key left draws one too.
    var frames: Int { screen.writes.count - 1 }

    init(size: Size, scheduler: Scheduler) {
        screen = MemoryTerminal(size: size)
        self.scheduler = scheduler
    }
}

extension TypedAheadTerminal: @MainActor TerminalBackend {
    var size: Size { screen.size }
    var capabilities: TerminalCapabilities { screen.capabilities }
    func draw(_ changes: [CellChange], cursor: Point?) { screen.draw(changes, cursor: cursor) }
    func suspend() {}

    func readKey(timeout: Double?) -> Key? {
        if !keys.isEmpty { return keys.removeFirst() }
        guard let timeout else {
            shouldTerminate = true
            return nil
        }
        scheduler.advance(by: timeout)
        return nil
    }
}
