import Foundation
import Navigation
import Terminal
import Testing
import Views
@testable import Wallet

/// The wallet's navigation as the window's observers see it (unwind-semantics.md, rules 24–28).
@MainActor
@Suite struct TraceTests {
    /// Where each kind of step happened in `events`, to compare orders.
    private func index(in events: [NavigationEvent], _ predicate: (NavigationEvent) -> Bool,
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let found = events.firstIndex(where: predicate)
        return try #require(found, sourceLocation: sourceLocation)
    }

    @Test("Rule 28 on iOS 12, as the sample was written: Send → prepare on Amount, sendTransaction: on Wallet, one dismissal of the whole modal, then Wallet's viewWillAppear, which refreshes the label")
    func rule28SendOrder() throws {
        let harness = try WalletHarness(options: WalletHarness.asWritten, system: .iOS12, keys: WalletHarness.toHeatherMorgan + "12.34<enter>")
        let wallet = harness.wallet
        let modal = try #require(harness.modal)
        let amount = try #require(harness.amount)
        harness.clearEvents()

        // What the wallet shows at each step: the label changes in viewWillAppear, not in the action.
        var labelAtAction: String?
        var labelAtDismissal: String?
        var labelAfterAppearing: String?
        var transactionAtAction: Transaction?
        harness.window.addObserver { event in
            switch event {
            case .unwindAction:
                labelAtAction = wallet.amountLabel.text
                transactionAtAction = amount.transaction
            case .transition(.dismiss): labelAtDismissal = wallet.amountLabel.text
            case .lifeCycle(.viewDidAppear, let c) where c.id == ObjectIdentifier(wallet): labelAfterAppearing = wallet.amountLabel.text
            default: break
            }
        }
        try harness.run("<wait 2>")
        let events = harness.events

        let prepare = try index(in: events) {
            if case .prepare(let segue) = $0 { return segue.source.id == ObjectIdentifier(amount) } else { return false }
        }
        let action = try index(in: events) {
            if case .unwindAction(let selector, let destination) = $0 {
                return selector == "sendTransaction:" && destination.id == ObjectIdentifier(wallet)
            } else { return false }
        }
        let dismissals = events.enumerated().filter { if case .transition(.dismiss) = $0.element { return true } else { return false } }
        let willAppear = try index(in: events) {
            if case .lifeCycle(.viewWillAppear, let c) = $0 { return c.id == ObjectIdentifier(wallet) } else { return false }
        }

        #expect(prepare < action)
        #expect(dismissals.count == 1)
        let dismissal = try #require(dismissals.first)
        #expect(action < dismissal.offset)
        #expect(dismissal.offset < willAppear)
        // The whole modal goes in one step: the dismissal is of the modal navigation controller.
        if case .transition(.dismiss(let dismissed, _)) = dismissal.element {
            #expect(dismissed.id == ObjectIdentifier(modal))
        }
        // Amount's Back is not used: no pop inside the modal on the way.
        #expect(!events.contains { if case .transition(.pop) = $0 { return true } else { return false } })

        // The segue handed to prepare and the action.
        let segue = try #require(events.compactMap { if case .prepare(let s) = $0 { return s } else { return nil } }.first)
        #expect(segue.identifier == "SendTransactionSegue")
        #expect(segue.destination.id == ObjectIdentifier(wallet))

        // prepare built the transaction before the action read it.
        #expect(transactionAtAction == (Transaction(amount: 1234, contact: Contact(name: "Heather", surname: "Morgan", account: "NL 98 QWER 0864 9753"))))
        // The balance label is refreshed by viewWillAppear.
        #expect(labelAtAction == "€ 5,432.01")
        #expect(labelAtDismissal == "€ 5,432.01")
        #expect(labelAfterAppearing == "€ 5,419.67")
    }

