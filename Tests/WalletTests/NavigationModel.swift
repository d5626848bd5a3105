import Terminal
@testable import Wallet

/// Where a user of the wallet should be after each key, written from the README and the sample
/// rather than from the code: which screen shows, which contact is selected, what is being
/// sent, and the money. It is small on purpose; how focus moves is the app's business, so the
/// model is told what has focus (as the user sees it) and predicts what a key does with it.
struct NavigationModel: Equatable {
    /// The screens of the wallet, below any alert.
    enum Screen: Equatable {
        case wallet
        case contacts(row: Int)
        case amount(row: Int)
        /// The request behind Send runs: `remaining` seconds to go.
        case sending(row: Int, cents: Int, remaining: Double)
    }

    /// The alerts a user can meet, each with its buttons in order.
    enum Alert: Equatable {
        case help
        case transferFailed
        case quitWhileSending
        /// The wallet refused a transfer it could not record.
        case notRecorded

        var title: String {
            switch self {
            case .help: return "Keys"
            case .transferFailed: return "Transfer failed"
            case .quitWhileSending: return "Quit?"
            case .notRecorded: return "Transfer not recorded"
            }
        }

        var buttonCount: Int { self == .help || self == .notRecorded ? 1 : 2 }
    }

    /// What has focus on the screen before the key, as the user sees it.
    enum Focus: Equatable {
        case table, textField, button(String), barItem(String), nothing
    }

    static let launchBalance = 543_201
    static let contactNames = ["Alan Johnson", "Brian Freeman", "Heather Morgan", "John Appleseed", "Julia Henry"]
    static let networkDelay = 2.0

    var screen = Screen.wallet
    var alert: Alert?
    /// The alert button with focus: the first when the alert appears.
    var alertFocus = 0
    var balance = launchBalance
    var transactions: [(name: String, cents: Int)] = []
    var hasQuit = false
    /// Whether the storyboard hands the balance to Amount, so that Send refuses more than it;
    /// when it does not, the wallet refuses such a transfer when it comes back.
    var amountKnowsBalance = true

    static func == (lhs: NavigationModel, rhs: NavigationModel) -> Bool {
        lhs.screen == rhs.screen && lhs.alert == rhs.alert && lhs.alertFocus == rhs.alertFocus && lhs.balance == rhs.balance
            && lhs.transactions.elementsEqual(rhs.transactions, by: ==) && lhs.hasQuit == rhs.hasQuit
            && lhs.amountKnowsBalance == rhs.amountKnowsBalance
    }

    /// Where the model is, in words for counting which places walks reach.
    var places: Set<String> {
        guard !hasQuit else { return ["quit"] }
        var places: Set<String>
        switch screen {
        case .wallet: places = ["Wallet"]
        case .contacts: places = ["Contacts"]
        case .amount: places = ["Amount"]
        case .sending: places = ["Sending"]
        }
        if let alert { places.insert(alert.title) }
        if !transactions.isEmpty { places.insert("recorded a transfer") }
        return places
    }

    var isSending: Bool {
        if case .sending = screen { return true } else { return false }
    }

    /// What can follow a step: one state, or two when a request ends and may have failed.
    /// `focus` is what had focus before the key; `amountText` what the amount field held.
    /// `sheetPullable`: whether Contacts is a sheet the user can pull down: presented (not pushed
    /// by a Show segue) in a regular height (rule 29; in a compact height it is full screen).
    func next(after step: KeyScriptStep, focus: Focus, amountText: String, failureRate: Double,
              sheetPullable: Bool = true) -> [NavigationModel] {
        var model = self
        switch step {
        case .wait(let seconds):
            return model.passing(seconds, failureRate: failureRate)
        case .resize, .caption, .pause, .ask:
            // Every size a walk takes shows the screens, and a caption is for the room, as a
            // pause is for the presenter: where the user is stays the same.
            return [model]
        case .press(.control("c")):
            model.interrupt()
        case .press(.control("d")):
            // Rule 30: the pull-down goes back to the wallet with no unwind, the ledger as it
            // was; while a transfer is sent Amount refuses it (isModalInPresentation).
            guard alert == nil, sheetPullable else { return [model] }
            switch screen {
            case .contacts, .amount: model.screen = .wallet
            default: break
            }
        case .press(let key) where alert == nil && focus == .table && (key == .pageUp || key == .pageDown):
            // A page is as many rows as fit, which is the layout's business: any row towards
            // the end the key names, or the same row at that end.
            guard case .contacts(let row) = screen else { return [model] }
            let rows = key == .pageUp ? Array(0..<row) : Array((row + 1)..<Self.contactNames.count)
            return (rows.isEmpty ? [row] : rows).map { row in
                var paged = model
                paged.screen = .contacts(row: row)
                return paged
            }
        case .press(let key):
            if alert != nil {
                model.pressInAlert(key)
            } else {
                model.press(key, focus: focus, amountText: amountText)
            }
        }
        return [model]
    }

