import SessionProtocol
import TestSupport
import Testing

/// What `wallet-server` and a session's processes say to each other, each encoded and decoded
/// side by side: whatever is written reads back the same, and what a process cannot have
/// written (garbage, cut lines, numbers out of range) reads as nothing, never as something else.
@Suite struct SessionProtocolTests {
    // MARK: The counts

    @Test func countsReadBackAsWritten() {
        var generator = SplitMix(seed: 43)
        for _ in 0..<2000 {
            let smallest: (columns: Int, rows: Int)? = Bool.random(using: &generator)
                ? (Int.random(in: 1...512, using: &generator), Int.random(in: 1...256, using: &generator)) : nil
            let counts = RoomCounts(following: Int.random(in: 0...250, using: &generator), sessions: Int.random(in: 0...250, using: &generator),
                                    smallest: smallest)
            #expect(RoomCounts(line: counts.line.dropLast()) == counts)
            var reader = RoomCountsReader()
            // Cut anywhere, the last whole line wins.
            let stream = RoomCounts(following: 9, sessions: 9).line + counts.line
            let cut = Int.random(in: 0...stream.count, using: &generator)
            let first = reader.read(stream[..<cut])
            let second = reader.read(stream[cut...])
            #expect(second ?? first == counts)
        }
    }

    @Test func countsRefuseWhatIsNotCounts() {
        for line in ["", "1", "1 2 3", "1 2 3 4 5", "-1 2", "1  2", "a b", "1 2 80x24", " 1 2", "1234567890 1", String(repeating: "1", count: 100)] {
            #expect(RoomCounts(line: Array(line.utf8)) == nil, "\(line)")
        }
        #expect(RoomCounts(following: 2, sessions: 1, smallest: (80, 24)).text == "2 following · smallest 80x24 · 1 session")
        var reader = RoomCountsReader()
        // A line too long to be counts is refused whole, and the next one read.
        #expect(reader.read(Array(repeating: UInt8(ascii: "1"), count: 10_000) + Array(" 2\n".utf8)) == nil)
        #expect(reader.read(Array("3 4\n".utf8)) == RoomCounts(following: 3, sessions: 4))
    }

    // MARK: The menu's choice

    @Test func choicesReadBackAsWritten() {
        var generator = SplitMix(seed: 7)
        let words = ["--served", "catalog", "storyboard", "run", "Sheet.storyboard", "--play", "a b", "é", "\t", "--behaviours", "x.yaml"]
        for _ in 0..<2000 {
            let arguments = (0..<Int.random(in: 1...6, using: &generator)).map { _ in words.randomElement(using: &generator)! }
            let choice = MenuChoice(index: Int.random(in: 0...40, using: &generator), title: words.randomElement(using: &generator)!, arguments: arguments)
            #expect(MenuChoice(bytes: choice.bytes) == choice)
            // Cut short (the menu killed as it wrote), it is no choice at all.
            let cut = Int.random(in: 0..<choice.bytes.count, using: &generator)
            #expect(MenuChoice(bytes: choice.bytes[..<cut]) == nil)
        }
    }

    @Test func choicesRefuseWhatTheMenuNeverWrites() {
        for bytes: [UInt8] in [[], [0], Array("1\0title\0".utf8), Array("x\0title\01\0--served\0".utf8), Array("-1\0t\01\0--served\0".utf8),
                               Array("1\0t\01\0\0".utf8), Array("1\0t\02\0--served\0".utf8), Array("1\0t\0--served\0".utf8),
                               Array(repeating: 0, count: 8), Array("1\0t\01\0".utf8) + Array(repeating: 65, count: 5000) + [0]] {
            #expect(MenuChoice(bytes: bytes) == nil, "\(bytes.prefix(40))")
        }
        // A NUL inside a word cannot split it into two.
        let choice = MenuChoice(index: 0, title: "a\0b", arguments: ["--served"])
        #expect(MenuChoice(bytes: choice.bytes)?.title == "ab")
    }

    // MARK: The layout

    @Test func eachRoleGetsItsPipesFromThreeOnAndTheChoiceAfterThem() {
        for role in SessionLayout.Role.allCases {
            let pipes = SessionLayout.pipes(role)
            let descriptors = pipes.map { SessionLayout.descriptor($0, of: role) }
            #expect(descriptors == (0..<pipes.count).map { Int32(3 + $0) })
            #expect(SessionLayout.choice(of: role) == Int32(3 + pipes.count))
            // Every role hears the room and answers it.
            #expect(pipes.contains(.roomIn) && pipes.contains(.roomOut))
        }
        #expect(SessionLayout.descriptor(.framesOut, of: .presenter) == 3)
        #expect(SessionLayout.descriptor(.counts, of: .presenter) == 4)
        #expect(SessionLayout.descriptor(.framesIn, of: .follower) == 3)
        #expect(SessionLayout.descriptor(.framesIn, of: .attendee) == nil)
    }

    /// The counts issue 43 found by hand (a follower 10 and the presenter 13, against 9 budgeted
    /// for every session), now the table's: socket, terminal and its relay's two copies, the side
    /// pipe (none for a follower), and both ends of each pipe.
    @Test func descriptorsHeldByEachRole() {
        #expect(SessionLayout.held(by: .attendee) == 9)
        #expect(SessionLayout.held(by: .follower) == 10)
        #expect(SessionLayout.held(by: .presenter) == 13)
        #expect(SessionLayout.heldByAnyoneButThePresenter == 10)
    }
}
