import Navigation
import Testing

@MainActor
@Suite("Conformance: rule 25")
struct Rule25LaunchTests {
    @Test("Rule 25: launch: balance € 5,432.01, no rows")
    func launch() throws {
        let s = try Scenario(walletShaped: "Rule25-Launch")

        let wallet = try #require(try s.controller("Wallet") as? WalletLikeViewController)
        // Launching is the window showing the storyboard's initial navigation controller, and
        // its root appearing, as the sample's storyboard starts.
        #expect(s.callbacks == [
            "life viewDidLoad nav1",
            "life viewWillAppear nav1",
            "life viewDidLoad Wallet",
            "life viewWillAppear Wallet",
            "life viewIsAppearing nav1",
            "life viewIsAppearing Wallet",
            "life viewDidAppear nav1",
            "life viewDidAppear Wallet",
        ])
        #expect(wallet.balanceLabel?.text == "€ 5,432.01")
        #expect(wallet.rows.isEmpty)
        #expect(s.hierarchy == "nav1 [Wallet]")
        #expect(s.window.topViewController === (try s.controller("nav1")))
    }
}
