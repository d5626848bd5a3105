#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program run on this terminal until it ends, as a shell runs a command: what `wallet serve`
/// runs to build the server.
enum ChildProcess {
    /// Runs `program` (a path, or a name looked up on the PATH) with `arguments`; the raw wait
    /// status (`WEXITSTATUS`, `WTERMSIG` read it), or `spawn`'s error when it did not start.
    static func run(_ program: String, _ arguments: [String]) -> Result<Int32, SpawnError> {
        var actions = Platform.spawnFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let started = program.contains("/") ? posix_spawn(&pid, program, &actions, nil, argv, environ)
            : posix_spawnp(&pid, program, &actions, nil, argv, environ)
        guard started == 0 else { return .failure(SpawnError(code: started)) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return .success(status)
    }

    struct SpawnError: Error, CustomStringConvertible {
        let code: Int32
        var description: String { String(cString: strerror(code)) }
    }
}
