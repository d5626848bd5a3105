import Foundation
import Testing
import TestSupport

/// A question put to the room over `wallet serve` (issue 35), as a workshop meets it: OpenSSH's
/// `ssh` in real terminals for the presenter, three attendees (two in the wallet, one still in
/// the menu) and two followers; every answer and changed answer tallied once, the reveal runs
/// the search, the results file keeps every answer; and an exercise done in a session reaches
/// the presenter's screen.
@Suite("A poll of the room over wallet serve", .serialized)
struct RoomPollTests {
    typealias Server = ServeTests.Server

    /// Stepping, the presenter in the wallet opens Contacts and presses Cancel: paused before
    /// the search, F7 asks the room which controller answers first.
    static func askTheRoom(_ presenter: TmuxSession) async throws {
        try await presenter.send(keys: "F3")
        _ = try await presenter.send("n", thenWaitFor: "Segue under way")
        _ = try await presenter.send("Enter", thenWaitFor: "Contacts")
        _ = try await presenter.send("Escape", thenWaitFor: "shouldPerformSegue")
        try await presenter.send(keys: "Space")
        _ = try await presenter.waitFor(text: "F7 ask the room")
        try await presenter.send(keys: "F7")
    }

    @Test func theRoomAnswersAndThePresenterReveals() async throws {
        let server = try await Server(["--presenter-key", "$STATE/presenter.pub", "--results", "$STATE/results.jsonl"],
                                      prepare: Server.withPresenterKey)
        defer { server.stop() }
        // The start-up lines say where the room's results go (issue 47: they did not).
        #expect(server.printed.contains("Questions, answers and exercises are appended to \(server.state.path)/results.jsonl"), "\(server.printed)")
        let presenter = try await server.presenter(width: 120, height: 40)
        defer { presenter.kill() }
        _ = try await presenter.send("Enter", thenWaitFor: "€ 5,432.01")
        let first = try await server.wallet()
        defer { first.kill() }
        let second = try await server.wallet()
        defer { second.kill() }
        let inMenu = try await server.session()
        defer { inMenu.kill() }
        _ = try await inMenu.waitFor(text: "The segue catalog")
        let watchers = [try await server.session("watch", width: 120, height: 40), try await server.session("watch", width: 100, height: 40)]
        defer { watchers.forEach { $0.kill() } }
        for watcher in watchers { _ = try await watcher.waitFor(text: "Saldo") }

        try await Self.askTheRoom(presenter)
        _ = try await presenter.waitFor(text: "The room: 0 answered · 5 have not")

        // It reaches all five, over what each is doing.
        let everyone = [first, second, inMenu] + watchers
        for session in everyone {
            let screen = try await session.waitFor(text: "A question from the presenter")
            #expect(screen.contains("unwinds with cancel:. Which controller"))
            #expect(screen.contains("b  WalletViewController \"Wallet\""), "\(screen)")
        }
        // Answers, one changed: a 1, b 3, d 1.
        try await first.send(keys: "b")
        try await second.send(keys: "c")
        _ = try await second.waitFor(text: "[c]")
        try await second.send(keys: "b")
        _ = try await second.waitFor(text: "[b]")
        try await inMenu.send(keys: "a")
        try await watchers[0].send(keys: "d")
        try await watchers[1].send(keys: "b")
        let tally = try await presenter.waitFor(text: "The room: 5 answered · all have")
        #expect(tally.contains("3"), "\(tally)")

        // The reveal is the search itself: Space until the destination is found.
        try await presenter.send(keys: "Space")
        try await presenter.send(keys: "Space")
        _ = try await presenter.waitFor(text: "WalletViewController \"Wallet\" ✓")
        let right = try await first.waitFor(text: "Right!")
        #expect(right.contains("The answer"))
        _ = try await second.waitFor(text: "Right!")
        _ = try await inMenu.waitFor(text: "Not this time")
        _ = try await watchers[0].waitFor(text: "Not this time")
        _ = try await watchers[1].waitFor(text: "Right!")

        // The attendee in the menu does the exercises: each predicted right reaches the
        // presenter's screen, counted of the three attendees (followers have none to do).
        // The key that closes the revealed answer only closes it (issue 47: it went on to the menu).
        try await inMenu.send(keys: "Escape")
        _ = try await inMenu.waitUntil("the answer closed, the menu under it") { !$0.contains("Not this time") && $0.contains("Pick what to run") }
        _ = try await inMenu.send("3", thenWaitFor: "Cancel goes back to the wallet")
        _ = try await inMenu.send("b", thenWaitFor: "Right!")
        _ = try await presenter.waitFor(text: "exercise 1: 1 of 3 done")
        // The next one solved as connect would solve it, typed after ":" over ssh, on the
        // session's own copy: the check passes, and the presenter counts it too.
        _ = try await inMenu.send("Enter", thenWaitFor: "Send carries the transaction back")
        _ = try await inMenu.send(":", thenWaitFor: "connect>")
        try await inMenu.send(keys: "-l", "--", "--from Amount --unwind sendTransaction: --identifier SendTransactionSegue")
        _ = try await inMenu.send("Enter", thenWaitFor: "Solved: the check passes.")
        _ = try await presenter.waitFor(text: "exercise 2: 1 of 3 done")

        let lines = try String(contentsOf: server.state.appendingPathComponent("results.jsonl"), encoding: .utf8).split(separator: "\n")
        // The question, six answers (one a change), the reveal, the two exercises.
        let expected = 10
        #expect(lines.count == expected, "\(lines.joined(separator: "\n"))")
        #expect(lines.first?.hasPrefix(#"{"event":"ask","poll":1,"question":"ContactsViewController \"Contacts\" unwinds with cancel:."#) == true)
        #expect(lines.filter { $0.contains(#""event":"answer""#) }.count == 6)
        #expect(lines.filter { $0.contains(#""changed":"yes""#) }.count == 1)
        #expect(lines.dropLast().last?.hasPrefix(#"{"event":"exercise","exercise":1,"session":"#) == true)
        #expect(lines.last?.hasPrefix(#"{"event":"exercise","exercise":2,"session":"#) == true)
        let reveal = try #require(lines.dropLast(2).last)
        #expect(reveal.contains(#""event":"reveal","poll":1,"answer":"b","tally":{"a":1,"b":3,"c":0,"d":1,"e":0},"answered":5,"waiting":0"#),
                "\(reveal)")
    }
}
