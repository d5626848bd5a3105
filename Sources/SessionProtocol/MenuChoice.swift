/// A session's menu (`wallet launch`) → server, on `SessionLayout.choice`: what the attendee
/// chose, which the menu's process then becomes (`execv`, on the same terminal); the server names
/// it in its log and, once it has ended, runs the menu again with the cursor on it. What follows
/// the choice on the pipe is the app's standard error. Its index, its title, how many arguments follow and each of
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

    /// The choice `bytes` carry, all of them; nil when there is none (the attendee left the
    /// menu), it is cut short, or it is not a choice.
    public init?(bytes: some Collection<UInt8>) {
        let bytes = Array(bytes)
        guard let (choice, used) = Self.prefix(of: bytes), used == bytes.count else { return nil }
        self = choice
    }

    /// The choice at the start of `bytes`, and how many bytes it takes: what follows it on the
    /// menu's pipe is the chosen app's standard error. Nil until it is whole, or when it is none.
    public static func prefix(of bytes: [UInt8]) -> (MenuChoice, Int)? {
        let limit = min(bytes.count, maximumBytes)
        var start = 0
        func next() -> String? {
            guard start < limit, let end = bytes[start..<limit].firstIndex(of: 0) else { return nil }
            defer { start = end + 1 }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
        guard let first = next(), first.count <= 4, let index = Int(first), index >= 0, let title = next(),
              let counted = next(), counted.count <= 4, let count = Int(counted), count >= 1 else { return nil }
        var arguments: [String] = []
        for _ in 0..<count {
            guard let argument = next() else { return nil }
            arguments.append(argument)
        }
        guard !arguments[0].isEmpty else { return nil }
        return (MenuChoice(index: index, title: title, arguments: arguments), start)
    }
}
