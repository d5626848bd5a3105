/// Who may start a login, decided at the door before any cryptography is spent, as OpenSSH's
/// sshd decides it: a cap on connections that have not logged in (`MaxStartups`, with random
/// early drop), and penalties for the addresses whose connections fail (`PerSourcePenalties`).
/// What succeeds is never counted against anyone: a room of 250 behind one address joins, while a
/// guesser behind the same address is slowed to the rate its penalties drain (issue 31).
///
/// Plain values and an injected clock and coin, so that the rules are tested without a network.
public struct Gate: Sendable {
    public var startups: Startups
    public var penalties: Penalties
    /// Connections from one address a minute that have not logged in (one that logs in is taken
    /// off its address's count).
    public var connectionsPerMinute: Int

    public init(startups: Startups, penalties: Penalties, connectionsPerMinute: Int) {
        self.startups = startups
        self.penalties = penalties
        self.connectionsPerMinute = connectionsPerMinute
    }

    /// Connections that have not logged in yet, all addresses together.
    public private(set) var unauthenticated = 0
    private var sources: [String: Source] = [:]

    /// What the gate knows of one address.
    private struct Source {
        /// Seconds of penalty left at `asOf`; it drains a second a second.
        var penalty = 0.0
        var asOf = 0.0
        /// Whether the penalty passed the threshold and has not drained since.
        var blocked = false
        /// When its connections that have not (yet) logged in arrived, this last minute.
        var arrivals: [Double] = []

        mutating func drain(to now: Double) {
            penalty = max(0, penalty - (now - asOf))
            asOf = now
            if penalty == 0 { blocked = false }
            arrivals.removeAll { now - $0 >= 60 }
        }

        var isIdle: Bool { penalty == 0 && arrivals.isEmpty }
    }

    /// What fails, and what it costs its address.
    public enum Offense: String, Sendable, CaseIterable {
        /// A password or key that was not accepted.
        case authenticationFailure = "authfail"
        /// Bytes that are not SSH, a packet too large, or more before login than a login needs.
        case protocolError = "error"
        /// Still not logged in when the login grace time ran out.
        case loginGraceExceeded = "grace"
        /// Closed without logging in, without any of the above (a scanner, a Ctrl-C at the prompt).
        case noAuthentication = "noauth"
    }

    public enum Decision: Equatable, Sendable {
        case welcome
        /// Closed at once, with the reason (written before the SSH version line, which RFC 4253
        /// lets a server do; `ssh -v` shows it) and for the server's log.
        case refuse(String)
    }

    /// A connection from `address` arrives at `now` (seconds on any steady clock); `coin` draws
    /// a number in 0..<1 for the early drop.
    public mutating func arrival(from address: String, now: Double, coin: () -> Double) -> Decision {
        var source = sources[address] ?? Source(asOf: now)
        source.drain(to: now)
        defer {
            sources[address] = source
            if sources.count > 20_000 { forgetIdle(now: now) }
        }
        if source.blocked {
            return .refuse("too many failed logins from \(address); try again in \(Int(source.penalty.rounded(.up))) seconds")
        }
        if source.arrivals.count >= connectionsPerMinute {
            return .refuse("too many connections from \(address) this minute that did not log in (at most \(connectionsPerMinute))")
        }
        if let refusal = startups.refusal(unauthenticated: unauthenticated, coin: coin) { return .refuse(refusal) }
        source.arrivals.append(now)
        unauthenticated += 1
        return .welcome
    }

    /// The connection from `address` that arrived at `arrival` logged in: it no longer counts
    /// among the startups, nor against its address.
    public mutating func loggedIn(from address: String, arrivedAt arrival: Double) {
        unauthenticated = max(0, unauthenticated - 1)
        if let index = sources[address]?.arrivals.firstIndex(of: arrival) { sources[address]?.arrivals.remove(at: index) }
    }

    /// A connection that had not logged in closed.
    public mutating func closedBeforeLogin() {
        unauthenticated = max(0, unauthenticated - 1)
    }

