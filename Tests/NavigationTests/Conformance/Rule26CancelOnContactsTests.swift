import Navigation
import Testing

@MainActor
@Suite("Conformance: rule 26")
struct Rule26CancelOnContactsTests {
    @Test("Rule 26: Cancel on Contacts unwinds cancel: to Wallet, not to Contacts' own navigation controller; the modal is gone, nothing changed")
    func cancelOnContacts() throws {
        let s = try Scenario(walletShaped: "Rule26-CancelOnContacts")
        try s.tap("New Transfer", in: "Wallet")
        #expect(s.hierarchy == "nav1 [Wallet] presenting nav2 [Contacts]")
        s.recorder.reset()

        try s.tapBarButton(.left, of: "Contacts")

        #expect(s.callbacks == [
            "call shouldPerformSegue  on Contacts",
            "shouldPerformSegue  on Contacts → true",
            "unwindStarted cancel: from Contacts",
            "asked nav2 false",
            "asked Wallet true",
            "destination Wallet executor nav1",
            "segueCreated UnwindSegue nil Contacts→Wallet",
            "prepare UnwindSegue nil Contacts→Wallet",
            "call prepare on Contacts",
            "action cancel: on Wallet",
            "call cancel: on Wallet",
            "perform UnwindSegue nil Contacts→Wallet",
            "transition dismiss nav2 topmost nav2",
            "life viewWillDisappear nav2",
            "life viewWillDisappear Contacts",
            "life viewDidDisappear nav2",
            "life viewDidDisappear Contacts",
        ])
        let wallet = try #require(try s.controller("Wallet") as? WalletLikeViewController)
        #expect(wallet.balanceLabel?.text == "€ 5,432.01" && wallet.rows.isEmpty)
        #expect(s.hierarchy == "nav1 [Wallet]")
    }
}
