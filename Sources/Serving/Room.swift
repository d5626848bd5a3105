import Logging
import NIOCore
import SessionProtocol
import Terminal

/// Everyone in the workshop, on the server's one event loop: the door (`Gate`: who may start a
/// login), the sessions (for the limits, the presenter's counts and SIGTERM's goodbye), the
/// presenter's latest frame and the followers it goes to. A follower that reads slowly never
/// slows the presenter or another follower: each has at most one frame waiting, the latest
/// (docs/serving.md). Who joins, leaves or is refused is logged, with their address.
final class Room {
    // Confined to `eventLoop`: every method is called there, and what NIO runs later comes back
    // through `NIOLoopBound`, which checks that it does.
    let eventLoop: EventLoop
    let limits: Limits
    let log: Logger
    private var gate: Gate
    private(set) var sessions: [ObjectIdentifier: SessionHandler] = [:]
    private(set) var presenter: SessionHandler?
    private var followers: [ObjectIdentifier: Follower] = [:]
    /// The presenter's last whole frame, for followers who join later.
    private var latestFrame: ByteBuffer?
    /// Where the presenter's app reads the counts: the latest, when the pipe can take it.
    private var audience: LatestWriter?
    private var lastCounts: RoomCounts?
    /// The counts are worked out at the end of this turn of the event loop: a follower's window
    /// changes by the thousand cost one line.
    private var countsScheduled = false

    private(set) var isEnding = false

    // The room's questions (RoomQuestions.swift).
    /// Where each session's apps read what the server says of the room's questions.
    var roomChannels: [ObjectIdentifier: Channel] = [:]
    var questions = RoomQuestions()
    /// A tally for the presenter waits for the end of this turn of the event loop.
    var tallyScheduled = false
    /// The question last revealed, until the projector's answer panel closes.
    var lastRevealed: Int?
    /// The person each session is (`person(for:)`): their number in the results file, from 1.
    var people: [ObjectIdentifier: RoomQuestions.Person] = [:]
    var lastPerson = 0
    /// The people whose sessions ended, by who they were (`SessionHandler.identity`), the
    /// latest last: one who comes back is the same person again. At most `departedKept`.
    private var departed: [String: [RoomQuestions.Person]] = [:]
    private var departedOrder: [(identity: String, person: RoomQuestions.Person)] = []
    /// Enough for every seat of a full room to leave and come back four times over.
    var departedKept: Int { max(64, 4 * limits.maxSessions) }
    /// The exercises each person has done (`wallet exercises` in a served session).
    var exercisesDone: [RoomQuestions.Person: Set<Int>] = [:]
    /// The wrong tries each person has made of each exercise, kept in the results up to
    /// `maximumTries` (a client that sends them in a loop writes no more).
    var exerciseTries: [RoomQuestions.Person: [Int: Int]] = [:]
    var exercisesScheduled = false
    let results: ResultsFile?

    struct Limits: Sendable {
        var maxSessions: Int
        var idleTimeout: TimeAmount?
        /// Logins under way at most (`--max-startups`' full): each holds a descriptor that a
        /// session must leave free.
        var startups: Int = 0
        /// The most descriptors this process may have now (`RLIMIT_NOFILE`'s soft limit).
        var descriptorLimit: @Sendable () -> Int = DescriptorBudget.limit
        /// How long the presenter's client must send nothing for another presenter login to
        /// take over (`takeOver(from:)`).
        var presenterSilence: TimeAmount = Room.defaultPresenterSilence
    }

    /// Descriptors the server had open before its first connection (`SSHServer.run` counts them).
    var descriptorBase = 0
    /// Connections open now, logged in or not: a socket each.
    var connections = 0

    /// Descriptors the server has open, as counted rather than listed (a listing of
    /// /proc/self/fd at each session's start was a tenth of the server's CPU at 200 sessions):
    /// its own, a socket a connection, and what each session holds besides its socket, by
    /// `SessionLayout`'s table (which a test checks against the real descriptors).
    var descriptorsOpen: Int {
        descriptorBase + connections + sessions.values.reduce(0) { $0 + SessionLayout.held(by: $1.role) - 1 }
    }

    init(eventLoop: EventLoop, limits: Limits, gate: Gate, log: Logger, results: ResultsFile? = nil) {
        self.eventLoop = eventLoop
        self.limits = limits
        self.gate = gate
        self.log = log
        self.results = results
        recordStart()
    }

    var sessionCount: Int { sessions.count }

    func isFollower(_ session: ObjectIdentifier) -> Bool { followers[session] != nil }

    // MARK: The door

