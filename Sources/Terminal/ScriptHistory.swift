/// Where a script has brought the app, kept as the steps that bring an app launched again to the
/// same place: the engine is deterministic, so replaying them is going back. F5 (restart) empties
/// it; F4 (rewind) takes it back to its last pause, or to the launch when it has none.
///
/// Each step keeps its index in the script, so that a script rewound to a pause goes on from
/// the step after it (`nextIndex`).
public struct ScriptHistory: Sendable {
    /// The key that starts the app again as it was launched.
    public static let restartKey = Key.function(5)
    /// The key that takes the app back to the script's previous pause.
    public static let rewindKey = Key.function(4)

    private var entries: [(index: Int, step: KeyScriptStep)] = []

    public init() {}

    /// The steps that bring an app launched now to where this one is.
    public var steps: [KeyScriptStep] { entries.map(\.step) }

    /// The index in the script of the step after the last one kept: where a script rewound to
    /// here goes on (0: from its start).
    public var nextIndex: Int { entries.last.map { $0.index + 1 } ?? 0 }

    /// Keeps the step at `index` of the script, which the app has just been given; F5 and F4
    /// are not kept but do what they do to the history.
    public mutating func record(_ step: KeyScriptStep, at index: Int) {
        switch step {
        case .press(Self.restartKey): entries = []
        case .press(Self.rewindKey): rewind()
        default: entries.append((index, step))
        }
    }

    /// Goes back to the last pause; from a pause with nothing since (the presenter standing
    /// at it, or just rewound to it), to the one before, as "back" from a slide goes to the
    /// slide before; to the launch when there is none.
    public mutating func rewind() {
        if case .pause? = entries.last?.step { entries.removeLast() }
        let pause = entries.lastIndex { $0.step == .pause }
        entries.removeSubrange((pause.map { $0 + 1 } ?? 0)...)
    }
}

/// A terminal that plays a script (`--play`): what an app launched again must replay to be
/// where the script has brought the app before it.
public protocol ScriptReplaying: AnyObject {
    var replay: [KeyScriptStep] { get }
}
