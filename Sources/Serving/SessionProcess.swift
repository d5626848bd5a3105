import SessionProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A session's terminal and the pipes beside it, laid out by `SessionLayout` for its role, and
/// the processes started on them one at a time. The server's ends of the pipes are handed to the
/// relays once the session has started (`serverEnds`); the apps' ends stay open here for the
/// session's life, so that every process it runs gets them, and close with it.
struct SessionProcess {
    let role: SessionLayout.Role
    let terminal: PseudoTerminal
    /// The server's end of each pipe, in `SessionLayout.pipes(role)`'s order.
    let serverEnds: [SessionLayout.Pipe: Int32]
    /// The apps' ends, in the order they get them (from descriptor 3).
    private let appEnds: [Int32]

    /// A terminal of `columns` x `rows` and the role's pipes: all made, or none left open.
    init(role: SessionLayout.Role, columns: Int, rows: Int) throws(PseudoTerminal.Failure) {
        var made: [(read: Int32, write: Int32)] = []
        do {
            for _ in SessionLayout.pipes(role) { made.append(try Self.makePipe()) }
            terminal = try PseudoTerminal(columns: columns, rows: rows)
        } catch {
            for pipe in made { close(pipe.read); close(pipe.write) }
            throw error
        }
        var serverEnds: [SessionLayout.Pipe: Int32] = [:]
        var appEnds: [Int32] = []
        for (pipe, ends) in zip(SessionLayout.pipes(role), made) {
            // Which way it goes: the app writes its frames and its answers, and reads the rest.
            let appWrites = pipe == .framesOut || pipe == .roomOut
            serverEnds[pipe] = appWrites ? ends.read : ends.write
            appEnds.append(appWrites ? ends.write : ends.read)
        }
        self.role = role
        self.serverEnds = serverEnds
        self.appEnds = appEnds
    }

    /// Starts `launch` on the terminal, with the role's pipes as its descriptors 3 and on, and
    /// `side` (the write end of its side pipe) as the menu's choice descriptor (which becomes the
    /// chosen app's standard error).
    func spawn(_ launch: SessionStateMachine.Launch, launcher: AppLauncher, environment: [String], side: Int32) throws(PseudoTerminal.Failure) -> pid_t {
        switch launch {
        case .menu(let message, let selected):
            let arguments = launcher.menuArguments(role: role, message: message, selected: selected)
            return try terminal.spawn(launcher.executable, arguments, environment: environment, in: launcher.storyboards,
                                      descriptors: appEnds + [side])
        case .follower:
            return try terminal.spawn(launcher.executable, launcher.followerArguments, environment: environment, descriptors: appEnds)
        }
    }

    /// The session's end: the terminal and the apps' ends close (the relays close the server's).
    func end() {
        terminal.end()
        appEnds.forEach { close($0) }
    }

    /// For a session that never started: the server's ends close too.
    func endUnstarted() {
        end()
        serverEnds.values.forEach { close($0) }
    }

    static func makePipe() throws(PseudoTerminal.Failure) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .spawn(errno) }
        // Close-on-exec at once: only the event loop's thread starts apps, so no other start
        // can come between and inherit them.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }
}
