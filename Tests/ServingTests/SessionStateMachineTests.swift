import SessionProtocol
@testable import Serving
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A session of `wallet serve` as events in and actions out (issue 43): every transition the ssh
/// tests cover, and those they cannot reach (a crash while relaunching, a resize during a
/// launch, a hang-up while the menu writes its choice), with no process, pipe or clock.
@Suite struct SessionStateMachineTests {
    typealias Machine = SessionStateMachine

    static let wallet = MenuChoice(index: 0, title: "The wallet", arguments: ["--served"])
    static let storyboard = MenuChoice(index: 3, title: "Broken", arguments: ["storyboard", "run", "Broken.storyboard", "--served"])

    /// Wait statuses, as `waitpid` gives them.
    static func exited(_ code: Int32) -> Int32 { code << 8 }
    static func killed(by signal: Int32) -> Int32 { signal }

    /// A process that has gone all the way: its exit, its output's end, its side pipe's end.
    static func ends(_ machine: inout Machine, status: Int32, said: [UInt8] = []) -> [Machine.Action] {
        let generation = machine.generation
        var actions: [Machine.Action] = []
        if !said.isEmpty { actions += machine.handle(.sideRead(said, generation: generation)) }
        actions += machine.handle(.exited(status: status, generation: generation))
        actions += machine.handle(.outputEnded(generation: generation))
        actions += machine.handle(.sideEnded(generation: generation))
        return actions
    }

    /// An attendee's session with its menu running as process 100.
    static func inTheMenu() -> Machine {
        var machine = Machine(folder: "/srv/workshop")
        #expect(machine.handle(.shell(.attendee)) == [.launch(.menu(message: nil, selected: 0))])
        #expect(machine.handle(.started(process: 100)) == [])
        return machine
    }

