import App
import Foundation
import Navigation
import Terminal
import Testing
import Views
@testable import Wallet

/// The wallet app on an in-memory terminal with a manual clock: keys go in as `--keys` notation,
/// time passes only through `<wait S>` steps, and the screen comes out as plain text.
///
/// Every navigation event of the window is recorded from before launch in `events`.
@MainActor
final class WalletHarness {
    nonisolated static let regular = Size(width: 80, height: 24)
    /// Narrower than `ScreenRenderer.modalWindowMinimumSize`: presented screens take the whole terminal.
    nonisolated static let narrow = Size(width: 44, height: 18)

    let terminal: MemoryTerminal
    let scheduler: Scheduler
    let app: Application
    /// The `--locale` of the options: the app runs inside it, as the `wallet` command runs it.
    let moneyFormat: MoneyFormat
    private(set) var events: [NavigationEvent] = []

    /// Makes the app and launches it (the window appears and the first frame is drawn), then
    /// runs `keys`.
    init(size: Size = WalletHarness.regular,
         capabilities: TerminalCapabilities = TerminalCapabilities(unicode: true, color: false),
         options: WalletOptions = WalletOptions(),
         keys: String = "") throws {
        terminal = MemoryTerminal(size: size, capabilities: capabilities)
        scheduler = Scheduler(clock: .manual)
        moneyFormat = options.moneyFormat
        app = try WalletApp.makeApplication(options: options, backend: terminal, scheduler: scheduler)
        app.window.addObserver { [weak self] event in self?.events.append(event) }
        MoneyFormat.$current.withValue(moneyFormat) { app.launch() }
        try run(keys)
    }

    /// Options that start the wallet with `count` generated transactions (`--demo-transactions`).
    static func options(demoTransactions count: Int) -> WalletOptions {
        var options = WalletOptions()
        options.demoTransactions = count
        return options
    }

    /// Options with a failure rate and, optionally, a seed.
    static func options(failureRate: Double = 0, seed: UInt64? = nil, locale: String = "en_US",
                        storyboard: URL? = nil) -> WalletOptions {
        var options = WalletOptions()
        options.failureRate = failureRate
        options.seed = seed
        options.locale = locale
        options.storyboardURL = storyboard
        return options
    }

    /// Runs keys in `--keys` notation on the running app with `Application.run(script:)`: for
    /// each step the key (or the wait), the timers that fall due, a frame.
    func run(_ keys: String) throws {
        let steps = try KeyNotation.parse(keys)
        MoneyFormat.$current.withValue(moneyFormat) { run(steps) }
    }

    func run(_ steps: [KeyScriptStep]) {
        app.run(script: steps)
    }

    /// Forgets the events recorded so far, to look at what the next keys do.
    func clearEvents() { events.removeAll() }

    // MARK: What the user sees

    /// The screen as plain text.
    var text: String { terminal.text }
    var lines: [String] { text.components(separatedBy: "\n") }
    /// The screen's lines without the modal's frame, trimmed and joined with spaces, to find a
    /// message however it wraps.
    var flatText: String {
        lines.map { String($0.filter { $0 != "│" && $0 != "|" }).trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }
    var window: Window { app.window }
    var screenArea: Int { terminal.size.width * terminal.size.height }

    // MARK: The app's state

    var walletNavigation: NavigationController {
        window.rootViewController as! NavigationController
    }

    var wallet: WalletViewController {
        walletNavigation.viewControllers.first as! WalletViewController
    }

    /// The modal navigation controller of Contacts and Amount, while it is presented.
    var modal: NavigationController? {
        window.presentationStack.compactMap { $0 as? NavigationController }.dropFirst().first
    }

    var contacts: ContactsViewController? {
        modal?.viewControllers.first as? ContactsViewController
    }

    var amount: TransactionViewController? {
        modal?.viewControllers.dropFirst().first as? TransactionViewController
    }

    /// The alert on top, if one shows.
    var alert: AlertController? { window.topViewController as? AlertController }

    /// The focused object on the screen that takes keys.
    var focusedObject: AnyObject? {
        app.currentScreen.flatMap { app.focus.focus(on: $0) }?.object
    }

    /// The transactions of the wallet, as (name, cents).
    var recorded: [(String, Int)] {
        wallet.transactions.map { ("\($0.contact.name) \($0.contact.surname)", $0.amount) }
    }
}

extension WalletHarness {
    /// From the wallet: New Transfer, Heather Morgan (third row), then the Amount screen.
    nonisolated static let toHeatherMorgan = "n<down><down><enter>"
    /// The fixture written for the iOS sample, as the test bundle copies it.
    static var sampleStoryboardURL: URL {
        get throws {
            try #require(Bundle.module.url(forResource: "iOSSample", withExtension: "storyboard", subdirectory: "Fixtures"))
        }
    }
}

extension Array where Element == NavigationEvent {
    /// The index of the first event that matches, for checking the order of events.
    func firstIndex(matching predicate: (NavigationEvent) -> Bool) -> Int? {
        firstIndex(where: predicate)
    }
}