    // MARK: Keys

    /// Ctrl-C quits, but asks first while a transfer is being sent; asked again, it quits.
    private mutating func interrupt() {
        if isSending && alert != .quitWhileSending {
            show(.quitWhileSending)
        } else {
            hasQuit = true
        }
    }

    /// `q` quits when no text field takes it, asking first while a transfer is being sent.
    private mutating func quit() {
        if isSending { show(.quitWhileSending) } else { hasQuit = true }
    }

    private mutating func show(_ alert: Alert) {
        self.alert = alert
        alertFocus = 0
    }

    /// In an alert: Esc chooses its cancel button, Enter the focused one; Tab and the arrows move
    /// between buttons; nothing else acts, `q` included.
    private mutating func pressInAlert(_ key: Key) {
        guard let alert else { return }
        switch key {
        case .escape:
            choose(alert == .transferFailed ? 1 : 0)
        case .enter, .character(" "):
            choose(alertFocus)
        case .tab, .right, .down:
            alertFocus = (alertFocus + 1) % alert.buttonCount
        case .backTab, .left, .up:
            alertFocus = (alertFocus + alert.buttonCount - 1) % alert.buttonCount
        default:
            break
        }
    }

    private mutating func choose(_ button: Int) {
        let chosen = alert
        alert = nil
        switch (chosen, button) {
        case (.transferFailed, 0):
            // Try Again sends the same amount again.
            if case .amount(let row) = screen, let cents = pendingCents {
                screen = .sending(row: row, cents: cents, remaining: Self.networkDelay)
            }
        case (.quitWhileSending, 1):
            hasQuit = true
        default:
            break
        }
    }

    /// The amount of the last Send, kept for Try Again.
    private(set) var pendingCents: Int?

    private mutating func press(_ key: Key, focus: Focus, amountText: String) {
        switch key {
        case .function(1):
            show(.help)
            return
        case .character("?") where focus != .textField:
            show(.help)
            return
        case .character("q") where focus != .textField:
            quit()
            return
        default:
            break
        }
        switch screen {
        case .wallet:
            if key == .character("n") || (isActivation(key) && focus == .button("New Transfer")) {
                screen = .contacts(row: 0)
            }
        case .contacts(let row):
            pressOnContacts(key, row: row, focus: focus)
        case .amount(let row):
            let sends = (focus == .textField && key == .enter) || (isActivation(key) && focus == .barItem("Send"))
            if key == .escape || (isActivation(key) && focus == .barItem("‹ Contacts")) || (isActivation(key) && focus == .barItem("Contacts")) {
                screen = .contacts(row: row)
            } else if sends, let cents = sendable(amountText) {
                pendingCents = cents
                screen = .sending(row: row, cents: cents, remaining: Self.networkDelay)
            }
        case .sending:
            // Nothing leaves Sending: Back is hidden, Send and the field are disabled.
            break
        }
    }

    private func isActivation(_ key: Key) -> Bool { key == .enter || key == .character(" ") }

    private mutating func pressOnContacts(_ key: Key, row: Int, focus: Focus) {
        let last = Self.contactNames.count - 1
        if key == .escape || (isActivation(key) && focus == .barItem("Cancel")) {
            screen = .wallet
            return
        }
        guard focus == .table else { return }
        switch key {
        case .up, .character("k"): screen = .contacts(row: max(0, row - 1))
        case .down, .character("j"): screen = .contacts(row: min(last, row + 1))
        case .home: screen = .contacts(row: 0)
        case .end: screen = .contacts(row: last)
        case .enter, .character(" "): screen = .amount(row: row)
        default: break
        }
    }

    /// The cents Send accepts: an amount above zero, with at most two decimals, no more than
    /// the balance; nil when Send refuses the text and stays on Amount.
    private func sendable(_ text: String) -> Int? {
        guard case .success(let cents) = MoneyFormat.current.cents(from: text), cents > 0,
              cents <= balance || !amountKnowsBalance else { return nil }
        return cents
    }

    // MARK: Time

    /// Time passing: a request that comes to its end either succeeds (the transfer is recorded
    /// and the wallet shows) or, when failures are on, fails (an alert over Amount).
    private func passing(_ seconds: Double, failureRate: Double) -> [NavigationModel] {
        guard case .sending(let row, let cents, let remaining) = screen else { return [self] }
        var model = self
        guard seconds >= remaining else {
            model.screen = .sending(row: row, cents: cents, remaining: remaining - seconds)
            return [model]
        }
        var succeeded = model
        succeeded.screen = .wallet
        succeeded.alert = nil
        succeeded.alertFocus = 0
        if cents <= balance {
            succeeded.balance -= cents
            succeeded.transactions.append((Self.contactNames[row], cents))
        } else {
            succeeded.show(.notRecorded)
        }
        guard failureRate > 0 else { return [succeeded] }
        var failed = model
        failed.screen = .amount(row: row)
        failed.show(.transferFailed)
        return [succeeded, failed]
    }
}
