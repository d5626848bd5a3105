import App
import Foundation
import Navigation
import Terminal
import TestSupport
import Testing
import Views
@testable import Wallet

/// The wallet app as `wallet --headless` runs it (`AppHarness`), inside the money format of its
/// options as the `wallet` command runs it.
@MainActor
final class WalletHarness: AppHarness {
    nonisolated static let regular = Size(width: 80, height: 24)
    /// Narrower than `ScreenRenderer.modalWindowMinimumSize`: presented screens take the whole terminal.
    nonisolated static let narrow = Size(width: 44, height: 18)

    /// The `--locale` of the options: the app runs inside it, as the `wallet` command runs it.
    let moneyFormat: MoneyFormat

    /// Makes the app and launches it (the window appears and the first frame is drawn), then
    /// runs `keys`.
    init(size: Size = WalletHarness.regular,
         capabilities: TerminalCapabilities = TerminalCapabilities(unicode: true, color: false),
         options: WalletOptions = WalletOptions(),
         system: SystemVersion = .iOS18,
         keys: String = "") throws {
        moneyFormat = options.moneyFormat
        try super.init(size: size, capabilities: capabilities, keys: keys) { terminal, scheduler in
            let app = try WalletApp.makeApplication(options: options, backend: terminal, scheduler: scheduler)
            app.window.systemVersion = system
            return app
        }
    }

    /// Options that run the sample's code as written in 2019 (`--as-written`).
    static var asWritten: WalletOptions {
        var options = WalletOptions()
        options.code = .asWritten
        return options
    }

    override func within(_ body: () -> Void) {
        MoneyFormat.$current.withValue(moneyFormat, operation: body)
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
