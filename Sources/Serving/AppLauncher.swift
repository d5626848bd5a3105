import Terminal

/// How a session's app is started: the `wallet` beside the server, with the arguments the server
/// chooses for the user's role (never a client's), in an environment of its own (the client's
/// terminal type, a UTF-8 locale, and `NO_COLOR` when the client sent it), within the limits
/// of a session.
struct AppLauncher: Sendable {
    let executable: String
    /// The most memory (address space, bytes) and CPU time (seconds) a session's app may use;
    /// past them it ends, and the client is told why.
    let memory: UInt64
    let cpuSeconds: UInt64
    /// The presenter's folder of storyboards, offered in each attendee's menu.
    let storyboards: String?

    /// What each role runs: an attendee the menu (`wallet launch`); the presenter the menu too,
    /// it and what it runs sending their frames to descriptor 3 and reading the counts from 4; a
    /// follower the presenter's frames from 3.
    /// Each is told its limits, which it sets on itself before it reads a key (`setrlimit`; a
    /// limit lowered cannot be raised again, and posix_spawn has no way to set one).
    func arguments(for role: Admission.Role) -> [String] {
        let limits = ["--limit-memory", "\(memory)", "--limit-cpu", "\(cpuSeconds)"]
        let folder = storyboards.map { ["--storyboards", $0] } ?? []
        return switch role {
        case .attendee: ["launch"] + folder + limits
        case .presenter: ["launch", "--frames-out", "3", "--audience-in", "4"] + folder + limits
        case .follower: ["follow", "--frames-in", "3"] + limits
        }
    }

    func start(role: Admission.Role, term: String, noColor: String?, columns: Int, rows: Int,
               descriptors: [Int32]) throws(PseudoTerminal.Failure) -> PseudoTerminal {
        // Only what a terminal type can be: it names a terminfo file the app opens.
        let safeTerm = term.allSatisfy { $0.isLetter || $0.isNumber || "-_.+".contains($0) } && term.count <= 64 ? term : "xterm"
        var environment = ["TERM=\(safeTerm)", "LANG=\(UTF8Locale.name)", "LC_ALL=\(UTF8Locale.name)"]
        if let noColor { environment.append("NO_COLOR=\(noColor.filter { !$0.isNewline && $0 != "\0" }.prefix(64))") }
        return try PseudoTerminal(executable: executable, arguments: arguments(for: role), environment: environment,
                                  columns: columns, rows: rows, descriptors: descriptors)
    }
}
