import SessionProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a session of `wallet serve` does, as a value (issue 43): events in (a shell request, a
/// process that started or ended, its output's and side pipe's ends, a hang-up, the server's
/// wish to end it), actions out (launch this, signal that, say this and end). No descriptor,
/// channel or clock is touched here, so every transition is unit-tested, those the ssh tests
/// cannot reach among them (a crash while relaunching, a hang-up while the menu writes its
/// choice); `SessionHandler` carries the actions out.
///
/// A session runs one process at a time on its terminal: an attendee's and the presenter's the
/// menu, which writes its choice on its side pipe and becomes what it chose (`execv`, one start
/// fewer a choice: issue 43), then the menu again; a follower's the presenter's frames. A
/// process is done once it has exited and its terminal output and side pipe have ended (or a
/// moment after its exit, when nobody reads them); only then does the next start, so that
/// nothing one process said is taken for the next's (each event names its process's
/// `generation`).
struct SessionStateMachine: Equatable {
    /// What the server starts on the session's terminal.
    enum Launch: Equatable {
        /// The menu, saying how the last choice ended when it did not end well, its cursor on it.
        case menu(message: String?, selected: Int)
        case follower
    }

    /// What runs on the session's terminal.
    enum Step: Equatable {
        case menu(message: String?, selected: Int)
        /// What the menu chose, which the menu's process became.
        case app(MenuChoice)
        case follower

        init(_ launch: Launch) {
            switch launch {
            case .menu(let message, let selected): self = .menu(message: message, selected: selected)
            case .follower: self = .follower
            }
        }
    }

    enum Event: Equatable {
        /// The shell request: the first step starts (the room has let the session in).
        case shell(SessionLayout.Role)
        /// The step the last `launch` asked for is running, as `process`.
        case started(process: pid_t)
        /// The step the last `launch` asked for did not start.
        case launchFailed(String)
        /// What process `generation` wrote on its side pipe (the menu's choice, an app's errors).
        case sideRead([UInt8], generation: Int)
        case sideEnded(generation: Int)
        case outputEnded(generation: Int)
        /// Process `generation` ended with wait status `status`.
        case exited(status: Int32, generation: Int)
        /// A moment after process `generation` ended, its output is taken to have ended too.
        case drained(generation: Int)
        /// The client went (its channel closed).
        case hangUp
        /// The server ends the session (idle, SIGTERM): the client reads `reason`.
        /// `workshopOver`: every session ends, each with status 0.
        case end(reason: String, workshopOver: Bool)
        /// The process did not end when asked.
        case forceEnd
    }

    enum Action: Equatable {
        case launch(Launch)
        /// The menu chose, and its process is becoming `choice`: the app's first turn is to come.
        case chose(MenuChoice)
        /// `signal` to the process group `process` leads.
        case signal(process: pid_t, Int32)
        /// In `seconds`, `drained(generation:)` for the process that just exited.
        case scheduleDrain(generation: Int)
        /// In a few seconds, `forceEnd`.
        case scheduleForceEnd
        /// The ended process's terminal relay closes.
        case closeOutput
        /// The first launch failed: the client is told `message` and the session ends, having run nothing.
        case turnAway(String)
        /// The session is over: the client (when still there) reads `message`, then gets `exit`.
        case finish(Ending)
    }

    /// How a session ends for its client.
    struct Ending: Equatable {
        /// The line the client reads on its error stream, if any.
        var message: String?
        /// Its exit status or signal (RFC 4254, 6.10); nil when the client has gone.
        var exit: Exit?
        /// For the log: the last process's wait status.
        var status: Int32

        enum Exit: Equatable {
            case status(Int)
            case signal(Int32)
        }
    }

    /// The process on the terminal now.
    struct Running: Equatable {
        var step: Step
        var process: pid_t
        var generation: Int
        var status: Int32?
        var outputEnded = false
        var sideEnded = false
        var said: [UInt8] = []
    }

    enum State: Equatable {
        /// No shell yet.
        case idle
        /// A launch was asked for and not yet answered.
        case launching(Launch)
        case running(Running)
        case ended
    }

    /// The most of a side pipe kept: a menu's choice, or the first lines of an app's errors.
    static let sideLimit = MenuChoice.maximumBytes

    private(set) var state = State.idle
    /// Counts the processes the session ran, so that what is heard of one is not taken for the next's.
    private(set) var generation = 0
    private var endReason: String?
    private var workshopOver = false
    private var hungUp = false
    /// The presenter's storyboard folder, named by no message a client reads.
    let folder: String?

    init(folder: String? = nil) {
        self.folder = folder
    }

    /// The process running now, once started and until it has ended.
    var process: pid_t? {
        if case .running(let running) = state, running.status == nil { return running.process }
        return nil
    }

    var isEnded: Bool { state == .ended }

    mutating func handle(_ event: Event) -> [Action] {
        switch (event, state) {
        case (.shell(let role), .idle):
            let launch: Launch = role == .follower ? .follower : .menu(message: nil, selected: 0)
            state = .launching(launch)
            return [.launch(launch)]
        case (.started(let process), .launching(let launch)):
            generation += 1
            state = .running(Running(step: Step(launch), process: process, generation: generation))
            // Hung up or ended while it started: it is asked to end at once.
            if hungUp { return [.signal(process: process, SIGHUP), .scheduleForceEnd] }
            return endReason != nil ? [.signal(process: process, SIGHUP)] : []
        case (.launchFailed(let why), .launching):
            if generation == 0 {
                state = .ended
                return [.turnAway(why)]
            }
            endReason = endReason ?? why
            return finish(status: 0)
        case (.sideRead(let bytes, let heard), .running(var running)) where heard == running.generation:
            running.said += bytes.prefix(max(0, Self.sideLimit - running.said.count))
            var actions: [Action] = []
            // The menu's choice, whole: the process is that app from now on, and what follows
            // on the pipe is the app's standard error.
            if case .menu = running.step, let (choice, used) = MenuChoice.prefix(of: running.said) {
                running.step = .app(choice)
                running.said.removeFirst(used)
                actions.append(.chose(choice))
            }
            state = .running(running)
            return actions
        case (.sideEnded(let heard), .running(var running)) where heard == running.generation:
            running.sideEnded = true
            state = .running(running)
            return advanceIfDone()
        case (.outputEnded(let heard), .running(var running)) where heard == running.generation:
            running.outputEnded = true
            state = .running(running)
            return advanceIfDone()
        case (.exited(let status, let heard), .running(var running)) where heard == running.generation && running.status == nil:
            running.status = status
            state = .running(running)
            // Whatever it started ends with it: its process group, which it leads. Its output
            // may still be on its way: the next step waits for it, or a moment.
            let next = advanceIfDone()
            let waiting: Bool = if case .running = state { true } else { false }
            return [.signal(process: running.process, SIGHUP)] + next + (waiting ? [.scheduleDrain(generation: heard)] : [])
        case (.drained(let heard), .running(var running)) where heard == running.generation && running.status != nil:
            running.outputEnded = true
            running.sideEnded = true
            state = .running(running)
            return advanceIfDone()
        case (.hangUp, _):
            guard !hungUp else { return [] }
            hungUp = true
            if case .idle = state {
                state = .ended
                return []
            }
            guard let process else { return [] }
            return [.signal(process: process, SIGHUP), .scheduleForceEnd]
        case (.end(let reason, let over), _):
            endReason = endReason ?? reason
            workshopOver = workshopOver || over
            guard let process else { return [] }
            return [.signal(process: process, SIGHUP)]
        case (.forceEnd, _):
            guard let process else { return [] }
            return [.signal(process: process, SIGKILL)]
        default:
            // A late word from a process that is gone, or an event out of turn: nothing to do.
            return []
        }
    }

    /// Once the process has ended, with its output and side pipe: the next step (the menu's
    /// choice, the menu again after it), or the session's end.
    private mutating func advanceIfDone() -> [Action] {
        guard case .running(let running) = state, let status = running.status, running.outputEnded, running.sideEnded else { return [] }
        let next: Launch? = switch running.step {
        case _ where endReason != nil || hungUp: nil
        // The menu ended without choosing (q), or did not end well.
        case .menu: nil
        case .app(let choice): .menu(message: ending(of: choice, status: status, said: running.said), selected: choice.index)
        case .follower: nil
        }
        guard let next else { return [.closeOutput] + finish(status: status) }
        state = .launching(next)
        return [.closeOutput, .launch(next)]
    }

    private mutating func finish(status: Int32) -> [Action] {
        state = .ended
        guard !hungUp else { return [.finish(Ending(message: nil, exit: nil, status: status))] }
        let signal = status & 0x7f
        let message: String? = if let endReason {
            endReason
        } else if signal == SIGXCPU {
            "the session used all the CPU time a session has; ssh again to start anew"
        } else if signal != 0 {
            "the session ended (signal \(signal)); ssh again to start anew"
        } else {
            nil
        }
        // The workshop's end is every session's clean end: exit status 0 for attendees and the
        // presenter alike, whatever their app made of the hang-up (issue 32).
        let exit: Ending.Exit = signal == 0 || endReason != nil
            ? .status(workshopOver || signal != 0 ? 0 : Int((status >> 8) & 0xff))
            : .signal(signal)
        return [.finish(Ending(message: message, exit: exit, status: status))]
    }

    /// What the menu says of a choice that ended: its exit status or signal and the first line it
    /// wrote to standard error, naming no path of the server's; nil when it ended well.
    private func ending(of choice: MenuChoice, status: Int32, said: [UInt8]) -> String? {
        var firstLine = String(decoding: said, as: UTF8.self).split(separator: "\n").first.map { String($0.prefix(200)) }
        if let folder { firstLine = firstLine?.replacing(folder + "/", with: "") }
        let signal = status & 0x7f
        let code = (status >> 8) & 0xff
        let ending: String? = if signal != 0 {
            "ended by signal \(signal)" + (firstLine.map { " (\($0))" } ?? "")
        } else if code != 0 {
            firstLine ?? "ended with status \(code)"
        } else {
            nil
        }
        return ending.map { "\(choice.title): \($0)" }
    }
}
