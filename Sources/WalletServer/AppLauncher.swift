/// How a session's app is started: the `wallet` beside the server, with the arguments the server
/// chooses (never a client's), in an environment of its own: the client's terminal type, a UTF-8
/// locale, and `NO_COLOR` when the client sent it.
struct AppLauncher: Sendable {
    let executable: String
    let arguments: [String]

    func start(term: String, noColor: String?, columns: Int, rows: Int) throws(PseudoTerminal.Failure) -> PseudoTerminal {
        // Only what a terminal type can be: it names a terminfo file the app opens.
        let safeTerm = term.allSatisfy { $0.isLetter || $0.isNumber || "-_.+".contains($0) } && term.count <= 64 ? term : "xterm"
        var environment = ["TERM=\(safeTerm)", "LANG=C.UTF-8", "LC_ALL=C.UTF-8"]
        if let noColor { environment.append("NO_COLOR=\(noColor.filter { !$0.isNewline && $0 != "\0" }.prefix(64))") }
        return try PseudoTerminal(executable: executable, arguments: arguments, environment: environment, columns: columns, rows: rows)
    }
}
