import Serving
import Testing

/// The door's rules (`Gate`), on a clock and coin the test turns: what fails is penalised, what
/// succeeds is never counted against anyone (issue 31).
@Suite("The door: startups, penalties and a room behind one address")
struct GateTests {
    private func gate(startups: Startups = .standard, penalties: Penalties = .standard, perMinute: Int = 300) -> Gate {
        Gate(startups: startups, penalties: penalties, connectionsPerMinute: perMinute)
    }

    @Test("A room of 250 behind one address joins within a minute, and keeps joining: logins are not counted against it (defect 10)")
    func roomBehindOneAddress() {
        var gate = gate(perMinute: 120)
        for minute in 0..<3 {
            for attendee in 0..<250 {
                let now = Double(minute * 60) + Double(attendee) * 0.2
                #expect(gate.arrival(from: "203.0.113.7", now: now, coin: { 0 }) == .welcome, "attendee \(attendee), minute \(minute)")
                gate.loggedIn(from: "203.0.113.7", arrivedAt: now)
            }
        }
        #expect(gate.unauthenticated == 0)
    }

    @Test("Guessing is slowed to what the penalties drain: past the threshold an address is refused, and welcome again once drained (defect 6)")
    func guessingIsPenalised() {
        var gate = gate()
        var now = 0.0
        var guesses = 0
        while gate.arrival(from: "198.51.100.1", now: now, coin: { 0 }) == .welcome {
            gate.penalise("198.51.100.1", for: .authenticationFailure, now: now)
            gate.closedBeforeLogin()
            guesses += 1
            now += 0.01
        }
        // authfail:2 and min:60: 30 failures in a burst (31 as the first ones drain), then the door is shut.
        #expect((30...31).contains(guesses), "\(guesses)")
        guard case .refuse(let why) = gate.arrival(from: "198.51.100.1", now: now, coin: { 0 }) else { return }
        #expect(why.contains("too many failed logins"))
        // Another address is not affected.
        #expect(gate.arrival(from: "198.51.100.2", now: now, coin: { 0 }) == .welcome)
        // Shut until the whole penalty has drained, a second a second.
        #expect(gate.arrival(from: "198.51.100.1", now: now + 30, coin: { 0 }) != .welcome)
        #expect(gate.arrival(from: "198.51.100.1", now: now + 63, coin: { 0 }) == .welcome)
    }

    @Test("A minute of steady guessing from one address gets at most the threshold's burst and what drains in the minute")
    func guessesAMinute() {
        var gate = gate()
        var tried = 0
        for tick in 0..<6_000 {
            let now = Double(tick) / 100
            guard gate.arrival(from: "192.0.2.9", now: now, coin: { 0 }) == .welcome else { continue }
            gate.penalise("192.0.2.9", for: .authenticationFailure, now: now)
            gate.closedBeforeLogin()
            tried += 1
        }
        // 30 at once, then the door stays shut while the penalty drains for the rest of the minute.
        #expect(tried <= 30 + 60 / 2, "\(tried) guesses in a minute")
    }

    @Test("Connections not yet logged in are capped at full, and from start dropped at random, more often as they grow (defect 2)")
    func startups() {
        var gate = gate(startups: Startups(start: 10, rate: 30, full: 20), penalties: Penalties("no")!, perMinute: 10_000)
        for index in 0..<10 { #expect(gate.arrival(from: "127.0.0.\(index)", now: 0, coin: { 0.99 }) == .welcome) }
        // From 10: a coin under 30% is refused, one over it is let in.
        #expect(gate.arrival(from: "127.0.1.1", now: 0, coin: { 0.29 }) != .welcome)
        #expect(gate.arrival(from: "127.0.1.1", now: 0, coin: { 0.31 }) == .welcome)
        for index in 0..<9 { _ = gate.arrival(from: "127.0.2.\(index)", now: 0, coin: { 1 }) }
        #expect(gate.unauthenticated == 20)
        // At full, every one is refused, whatever the coin.
        #expect(gate.arrival(from: "127.0.3.1", now: 0, coin: { 1 }) != .welcome)
        // Those that log in or leave make room.
        gate.loggedIn(from: "127.0.0.1", arrivedAt: 0)
        gate.closedBeforeLogin()
        #expect(gate.unauthenticated == 18)
        #expect(gate.arrival(from: "127.0.3.1", now: 0, coin: { 0.99 }) == .welcome)
    }

    @Test("Garbage costs more than a typo: two protocol errors shut an address's door")
    func protocolErrors() {
        var gate = gate()
        gate.penalise("192.0.2.1", for: .protocolError, now: 0)
        #expect(gate.arrival(from: "192.0.2.1", now: 0, coin: { 0 }) == .welcome)
        gate.penalise("192.0.2.1", for: .protocolError, now: 0)
        #expect(gate.arrival(from: "192.0.2.1", now: 0, coin: { 0 }) != .welcome)
    }

    @Test("The options read as sshd writes them, and say what they were given")
    func options() {
        #expect(Startups("10:30:100") == Startups(start: 10, rate: 30, full: 100))
        #expect(Startups("64")?.description == "64:100:64")
        for wrong in ["", "10:30", "0:30:100", "10:0:100", "20:30:10", "a:b:c"] { #expect(Startups(wrong) == nil, "\(wrong)") }
        let penalties = Penalties("authfail:5 min:30")
        #expect(penalties?.description == "authfail:5 error:30 grace:10 noauth:1 min:30 max:600")
        #expect(Penalties("crash:5") == nil)
        #expect(Penalties("no")?.isOn == false)
    }
}