    /// Seconds on a steady clock, for the gate.
    private var now: Double { Double(NIODeadline.now().uptimeNanoseconds) / 1e9 }

    /// Whether a new connection from `address` may start a login, and when it arrived (which
    /// finds it again at its login); refused ones are logged.
    func arrival(from address: String) -> (decision: Gate.Decision, at: Double) {
        eventLoop.preconditionInEventLoop()
        let now = now
        if isEnding { return (.refuse("the workshop is over"), now) }
        let decision = gate.arrival(from: address, now: now, coin: { Double.random(in: 0..<1) })
        if case .refuse(let why) = decision { log.notice("refused", metadata: ["address": "\(address)", "reason": "\(why)"]) }
        return (decision, now)
    }

    func loggedIn(_ connection: Connection) {
        gate.loggedIn(from: connection.address, arrivedAt: connection.arrivedAt)
    }

    func closedBeforeLogin() {
        gate.closedBeforeLogin()
    }

    func penalise(_ address: String, for offense: Gate.Offense) {
        gate.penalise(address, for: offense, now: now)
    }

    /// Why a session cannot start now, or nil once it is counted in.
    func join(_ session: SessionHandler, as role: Admission.Role) -> String? {
        eventLoop.preconditionInEventLoop()
        if isEnding { return "the workshop is over" }
        // The presenter always gets in; everyone else within the limit.
        if role != .presenter, sessions.count >= limits.maxSessions {
            return "the workshop is full (\(limits.maxSessions) sessions); try again when someone leaves"
        }
        if role == .presenter, let current = presenter, let refusal = takeOver(from: current) { return refusal }
        // Every session, the presenter's too, within the descriptors the process may open: one
        // that would run out is turned away at the door, not half made (issue 43).
        let (open, limit) = (descriptorsOpen, limits.descriptorLimit())
        if !DescriptorBudget.admits(role, open: open, limit: limit, loginsUnderWay: limits.startups) {
            log.notice("session refused", metadata: ["reason": "descriptors: \(open) open of \(limit)"])
            return Self.full
        }
        sessions[ObjectIdentifier(session)] = session
        if role == .presenter { presenter = session }
        people[ObjectIdentifier(session)] = person(for: session.identity)
        countsChanged()
        return nil
    }

    /// Who a session is, for the questions and the exercises: someone who left and comes back
    /// (the same ssh user name from the same address, in any role) is the same person, their
    /// answers and exercises theirs again, counted once (issue 47: a watcher who answered, left,
    /// rejoined and answered again made "5 answered" of 4 people). Two sessions at once with the
    /// same name and address are two people: a lab behind one address where everyone logs in as
    /// `student` is a room of people, not one.
    private func person(for identity: String) -> RoomQuestions.Person {
        if var gone = departed[identity], let person = gone.popLast() {
            departed[identity] = gone.isEmpty ? nil : gone
            departedOrder.removeAll { $0.person == person }
            return person
        }
        lastPerson += 1
        return lastPerson
    }

    /// `person` left as `identity`: kept to come back, the oldest forgotten past `departedKept`.
    private func departs(_ person: RoomQuestions.Person, as identity: String) {
        departed[identity, default: []].append(person)
        departedOrder.append((identity, person))
        while departedOrder.count > departedKept {
            let (oldIdentity, oldPerson) = departedOrder.removeFirst()
            departed[oldIdentity]?.removeAll { $0 == oldPerson }
            if departed[oldIdentity]?.isEmpty == true { departed[oldIdentity] = nil }
            exercisesDone[oldPerson] = nil
            exerciseTries[oldPerson] = nil
        }
    }

    // MARK: Taking over from a silent presenter

    /// How long the presenter's client must have sent nothing (no key, no window change) for
    /// another presenter login to take over, by default: a laptop asleep, an ssh frozen (issue
    /// 47: the presenter was locked out by their own frozen session). `--presenter-silence`.
    public static let defaultPresenterSilence: TimeAmount = .seconds(15)
    /// How long a takeover offered waits for the login that confirms it.
    static let takeoverConfirmation: TimeAmount = .seconds(60)
    /// When a presenter login was last told it may take over: the next within
    /// `takeoverConfirmation` does.
    private var takeoverOffered: NIODeadline?

