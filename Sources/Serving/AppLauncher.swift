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
    /// descriptor `choice`; the presenter's menu and what it chooses send their frames to
    /// descriptor 3 and read the counts from 4; every session's apps read the room's questions
    /// and send their answers on the next two (the presenter's 5 and 6, an attendee's 3 and 4).
    func menuArguments(role: Admission.Role, choice: Int32, message: String?, selected: Int) -> [String] {
        let folder = storyboards == nil ? [] : ["--storyboards", "."]
        let presenter = role == .presenter ? ["--frames-out", "3", "--audience-in", "4"] + presenterOptions.map { "--stage-option=" + $0 } : []
        let room = role == .presenter ? ["--room-in", "5", "--room-out", "6"] : ["--room-in", "3", "--room-out", "4"]
        return ["launch", "--choice-out", "\(choice)", "--selected", "\(selected)"] + (message.map { ["--message", $0] } ?? [])
            + presenter + room + folder + limits
    }

    /// A follower: the presenter's frames from descriptor 3, the room's questions from 4, its
    /// answers to 5.
    var followerArguments: [String] { ["follow", "--frames-in", "3", "--room-in", "4", "--room-out", "5"] + limits }

    func environment(term: String, noColor: String?) -> [String] {
        // Only what a terminal type can be: it names a terminfo file the app opens.
        let safeTerm = term.allSatisfy { $0.isLetter || $0.isNumber || "-_.+".contains($0) } && term.count <= 64 ? term : "xterm"
        var environment = ["TERM=\(safeTerm)", "LANG=\(UTF8Locale.name)", "LC_ALL=\(UTF8Locale.name)"]
        if let noColor { environment.append("NO_COLOR=\(noColor.filter { !$0.isNewline && $0 != "\0" }.prefix(64))") }
        return environment
    }
}
