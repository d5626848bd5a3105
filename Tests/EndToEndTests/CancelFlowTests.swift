import Testing

@Suite("Cancel flow, in a real terminal")
struct CancelFlowTests {
    @Test("New Transfer, then Esc (Cancel) unwinds to an unchanged Wallet; q quits cleanly")
    func cancelFromContacts() async throws {
        let session = try await TmuxSession.wallet()
        defer { session.kill() }
        try await session.send(keys: "n")
        try await session.waitUntil("Contacts with its Cancel button and the contacts") {
            $0.contains("Contacts") && $0.contains("Cancel") && $0.contains("Alan Johnson")
        }
        try await session.send(keys: "Escape")

        let wallet = try await session.waitUntil("the Wallet again, € 5,432.01, with Contacts gone") {
            $0.contains("€ 5,432.01") && !$0.contains("Contacts")
        }
        #expect(wallet.contains("Wallet"))
        #expect(wallet.contains("New Transfer"))
        for name in contactNames {
            #expect(!wallet.contains(name), "a row for \(name) after Cancel:\n\(wallet)")
        }
        #expect(!wallet.contains("-€"), "a transaction row after Cancel:\n\(wallet)")

        let ending = try await session.quit()
        #expect(ending.exitStatus == 0, "\(ending.screen)")
        expectTerminalRestored(ending)
    }
}