    /// A presenter login while `current` presents: refused while `current` is active; while it
    /// is silent, the first login is told it may take over and the next, within a minute,
    /// confirms it: `current` ends, saying so, and the newcomer presents (nil).
    private func takeOver(from current: SessionHandler) -> String? {
        let now = NIODeadline.now()
        let silent = (now - current.lastInput).nanoseconds / 1_000_000_000
        guard now - current.lastInput >= limits.presenterSilence else {
            takeoverOffered = nil
            return "the presenter is already here; only one presenter at a time"
        }
        guard let offered = takeoverOffered, now - offered <= Self.takeoverConfirmation else {
            takeoverOffered = now
            log.notice("presenter takeover offered", metadata: ["silent": "\(silent) s"])
            return "the presenter's session has been silent for \(silent) s (a laptop asleep, an ssh frozen?); "
                + "ssh again within a minute to take over from it"
        }
        takeoverOffered = nil
        log.notice("presenter taken over", metadata: ["silent": "\(silent) s"])
        presenter = nil
        audience?.channel.close(promise: nil)
        audience = nil
        lastCounts = nil
        current.end(saying: "another presenter session took over from this one, silent for \(silent) s")
        return nil
    }

    /// What a session is told when the server has no room for it besides the count.
    static let full = "the workshop is full; try again when someone leaves"

    func leave(_ session: SessionHandler) {
        eventLoop.preconditionInEventLoop()
        guard sessions.removeValue(forKey: ObjectIdentifier(session)) != nil else { return }
        if let follower = followers.removeValue(forKey: ObjectIdentifier(session)) { follower.frames.channel.close(promise: nil) }
        roomChannels.removeValue(forKey: ObjectIdentifier(session))?.close(promise: nil)
        if let person = people.removeValue(forKey: ObjectIdentifier(session)) { departs(person, as: session.identity) }
        // Their answers stay counted; they no longer wait to answer.
        scheduleTally()
        scheduleExercises()
        if presenter === session {
            presenter = nil
            audience?.channel.close(promise: nil)
            audience = nil
            lastCounts = nil
            // Followers see that the presenter has gone (an empty frame) and wait for the next.
            latestFrame = nil
            let empty = SharedFrameBytes.nothing
            for follower in followers.values { follower.frames.send(empty) }
        }
        countsChanged()
        if isEnding, sessions.isEmpty { allEnded() }
    }

    // MARK: The presenter's frames

    /// The presenter's app is ready: `audience` takes the counts it shows.
    func presenterStarted(audience: Channel, from session: SessionHandler) {
        // Gone before its pipe was ready, or taken over since: nobody reads it.
        guard presenter === session else { return audience.close(promise: nil) }
        self.audience = LatestWriter(channel: audience, lowWater: true)
        lastCounts = nil
        countsChanged()
    }

    /// The presenter's session started another process (the menu, or what it chose): it reads
    /// the counts afresh.
    func presenterRelaunched() {
        lastCounts = nil
        countsChanged()
    }

    /// A whole frame the presenter's app drew: to every follower, at once or when it can take it.
    func presenterDrew(_ frame: ByteBuffer) {
        latestFrame = frame
        for follower in followers.values { follower.frames.send(frame) }
    }

    /// A follower's app is ready to draw what `channel` (its frames' pipe) carries.
    func followerStarted(_ session: SessionHandler, frames channel: Channel) {
        guard sessions[ObjectIdentifier(session)] != nil else { return channel.close(promise: nil) }
        let follower = Follower(frames: LatestWriter(channel: channel))
        followers[ObjectIdentifier(session)] = follower
        if let latestFrame { follower.frames.send(latestFrame) }
        countsChanged()
    }

    func followerWritabilityChanged(_ session: SessionHandler) {
        followers[ObjectIdentifier(session)]?.frames.sendWaiting()
    }

    /// The presenter's counts pipe can take a line again.
    func audienceWritabilityChanged() {
        audience?.sendWaiting()
    }

    /// A follower's terminal took a size (at start, and each window change).
    func followerResized(_ session: SessionHandler, columns: Int, rows: Int) {
        guard followers[ObjectIdentifier(session)] != nil else { return }
        followers[ObjectIdentifier(session)]!.size = (columns, rows)
        countsChanged()
    }

    /// What every follower shows whole: the fewest columns of any follower's terminal, and the
    /// fewest rows of any.
    private var smallestFollower: (columns: Int, rows: Int)? {
        let sizes = followers.values.compactMap(\.size)
        guard let columns = sizes.map(\.columns).min(), let rows = sizes.map(\.rows).min() else { return nil }
        return (columns, rows)
    }

    /// Tells the presenter's app the counts, when they changed, once this turn of the event loop
    /// is over: `RoomCounts`' line. Only the latest is kept for a pipe that cannot take it
    /// now (the presenter's app is busy), so a follower resizing without end fills nothing.
    private func countsChanged() {
        guard audience != nil, !countsScheduled else { return }
        countsScheduled = true
        atEndOfTurn(Room.sendCounts)
    }