    /// `address` did something that fails: its penalty grows, up to the most there is, and once
    /// past the threshold its new connections are refused until the penalty has drained.
    public mutating func penalise(_ address: String, for offense: Offense, now: Double) {
        guard penalties.isOn else { return }
        var source = sources[address] ?? Source(asOf: now)
        source.drain(to: now)
        source.penalty = min(penalties.maximum, source.penalty + penalties.seconds(for: offense))
        if source.penalty >= penalties.threshold { source.blocked = true }
        sources[address] = source
    }

    private mutating func forgetIdle(now: Double) {
        for (address, var source) in sources {
            source.drain(to: now)
            sources[address] = source.isIdle ? nil : source
        }
    }
}

/// sshd's `MaxStartups start:rate:full`: below `start` connections that have not logged in, every
/// new one is let in; from `start`, a new one is refused with a probability of `rate` percent,
/// growing linearly to 100% at `full`. Random early drop, so that a flood of half-done logins
/// cannot lock out every good client at once, as a hard cap would.
public struct Startups: Sendable, Equatable, CustomStringConvertible {
    public var start: Int
    public var rate: Int
    public var full: Int

    /// For a room of 250 all typing the passphrase at once.
    public static let standard = Startups(start: 250, rate: 30, full: 500)

    public init(start: Int, rate: Int, full: Int) {
        self.start = start
        self.rate = rate
        self.full = full
    }

    /// `start:rate:full`, or one number (a hard cap, as sshd reads it).
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        if parts.count == 1, let full = parts[0], full >= 1 {
            self.init(start: full, rate: 100, full: full)
        } else if parts.count == 3, let start = parts[0], let rate = parts[1], let full = parts[2],
                  start >= 1, (1...100).contains(rate), full >= start {
            self.init(start: start, rate: rate, full: full)
        } else {
            return nil
        }
    }

    public var description: String { "\(start):\(rate):\(full)" }

    func refusal(unauthenticated: Int, coin: () -> Double) -> String? {
        if unauthenticated >= full { return "too many logins under way (\(full)); try again in a moment" }
        guard unauthenticated >= start else { return nil }
        let span = Double(max(1, full - start))
        let probability = (Double(rate) + (100 - Double(rate)) * Double(unauthenticated - start) / span) / 100
        return coin() < probability ? "too many logins under way (\(unauthenticated)); try again in a moment" : nil
    }
}

/// sshd's `PerSourcePenalties`: seconds of penalty each kind of failure costs its address; an
/// address whose penalty passes `threshold` is refused until it has drained (a second a second).
/// `authfail:2` and a threshold of 60 let a room behind one address mistype 30 times in a burst,
/// and hold a guesser to 30 guesses a minute.
public struct Penalties: Sendable, Equatable, CustomStringConvertible {
    public var costs: [Gate.Offense: Double]
    public var threshold: Double
    public var maximum: Double
    public var isOn: Bool

    public static let standard = Penalties(costs: [.authenticationFailure: 2, .protocolError: 30, .loginGraceExceeded: 10,
                                                   .noAuthentication: 1], threshold: 60, maximum: 600, isOn: true)

    public init(costs: [Gate.Offense: Double], threshold: Double, maximum: Double, isOn: Bool) {
        self.costs = costs
        self.threshold = threshold
        self.maximum = maximum
        self.isOn = isOn
    }

    /// `no`, or words `NAME:SECONDS` (authfail, error, grace, noauth; min, the threshold; max),
    /// each changing the standard's: `authfail:5 min:30`.
    public init?(_ text: String) {
        if text == "no" {
            self = .standard
            isOn = false
            return
        }
        self = .standard
        for word in text.split(whereSeparator: { $0 == " " || $0 == "," }) {
            let parts = word.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let seconds = Double(parts[1]), seconds >= 0, seconds <= 86_400 else { return nil }
            switch parts[0] {
            case "min": threshold = max(1, seconds)
            case "max": maximum = seconds
            default:
                guard let offense = Gate.Offense(rawValue: String(parts[0])) else { return nil }
                costs[offense] = seconds
            }
        }
    }

    func seconds(for offense: Gate.Offense) -> Double { costs[offense] ?? 0 }

    public var description: String {
        guard isOn else { return "no" }
        let each = Gate.Offense.allCases.map { "\($0.rawValue):\(Self.number(seconds(for: $0)))" }
        return (each + ["min:\(Self.number(threshold))", "max:\(Self.number(maximum))"]).joined(separator: " ")
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
