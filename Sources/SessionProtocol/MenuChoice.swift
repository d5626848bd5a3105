/// A session's menu (`wallet launch`) → server, on `SessionLayout.choice`: what the attendee
/// chose, which the server runs on the same terminal once the menu has ended, and then the menu
/// again with the cursor on it. Its index, its title, how many arguments follow and each of
/// them, each ended by a NUL: a choice cut short (a menu killed as it wrote) is no choice.
/// The server runs the arguments with its own `wallet`, in a session whose role and limits it
/// chose; the menu offers only what the server's own menu would.
public struct MenuChoice: Equatable, Sendable {
    /// The item's place in the menu, for the cursor when the menu comes back.
    public var index: Int
    /// The item's title, for the menu's message when what it ran ended badly.
    public var title: String
    public var arguments: [String]

    public init(index: Int, title: String, arguments: [String]) {
        self.index = index
        self.title = title
        self.arguments = arguments
    }

    /// The most bytes a choice takes: a menu's item and its arguments are a few hundred.
    public static let maximumBytes = 4096

    public var bytes: [UInt8] {
        Array((["\(index)", title, "\(arguments.count)"] + arguments).map { String($0.unicodeScalars.filter { $0 != "\0" }) + "\0" }.joined().utf8)
    }

    /// The choice `bytes` carry; nil when there is none (the attendee left the menu), it is cut
    /// short, or it is not a choice.
    public init?(bytes: some Collection<UInt8>) {
        let bytes = Array(bytes)
        guard bytes.count <= Self.maximumBytes, bytes.last == 0 else { return nil }
        let words = bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
        guard words.count >= 4, words[0].count <= 4, let index = Int(words[0]), index >= 0,
              words[2].count <= 4, let count = Int(words[2]), count == words.count - 3, !words[3].isEmpty else { return nil }
        self.init(index: index, title: words[1], arguments: Array(words[3...]))
    }
}
