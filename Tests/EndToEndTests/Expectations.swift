import Testing

/// The terminal is as the app found it: `echo` and `icanon` on (not `-echo`, `-icanon`), and
/// `stty -g` the same before and after the app.
func expectTerminalRestored(_ ending: TmuxSession.Ending, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(ending.flags.contains("echo"), "stty -a lacks echo:\n\(ending.screen)", sourceLocation: sourceLocation)
    #expect(ending.flags.contains("icanon"), "stty -a lacks icanon:\n\(ending.screen)", sourceLocation: sourceLocation)
    #expect(!ending.flags.contains("-echo"), "stty -a shows -echo:\n\(ending.screen)", sourceLocation: sourceLocation)
    #expect(!ending.flags.contains("-icanon"), "stty -a shows -icanon:\n\(ending.screen)", sourceLocation: sourceLocation)
    #expect(ending.settingsUnchanged, "stty -g after the app differs from before it:\n\(ending.screen)", sourceLocation: sourceLocation)
}

/// The five contacts, as the Contacts table shows them.
let contactNames = ["Alan Johnson", "Brian Freeman", "Heather Morgan", "John Appleseed", "Julia Henry"]

/// Expects the wallet to refuse `arguments`: a non-zero exit, and `message` on standard error.
func expectRefused(_ arguments: [String], saying message: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let result = try await runWallet(arguments)
    #expect(result.status != 0, sourceLocation: sourceLocation)
    #expect(result.standardError.contains(message), "\(result.standardError)", sourceLocation: sourceLocation)
}

extension TmuxSession {
    /// Quits with q and expects the app to end with status 0, as a story that ends well does.
    @discardableResult
    func quitExpectingSuccess(sourceLocation: SourceLocation = #_sourceLocation) async throws -> Ending {
        let ending = try await quit()
        #expect(ending.exitStatus == 0, "\(ending.screen)", sourceLocation: sourceLocation)
        return ending
    }
}

extension TmuxSession {
    /// An attendee's Send story from the wallet: New Transfer, Heather Morgan, € 12.34, Send;
    /// what follows is the caller's to wait for.
    func sendTwelveThirtyFourToHeather() async throws {
        try await send(keys: "n")
        _ = try await waitFor(text: "Heather Morgan")
        try await send(keys: "Down", "Down", "Enter")
        _ = try await waitFor(text: "Amount")
        try await type("12.34")
        try await send(keys: "Enter")
    }
}