    @Test func theMenuBecomesItsChoiceThenTheMenuComesBackWithTheCursorOnIt() {
        var machine = Self.inTheMenu()
        // The choice, whole, in two pieces: the menu's process is that app from now on.
        let bytes = Self.storyboard.bytes
        #expect(machine.handle(.sideRead(Array(bytes.prefix(7)), generation: 1)) == [])
        #expect(machine.handle(.sideRead(Array(bytes.dropFirst(7)), generation: 1)) == [.chose(Self.storyboard)])
        #expect(machine.process == 100)
        // The storyboard did not load: the menu says so, naming no folder of the server's.
        let failed = Self.ends(&machine, status: Self.exited(1), said: Array("/srv/workshop/Broken.storyboard:3: no scene\n".utf8))
        #expect(failed == [.signal(process: 100, SIGHUP), .scheduleDrain(generation: 1), .closeOutput,
                           .launch(.menu(message: "Broken: Broken.storyboard:3: no scene", selected: 3))])
        #expect(machine.handle(.started(process: 102)) == [])
        // q in the menu: nothing chosen, the session ends with the menu's status.
        let left = Self.ends(&machine, status: Self.exited(0))
        #expect(left.last == .finish(.init(message: nil, exit: .status(0), status: 0)))
        #expect(machine.isEnded)
    }

    @Test func theAppsErrorsFollowTheChoiceOnTheSamePipe() {
        var machine = Self.inTheMenu()
        // In one read: the choice and the app's first error line.
        #expect(machine.handle(.sideRead(Self.wallet.bytes + Array("wallet: out of memory\n".utf8), generation: 1)) == [.chose(Self.wallet)])
        let back = Self.ends(&machine, status: Self.exited(1))
        #expect(back.last == .launch(.menu(message: "The wallet: wallet: out of memory", selected: 0)))
    }

    @Test func theNextStepWaitsForTheOutputAndTheSidePipeOrAMoment() {
        var machine = Self.inTheMenu()
        _ = machine.handle(.sideRead(Self.wallet.bytes, generation: 1))
        // Exited, its output still on its way: nothing starts yet.
        #expect(machine.handle(.exited(status: 0, generation: 1)) == [.signal(process: 100, SIGHUP), .scheduleDrain(generation: 1)])
        #expect(machine.handle(.outputEnded(generation: 1)) == [])
        // Nobody closed the side pipe (a grandchild kept it): a moment later, on it goes.
        #expect(machine.handle(.drained(generation: 1)) == [.closeOutput, .launch(.menu(message: nil, selected: 0))])
    }

    @Test func whatAnEarlierProcessSaysIsNotTakenForTheNextOnes() {
        var machine = Self.inTheMenu()
        _ = Self.ends(&machine, status: 0, said: Self.wallet.bytes)
        _ = machine.handle(.started(process: 101))
        // The first process's late words, end and drain: ignored; the menu chose nothing yet.
        #expect(machine.handle(.sideRead(Self.storyboard.bytes, generation: 1)) == [])
        #expect(machine.handle(.exited(status: 0, generation: 1)) == [])
        #expect(machine.handle(.drained(generation: 1)) == [])
        #expect(machine.process == 101)
        #expect(Self.ends(&machine, status: 0).last == .finish(.init(message: nil, exit: .status(0), status: 0)))
    }

    @Test func aMenuThatCrashesEndsTheSessionSayingSo() {
        var machine = Self.inTheMenu()
        let actions = Self.ends(&machine, status: Self.killed(by: SIGSEGV))
        #expect(actions.last == .finish(.init(message: "the session ended (signal \(SIGSEGV)); ssh again to start anew", exit: .signal(SIGSEGV),
                                              status: SIGSEGV)))
    }

    @Test func aCrashWhileRelaunchingTheMenuEndsTheSessionWithTheReason() {
        var machine = Self.inTheMenu()
        // The wallet, chosen, ends: the menu is to come back.
        #expect(Self.ends(&machine, status: 0, said: Self.wallet.bytes).last == .launch(.menu(message: nil, selected: 0)))
        // It does not start again (descriptors ran out): the session ends, saying why.
        #expect(machine.handle(.launchFailed("the workshop is full; try again when someone leaves"))
            == [.finish(.init(message: "the workshop is full; try again when someone leaves", exit: .status(0), status: 0))])
        #expect(machine.isEnded)
    }

    @Test func aFirstLaunchThatFailsTurnsTheSessionAway() {
        var machine = Machine()
        _ = machine.handle(.shell(.attendee))
        #expect(machine.handle(.launchFailed("the workshop is full; try again when someone leaves"))
            == [.turnAway("the workshop is full; try again when someone leaves")])
        #expect(machine.isEnded)
    }

    @Test func anAppThatUsesItsCPUTimeIsToldWhy() {
        var machine = Self.inTheMenu()
        _ = machine.handle(.sideRead(Self.wallet.bytes, generation: 1))
        // A signal ends the app alone: the menu comes back, saying which.
        let back = Self.ends(&machine, status: Self.killed(by: SIGXCPU))
        #expect(back.last == .launch(.menu(message: "The wallet: ended by signal \(SIGXCPU)", selected: 0)))
        _ = machine.handle(.started(process: 102))
        let menuKilled = Self.ends(&machine, status: Self.killed(by: SIGXCPU))
        #expect(menuKilled.last == .finish(.init(message: "the session used all the CPU time a session has; ssh again to start anew",
                                                 exit: .signal(SIGXCPU), status: SIGXCPU)))
    }

    @Test func aHangUpWhileTheMenuWritesItsChoiceStartsNothing() {
        var machine = Self.inTheMenu()
        // Half the choice is written, the client goes, the menu ends with the hang-up.
        _ = machine.handle(.sideRead(Array(Self.wallet.bytes.prefix(5)), generation: 1))
        #expect(machine.handle(.hangUp) == [.signal(process: 100, SIGHUP), .scheduleForceEnd])
        _ = machine.handle(.sideRead(Array(Self.wallet.bytes.dropFirst(5)), generation: 1))
        let actions = Self.ends(&machine, status: 0)
        #expect(actions.last == .finish(.init(message: nil, exit: nil, status: 0)))
        #expect(!actions.contains { if case .launch = $0 { true } else { false } })
    }

    @Test func aHangUpDuringALaunchEndsTheProcessOnceItStarts() {
        var machine = Self.inTheMenu()
        _ = Self.ends(&machine, status: 0, said: Self.wallet.bytes)
        #expect(machine.handle(.hangUp) == [])
        #expect(machine.handle(.started(process: 101)) == [.signal(process: 101, SIGHUP), .scheduleForceEnd])
        // It ignores the hang-up: killed.
        #expect(machine.handle(.forceEnd) == [.signal(process: 101, SIGKILL)])
        #expect(Self.ends(&machine, status: Self.killed(by: SIGKILL)).last == .finish(.init(message: nil, exit: nil, status: SIGKILL)))
    }

    /// A window change during a launch resizes the terminal, which outlives every process on it:
    /// it is no event of the session's, and changes nothing of what runs next.
    @Test func aResizeDuringALaunchChangesNothingOfWhatRuns() {
        var machine = Self.inTheMenu()
        _ = Self.ends(&machine, status: 0, said: Self.wallet.bytes)
        let before = machine
        #expect(machine.handle(.drained(generation: 1)) == [])
        #expect(machine == before)
        #expect(machine.handle(.started(process: 101)) == [])
    }

    @Test func theWorkshopsEndIsEverySessionsCleanEnd() {
        var machine = Self.inTheMenu()
        #expect(machine.handle(.end(reason: "the workshop is over; thank you for coming", workshopOver: true)) == [.signal(process: 100, SIGHUP)])
        // The menu ends by the hang-up (status 129 from its handler): exit 0, with the goodbye.
        let actions = Self.ends(&machine, status: Self.exited(129))
        #expect(actions.last == .finish(.init(message: "the workshop is over; thank you for coming", exit: .status(0), status: Self.exited(129))))
    }

    @Test func anIdleSessionEndsWithItsAppsOwnStatus() {
        var machine = Self.inTheMenu()
        _ = machine.handle(.end(reason: "no key for 60 minutes", workshopOver: false))
        // The first reason stands.
        _ = machine.handle(.end(reason: "another", workshopOver: false))
        #expect(Self.ends(&machine, status: Self.exited(129)).last == .finish(.init(message: "no key for 60 minutes", exit: .status(129),
                                                                                    status: Self.exited(129))))
    }

    @Test func aFollowerRunsItsViewAndEndsWithIt() {
        var machine = Machine()
        #expect(machine.handle(.shell(.follower)) == [.launch(.follower)])
        _ = machine.handle(.started(process: 200))
        #expect(Self.ends(&machine, status: 0).last == .finish(.init(message: nil, exit: .status(0), status: 0)))
    }

    @Test func aSecondShellOrEventsOutOfTurnDoNothing() {
        var machine = Self.inTheMenu()
        #expect(machine.handle(.shell(.attendee)) == [])
        #expect(machine.handle(.started(process: 999)) == [])
        #expect(machine.process == 100)
        var idle = Machine()
        #expect(idle.handle(.exited(status: 0, generation: 0)) == [])
        #expect(idle.handle(.hangUp) == [])
        #expect(idle.isEnded)
    }

    /// Random events in any order, from any process: the machine never launches two processes
    /// at once, never signals a process that is not running, and once ended does nothing more.
    @Test func randomEventsKeepOneProcessAtATime() {
        var generator = SplitMix(seed: 43)
        for _ in 0..<500 {
            var machine = Machine()
            var nextProcess: pid_t = 100
            var launching = false
            var ended = false
            for _ in 0..<60 {
                let generation = machine.generation - Int.random(in: 0...1, using: &generator)
                let said: [UInt8] = Bool.random(using: &generator) ? Self.wallet.bytes : []
                let events: [Machine.Event] = [
                    .shell(.attendee), .started(process: nextProcess), .launchFailed("no"), .sideRead(said, generation: generation),
                    .sideEnded(generation: generation), .outputEnded(generation: generation),
                    .exited(status: [0, 256, 9].randomElement(using: &generator)!, generation: generation), .drained(generation: generation),
                    .hangUp, .end(reason: "bye", workshopOver: Bool.random(using: &generator)), .forceEnd,
                ]
                let event = events.randomElement(using: &generator)!
                let running = machine.process
                let actions = machine.handle(event)
                if case .started = event, launching { nextProcess += 1 }
                if ended { #expect(actions.isEmpty, "\(event) after the end: \(actions)") }
                for action in actions {
                    switch action {
                    case .launch:
                        #expect(!launching, "a second launch before the first started")
                        launching = true
                    case .signal(let process, _):
                        #expect(process == running || process == machine.process, "\(process) signalled, \(String(describing: running)) running")
                    case .finish, .turnAway:
                        #expect(!ended)
                        ended = true
                    default: break
                    }
                }
                if case .started = event { launching = false }
                if case .launchFailed = event { launching = false }
            }
        }
    }
}