    private func sendCounts() {
        countsScheduled = false
        guard let audience else { return }
        let counts = RoomCounts(following: followers.count, sessions: sessions.count - followers.count - (presenter == nil ? 0 : 1),
                                smallest: smallestFollower)
        guard lastCounts.map({ $0 != counts }) ?? true else { return }
        lastCounts = counts
        audience.send(ByteBuffer(bytes: counts.line))
    }

    /// Runs `work` on this room at the end of this turn of the event loop.
    func atEndOfTurn(_ work: @escaping (Room) -> () -> Void) {
        let bound = NIOLoopBound((room: self, work: work), eventLoop: eventLoop)
        eventLoop.execute { bound.value.work(bound.value.room)() }
    }

    // MARK: The end

    /// What runs once every session has ended, after SIGTERM.
    private var whenAllEnded: (() -> Void)?

    /// SIGTERM: every session ends with a line saying the workshop is over (`SessionHandler.end`),
    /// and `done` runs when all have. Apps still running after `grace` are killed, and their
    /// sessions are given as long again to say goodbye (a killed app's session still ends with
    /// the line; on a loaded machine, a hundred apps may take more than `grace` to end).
    func endWorkshop(grace: TimeAmount, done: @escaping () -> Void) {
        eventLoop.preconditionInEventLoop()
        guard !isEnding else { return }
        isEnding = true
        recordEnd()
        whenAllEnded = done
        if sessions.isEmpty { return allEnded() }
        for session in sessions.values { session.end(saying: "the workshop is over; thank you for coming") }
        let room = NIOLoopBound(self, eventLoop: eventLoop)
        eventLoop.scheduleTask(in: grace) {
            for session in room.value.sessions.values { session.forceEnd() }
            room.value.eventLoop.scheduleTask(in: grace) { room.value.allEnded() }
        }
    }

    private func allEnded() {
        let done = whenAllEnded
        whenAllEnded = nil
        done?()
    }
}

/// One follower: its frames' pipe and its terminal's size, once known.
private struct Follower {
    let frames: LatestWriter
    var size: (columns: Int, rows: Int)?
}

/// A pipe to a session's app that carries a state, not a history (a follower's frames, the
/// presenter's counts): what is sent is written when the pipe can take it; otherwise it waits,
/// replaced by any later one, so at most one waits and it is the latest. `lowWater`: the pipe
/// counts as full as soon as a write is pending in the server, so that what waits in the
/// server is one value, not NIO's 64 KiB (for lines of a few bytes).
final class LatestWriter {
    let channel: Channel
    private var waiting: ByteBuffer?

    init(channel: Channel, lowWater: Bool = false) {
        self.channel = channel
        if lowWater {
            _ = channel.setOption(ChannelOptions.writeBufferWaterMark, value: .init(low: 1, high: 1))
        }
    }

    /// Whether a value waits for the pipe.
    var isWaiting: Bool { waiting != nil }

    func send(_ value: ByteBuffer) {
        if channel.isWritable, waiting == nil {
            channel.writeAndFlush(value, promise: nil)
        } else {
            waiting = value
        }
    }

    func sendWaiting() {
        guard channel.isWritable, let value = waiting else { return }
        waiting = nil
        channel.writeAndFlush(value, promise: nil)
    }
}

/// The stream of `SharedFrame`s the presenter's app writes, cut at frame boundaries: the server
/// never reads a frame's cells.
enum SharedFrameBytes {
    /// A frame of no cells: the presenter has gone.
    static var nothing: ByteBuffer { ByteBuffer(bytes: SharedFrame.nothing.encoded) }

    /// Takes whole frames off the front of `stream`; nil when the stream is not frames.
    static func split(_ stream: inout ByteBuffer) -> [ByteBuffer]? {
        var frames: [ByteBuffer] = []
        let header = SharedFrame.headerLength
        while stream.readableBytes >= header {
            guard stream.getBytes(at: stream.readerIndex, length: SharedFrame.magic.count) == SharedFrame.magic,
                  let length = stream.getInteger(at: stream.readerIndex + SharedFrame.magic.count, as: UInt32.self),
                  length <= SharedFrame.maximumPayload else { return nil }
            guard stream.readableBytes >= header + Int(length), let frame = stream.readSlice(length: header + Int(length)) else { break }
            frames.append(frame)
        }
        stream.discardReadBytes()
        return frames
    }
}