    @Test("Rule 28: the unwind for Send starts only when the request completes")
    func rule28WaitsForTheRequest() throws {
        let harness = try WalletHarness(keys: WalletHarness.toHeatherMorgan + "12.34")
        harness.clearEvents()
        try harness.run("<enter><wait 1.5>")
        #expect(!harness.events.contains { if case .unwindStarted = $0 { return true } else { return false } })
        try harness.run("<wait 0.5>")
        let started = harness.events.filter { if case .unwindStarted = $0 { return true } else { return false } }
        #expect(started.count == 1)
    }

    @Test("Rule 2: the search for Send's destination asks each controller once")
    func rule2EachControllerAskedOnce() throws {
        let harness = try WalletHarness(keys: WalletHarness.toHeatherMorgan + "12.34<enter>")
        harness.clearEvents()
        try harness.run("<wait 2>")
        let asked = harness.events.compactMap { event -> String? in
            if case .unwindAsked(let controller, _, _, _) = event { return controller.description } else { return nil }
        }
        #expect(asked == ["ContactsViewController \"Contacts\"", "NavigationController (root \"Contacts\")", "WalletViewController \"Wallet\""])
    }

    @Test("Rule 26: Cancel unwinds cancel: to Wallet, not to Contacts' navigation controller")
    func rule26CancelUnwindsToWallet() throws {
        let harness = try WalletHarness(keys: "n")
        let wallet = harness.wallet
        let modal = try #require(harness.modal)
        let contacts = try #require(harness.contacts)
        harness.clearEvents()
        try harness.run("<esc>")
        let events = harness.events

        let started = events.compactMap { event -> (Navigation.Selector, ControllerID)? in
            if case .unwindStarted(let action, let source) = event { return (action, source) } else { return nil }
        }
        #expect(started.count == 1)
        #expect(started.first?.0 == "cancel:")
        #expect(started.first?.1.id == ObjectIdentifier(contacts))

        let destinations = events.compactMap { event -> ControllerID? in
            if case .unwindDestination(let destination, _) = event { return destination } else { return nil }
        }
        #expect(destinations.map(\.id) == [ObjectIdentifier(wallet)])
        #expect(destinations.first?.id != ObjectIdentifier(modal))
        // Contacts' navigation controller was asked and declined.
        #expect(events.contains {
            if case .unwindAsked(let c, "cancel:", false, _) = $0 { return c.id == ObjectIdentifier(modal) } else { return false }
        })
        #expect(events.contains {
            if case .unwindAction("cancel:", let c) = $0 { return c.id == ObjectIdentifier(wallet) } else { return false }
        })
        let dismissals = events.filter { if case .transition(.dismiss) = $0 { return true } else { return false } }
        #expect(dismissals.count == 1)
        #expect(harness.modal == nil)
        #expect(harness.wallet.balance == 543201)
        #expect(harness.wallet.transactions.isEmpty)
    }

    @Test("Rule 27: Back on Amount pops to Contacts: no prepare, no unwind action")
    func rule27BackIsAPop() throws {
        let harness = try WalletHarness(keys: WalletHarness.toHeatherMorgan)
        let contacts = try #require(harness.contacts)
        harness.clearEvents()
        try harness.run("<esc>")
        let events = harness.events
        #expect(events.contains {
            if case .transition(.pop(let to, _)) = $0 { return to.id == ObjectIdentifier(contacts) } else { return false }
        })
        #expect(!events.contains {
            switch $0 {
            case .prepare, .unwindStarted, .unwindAction, .unwindDestination: return true
            default: return false
            }
        })
    }

    /// Rule 30: Contacts is a sheet on iOS 18. The sample's code sets the label in
    /// viewWillAppear, which the sheet's dismissal never calls: as written, the row shows and the
    /// balance is stale; the app sets it in sendTransaction:, where the balance changes.
    @Test("Rule 30: on iOS 18 the wallet never disappears under Contacts; after Send the sample's code as written leaves the balance stale, and the app's fix shows it")
    func rule30StaleBalanceOnASheet() throws {
        let asWritten = try WalletHarness(options: WalletHarness.asWritten, keys: WalletHarness.toHeatherMorgan + "12.34<enter><wait 2>")
        #expect(asWritten.wallet.transactions.count == 1 && asWritten.wallet.balance == 5_419_67)
        #expect(asWritten.wallet.amountLabel.text == "€ 5,432.01", "stale: no viewWillAppear after a sheet")
        let walletAppearances = asWritten.events.filter { if case .lifeCycle(.viewWillAppear, let c) = $0 { c.className == "WalletViewController" } else { false } }
        #expect(walletAppearances.count <= 1, "the wallet appeared at launch only")

        let fixed = try WalletHarness(keys: WalletHarness.toHeatherMorgan + "12.34<enter><wait 2>")
        #expect(fixed.wallet.amountLabel.text == "€ 5,419.67")

        let then = try WalletHarness(options: WalletHarness.asWritten, system: .iOS12, keys: WalletHarness.toHeatherMorgan + "12.34<enter><wait 2>")
        #expect(then.wallet.amountLabel.text == "€ 5,419.67", "on iOS 12 the 2019 code worked")
    }

    @Test("Rule 30: pulling Contacts down calls no cancel:, changes nothing, and the trace says so")
    func rule30PullDownIsNoCancel() throws {
        let harness = try WalletHarness(keys: "n")
        harness.clearEvents()
        try harness.run("<c-d>")
        #expect(harness.window.presentationStack.count == 1)
        #expect(!harness.events.contains { if case .unwindStarted = $0 { true } else { false } })
        #expect(harness.events.contains(where: { $0.description.hasSuffix("no unwind ran; cancel: was not called") }))
        #expect(harness.wallet.amountLabel.text == "€ 5,432.01" && harness.wallet.transactions.isEmpty)
    }

    /// Rule 24: every controller that appears or disappears hears of it, in will/did pairs, for
    /// the presentation of Contacts and for its dismissal.
    @Test("Rule 24: presenting and dismissing Contacts traces will, is-appearing and did on Contacts")
    func rule24ContactsAppearance() throws {
        let harness = try WalletHarness()
        try harness.run("n")
        let presented = harness.events.compactMap { event -> String? in
            if case .lifeCycle(let call, let c) = event, c.className == "ContactsViewController" { return call.rawValue } else { return nil }
        }
        #expect(presented == ["viewDidLoad", "viewWillAppear", "viewIsAppearing", "viewDidAppear"])

        harness.clearEvents()
        try harness.run("<esc>")
        let dismissed = harness.events.compactMap { event -> String? in
            if case .lifeCycle(let call, let c) = event, c.className == "ContactsViewController" { return call.rawValue } else { return nil }
        }
        #expect(dismissed == ["viewWillDisappear", "viewDidDisappear"])
    }

    @Test("Rule 24: on iOS 18 Contacts is a sheet and the wallet hears nothing; on iOS 12 it disappears and appears again")
    func rule24WalletAppearance() throws {
        for (system, expected) in [(SystemVersion.iOS18, [String]()),
                                   (.iOS12, ["viewWillDisappear", "viewDidDisappear", "viewWillAppear", "viewIsAppearing", "viewDidAppear"])] {
            let harness = try WalletHarness(system: system)
            harness.clearEvents()
            try harness.run("n<esc>")
            let wallet = harness.events.compactMap { event -> String? in
                if case .lifeCycle(let call, let c) = event, c.className == "WalletViewController" { return call.rawValue } else { return nil }
            }
            #expect(wallet == expected, "\(system)")
        }
    }

    @Test("Rule 25: launch shows € 5,432.01 and no rows")
    func rule25Launch() throws {
        let harness = try WalletHarness()
        #expect(harness.wallet.balance == 543201)
        #expect(harness.wallet.transactions.isEmpty)
        #expect(harness.wallet.amountLabel.text == "€ 5,432.01")
        #expect(harness.wallet.tableView.numberOfRows == 0)
    }
}
