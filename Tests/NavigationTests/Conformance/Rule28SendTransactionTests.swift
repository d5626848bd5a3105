import Navigation
import Testing

@MainActor
@Suite("Conformance: rule 28")
struct Rule28SendTransactionTests {
    @Test("Rule 28: Send → after the simulated request → SendTransactionSegue: prepare on Amount, then Wallet's sendTransaction(_:), then one dismissal of the whole modal; Wallet shows the new balance and the new row")
    func sendTransaction() async throws {
        let s = try Scenario(walletShaped: "Rule28-SendTransaction")
        try s.tap("New Transfer", in: "Wallet")
        try s.tap("Heather Morgan", in: "Contacts")
        let amount = try #require(try s.controller("Amount") as? TransactionLikeViewController)
        s.recorder.reset()

        try s.tapBarButton(.right, of: "Amount")
        #expect(s.callbacks == ["call send: on Amount"], "nothing moves while the request runs")
        await amount.sending?.value

        #expect(s.callbacks == [
            "call send: on Amount",
            "unwindStarted sendTransaction: from Amount",
            "asked Contacts false",
            "asked nav2 false",
            "asked Wallet true",
            "destination Wallet executor nav1",
            "segueCreated UnwindSegue SendTransactionSegue Amount→Wallet",
            "prepare UnwindSegue SendTransactionSegue Amount→Wallet",
            "call prepare on Amount",
            "action sendTransaction: on Wallet",
            "call sendTransaction: on Wallet",
            "perform UnwindSegue SendTransactionSegue Amount→Wallet",
            "transition dismiss nav2 topmost nav2",
            "life viewWillDisappear nav2",
            "life viewWillDisappear Amount",
            "life viewDidDisappear nav2",
            "life viewDidDisappear Amount",
        ])
        let wallet = try #require(try s.controller("Wallet") as? WalletLikeViewController)
        #expect(wallet.rows == [25_00])
        #expect(wallet.balanceLabel?.text == "€ 5,407.01", "the unwind action set the label (rule 28): a sheet's dismissal calls no viewWillAppear")
        // The modal went whole, Amount still on its stack: dismissed, not popped.
        #expect(s.hierarchy == "nav1 [Wallet]")
        #expect(amount.parent?.title == "nav2")
    }
}
