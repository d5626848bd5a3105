import ArgumentParser
import CursesTerminal

extension CursesTerminal {
    /// The terminal, taken by ncurses; or, when it cannot be (not a terminal, an unknown TERM),
    /// why on standard error and exit status 1.
    static func opened(mouse: Bool) throws -> CursesTerminal {
        do {
            return try CursesTerminal(mouse: mouse)
        } catch {
            OutputFile.standardError.writeIfPossible("wallet: \(error)\n")
            throw ExitCode.failure
        }
    }
}
