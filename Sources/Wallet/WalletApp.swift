import App
import Navigation
import Storyboards
import Terminal
import Views
import WalletAssets

/// What a user can choose when starting the wallet.
public struct WalletOptions: Sendable {
    /// The path of the storyboard to run, as the user gave it; the app's own (embedded) when nil.
    public var storyboardPath: String?
    /// The bytes of the file at `storyboardPath`, when the command has read them already (to see
    /// what the storyboard is): it is then not read a second time.
    public var storyboardBytes: [UInt8]?
    public var networkDelay: Double = 2
    public var failureRate: Double = 0
    public var seed: UInt64?
    /// The locale identifier amounts are formatted and parsed in while the app runs inside
    /// `MoneyFormat.$current.withValue(options.moneyFormat)`; one `MoneyFormat.isKnownLocale`
    /// refuses falls back to the sample's en_US (the `wallet` command refuses it first).
    public var locale = "en_US"
    public var moneyFormat: MoneyFormat { MoneyFormat(localeIdentifier: locale) ?? .default }
    /// Generated transactions the wallet starts with, as history before the sample's data
    /// (`--demo-transactions`): the balance is still the sample's. For demos and benchmarks.
    public var demoTransactions = 0
    /// Where `WalletViewController` sets the balance label: by default the fix; `.asWritten` for
    /// the sample's 2019 code (`--as-written`), stale after Send on iOS 13 and later; or as a copy
    /// of its Swift file says (`--code FILE`, exercise 10).
    public var code = WalletCode.fixed
    /// The Swift file `code` is read from at each launch (`--code`), so that F5 shows an edit.
    public var codePath: String?

    public init() {}
}

/// Puts the wallet together: the sample's classes, its storyboard, and the app on a terminal.
@MainActor
public enum WalletApp {
    /// The text of `Assets/Main.storyboard`, embedded in the app.
    public static var mainStoryboard: String { WalletAssets.text(atPath: WalletAssets.mainStoryboardPath)! }

    /// The classes a storyboard written for the iOS sample names, with what each needs.
    public static func classes(network: SimulatedNetwork, demoTransactions: Int = 0, code: WalletCode = .fixed) -> StoryboardClasses {
        let classes = StoryboardClasses.terminal()
        classes.unknownClassAdvice = "wallet --storyboard runs storyboards written for the wallet's classes"
        // The outlets named here are the ones the sample's code reads as `Label!`; a storyboard
        // that leaves one unconnected is refused with its line instead of crashing later.
        classes.register(WalletViewController.self, outlets: ["amountLabel", "tableView"]) {
            WalletViewController(demoTransactions: demoTransactions, code: code)
        }
        classes.register(ContactsViewController.self) { ContactsViewController() }
        classes.register(TransactionViewController.self, outlets: ["amountTextField", "contactNameLabel"]) {
            TransactionViewController(network: network)
        }
        classes.registerView(Cell.self, outlets: ["initalsLabel", "nameLabel", "accountLabel"]) { Cell() }
        classes.registerView(RoundView.self) { RoundView() }
        classes.registerView(RoundButton.self) { RoundButton() }
        return classes
    }

    /// The balance the wallet of `window` holds, as the wallet shows it (`€ 5,419.67`); nil when
    /// no scene of the window is the wallet. What `wallet exercises` checks a storyboard by.
    public static func balance(in window: Window) -> String? {
        var controllers = window.presentationStack
        while let controller = controllers.popLast() {
            if let wallet = controller as? WalletViewController { return wallet.balance.moneyAmount }
            controllers += controller.children
        }
        return nil
    }

    /// What the wallet of `window` shows as its balance: its label's text, which the code sets
    /// (`WalletCode`); nil when no scene of the window is the wallet.
    public static func balanceLabel(in window: Window) -> String? {
        var controllers = window.presentationStack
        while let controller = controllers.popLast() {
            if let wallet = controller as? WalletViewController { return wallet.amountLabel?.text }
            controllers += controller.children
        }
        return nil
    }

    /// The app, ready to run on `backend`; throws when the storyboard cannot be used, with every
    /// problem and its line.
    public static func makeApplication(options: WalletOptions, backend: TerminalBackend, scheduler: Scheduler) throws(StoryboardErrors) -> Application {
        Application(window: try makeWindow(options: options, scheduler: scheduler), backend: backend, scheduler: scheduler)
    }

    /// The window with the storyboard's initial controller, before any terminal is involved.
    public static func makeWindow(options: WalletOptions, scheduler: Scheduler) throws(StoryboardErrors) -> Window {
        let network = SimulatedNetwork(scheduler: scheduler, delay: options.networkDelay, failureRate: options.failureRate, seed: options.seed)
        // Named by the path as the user gave it (relative stays relative), so that messages lead an editor to the file.
        var code = options.code
        if let path = options.codePath {
            let bytes: [UInt8]
            do {
                bytes = try StoryboardFile.contents(atPath: path)
            } catch {
                throw StoryboardErrors(errors: [error])
            }
            code = try WalletCode.read(bytes, path: path)
        }
        let classes = classes(network: network, demoTransactions: options.demoTransactions, code: code)
        let storyboard = if let path = options.storyboardPath, let bytes = options.storyboardBytes {
            try Storyboard(bytes: bytes, ofFile: path, classes: classes)
        } else if let path = options.storyboardPath {
            try Storyboard(contentsOfFile: path, name: path, classes: classes)
        } else {
            try Storyboard(path: WalletAssets.mainStoryboardPath, of: WalletAssets.files, name: "Main.storyboard", classes: classes)
        }
        guard let initial = storyboard.instantiateInitialViewController() else {
            throw StoryboardErrors(errors: [.noInitialViewController(file: storyboard.name, line: storyboard.documentLine)])
        }
        let window = Window()
        window.rootViewController = initial
        return window
    }
}
