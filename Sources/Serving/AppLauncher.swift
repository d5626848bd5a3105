import SessionProtocol
import Terminal

/// What a session's processes are started with: the `wallet` beside the server, with the
/// arguments the server chooses for the user's role (never a client's), in an environment of its
/// own (the client's terminal type, a UTF-8 locale, and `NO_COLOR` when the client sent it),
/// within the limits of a session, in the presenter's storyboard folder (so that what a
/// storyboard says names no path of the server's).
struct AppLauncher: Sendable {
    let executable: String
    /// The most memory (address space, bytes) and CPU time (seconds) each of a session's
    /// processes may use; past them it ends, and the client is told why.
    let memory: UInt64
    let cpuSeconds: UInt64
    /// The presenter's folder of storyboards, offered in each attendee's menu.
    let storyboards: String?
    /// The presenter's projector options (`--presenter-options`), for the presenter's menu and
    /// all it runs.
    var presenterOptions: [String] = []

    /// Each process is told its limits, which it sets on itself before it reads a key
    /// (`setrlimit`; a limit lowered cannot be raised again, and posix_spawn has no way to set one).
    var limits: [String] { ["--limit-memory", "\(memory)", "--limit-cpu", "\(cpuSeconds)"] }

    /// The menu (`wallet launch`) an attendee and the presenter start in, writing its choice on
    /// the descriptor after its role's pipes; each pipe is named to it by the descriptor
    /// `SessionLayout` gives it (the presenter's frames out and counts in, every role's room).
    func menuArguments(role: SessionLayout.Role, message: String?, selected: Int) -> [String] {
        let folder = storyboards == nil ? [] : ["--storyboards", "."]
        let presenter = role == .presenter ? presenterOptions.map { "--stage-option=" + $0 } : []
        return ["launch", "--choice-out", "\(SessionLayout.choice(of: role))", "--selected", "\(selected)"]
            + (message.map { ["--message", $0] } ?? []) + Self.pipeArguments(role) + presenter + folder + limits
    }

    /// A follower: the presenter's frames and the room, on the descriptors of its layout.
    var followerArguments: [String] { ["follow"] + Self.pipeArguments(.follower) + limits }

    /// Each of the role's pipes as the option that names its descriptor to the app.
    static func pipeArguments(_ role: SessionLayout.Role) -> [String] {
        SessionLayout.pipes(role).flatMap { pipe -> [String] in
            let option = switch pipe {
            case .framesOut: "--frames-out"
            case .counts: "--audience-in"
            case .framesIn: "--frames-in"
            case .roomIn: "--room-in"
            case .roomOut: "--room-out"
            }
            return [option, "\(SessionLayout.descriptor(pipe, of: role)!)"]
        }
    }

    func environment(term: String, noColor: String?) -> [String] {
        // Only what a terminal type can be: it names a terminfo file the app opens.
        let safeTerm = term.allSatisfy { $0.isLetter || $0.isNumber || "-_.+".contains($0) } && term.count <= 64 ? term : "xterm"
        var environment = ["TERM=\(safeTerm)", "LANG=\(UTF8Locale.name)", "LC_ALL=\(UTF8Locale.name)"]
        if let noColor { environment.append("NO_COLOR=\(noColor.filter { !$0.isNewline && $0 != "\0" }.prefix(64))") }
        return environment
    }
}
