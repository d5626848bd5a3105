/// Server → the presenter's app (`SessionLayout.audience`): who is in the room, a line each time
/// it changes, the latest the one that counts: `FOLLOWING SESSIONS`, then the smallest
/// follower's `COLUMNS ROWS` when someone follows. The presenter's screen shows it, and keeps to
/// the smallest follower's terminal.
public struct RoomCounts: Equatable, Sendable {
    /// Followers (`watch@`).
    public var following: Int
    /// Attendees: the sessions that are neither followers nor the presenter's.
    public var sessions: Int
    /// The fewest columns and the fewest rows of any follower's terminal.
    public var smallest: (columns: Int, rows: Int)?

    public init(following: Int, sessions: Int, smallest: (columns: Int, rows: Int)? = nil) {
        self.following = following
        self.sessions = sessions
        self.smallest = smallest
    }

    public static func == (left: RoomCounts, right: RoomCounts) -> Bool {
        left.following == right.following && left.sessions == right.sessions
            && left.smallest?.columns == right.smallest?.columns && left.smallest?.rows == right.smallest?.rows
    }

    /// The longest line read: longer ones are not counts.
    public static let maximumLine = 64

    /// The line that carries the counts, its line end included.
    public var line: [UInt8] {
        Array(("\(following) \(sessions)" + (smallest.map { " \($0.columns) \($0.rows)" } ?? "") + "\n").utf8)
    }

    /// The counts a line (without its end) carries; nil for anything else.
    public init?(line bytes: some Collection<UInt8>) {
        guard bytes.count <= Self.maximumLine else { return nil }
        let words = Array(bytes).split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard words.count == 2 || words.count == 4 else { return nil }
        let numbers = words.compactMap(Self.number)
        guard numbers.count == words.count else { return nil }
        self.init(following: numbers[0], sessions: numbers[1], smallest: numbers.count == 4 ? (numbers[2], numbers[3]) : nil)
    }

    /// A count: decimal digits alone, at most 9 of them.
    private static func number(_ word: ArraySlice<UInt8>) -> Int? {
        guard (1...9).contains(word.count), word.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return word.reduce(0) { $0 * 10 + Int($1 - 48) }
    }

    /// What the presenter's screen says: "2 following · smallest 80x24 · 5 sessions".
    public var text: String {
        let smallest = smallest.map { " · smallest \($0.columns)x\($0.rows)" } ?? ""
        return "\(following) following\(smallest) · \(sessions) \(sessions == 1 ? "session" : "sessions")"
    }
}

/// Cuts the counts' stream into lines and keeps the latest whole one.
public struct RoomCountsReader: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    /// The latest counts `bytes` complete, if any.
    public mutating func read(_ bytes: some Collection<UInt8>) -> RoomCounts? {
        var latest: RoomCounts?
        for byte in bytes {
            if byte == 10 {
                latest = RoomCounts(line: pending) ?? latest
                pending.removeAll(keepingCapacity: true)
            } else if pending.count <= RoomCounts.maximumLine {
                pending.append(byte)
            }
            // A line too long is kept at its first bytes and refused whole at its end.
        }
        return latest
    }
}
