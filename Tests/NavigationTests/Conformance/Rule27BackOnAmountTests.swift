import Navigation
import Testing

@MainActor
@Suite("Conformance: rule 27")
struct Rule27BackOnAmountTests {
    @Test("Rule 27: the default Back button on Amount pops to Contacts: no prepare, no unwind action")
    func backPopsToContacts() throws {
        let s = try Scenario(walletShaped: "Rule27-BackOnAmount")
        try s.tap("New Transfer", in: "Wallet")
        try s.tap("Heather Morgan", in: "Contacts")
        #expect(s.hierarchy == "nav1 [Wallet] presenting nav2 [Contacts, Amount]")
        let nav2 = try #require(try s.controller("nav2") as? NavigationController)
        let back = try #require(nav2.barItems.isBack ? nav2.barItems.left : nil, "Amount shows the default Back button")
        #expect(back.displayTitle == "Contacts")
        s.recorder.reset()

        back.sendActions()

        #expect(s.callbacks == ["transition pop to Contacts in nav2"] + Scenario.appearance(disappearing: ["Amount"], appearing: ["Contacts"]))
        #expect(s.hierarchy == "nav1 [Wallet] presenting nav2 [Contacts]")
    }
}
