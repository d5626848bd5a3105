/// What a run loop reacts to (`EventLoop`): a key, a click, the terminal's new size, the time
/// a timer or a transition's frame asked to be woken at, or input waiting on a descriptor the
/// loop watches (the presenter's frames, for a follower). Input that is not a key is an event
/// of its own, not a wake-up with no key.
public enum Event: Hashable, Sendable {
    case key(Key)
    case click(Point)
    case resize
    /// The time the loop was asked to wake at has come (`EventHandling.timeout`).
    case timer
    /// The descriptor the loop watches has input, or has ended.
    case readable(Int32)
    /// A key of the script playing (`wallet --play`, `PlayingBackend`), typed into the app as if
    /// pressed; the presenter's own keys meanwhile are `.key`, `.click` and `.resize`.
    case scriptKey(Key)

    /// The event a key read from the terminal is: a click and a resize arrive as keys.
    public init(_ key: Key) {
        switch key {
        case .click(let point): self = .click(point)
        case .resize: self = .resize
        default: self = .key(key)
        }
    }

    /// The key, click or resize as the app and key scripts name them; nil for the others.
    public var key: Key? {
        switch self {
        case .key(let key): key
        case .click(let point): .click(point)
        case .resize: .resize
        case .scriptKey(let key): key
        case .timer, .readable: nil
        }
    }

    /// The event as if typed: a script's key as the key, click or resize it is.
    public var typed: Event {
        if case .scriptKey(let key) = self { Event(key) } else { self }
    }
}
