#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One attendee's terminal, for the session's life, and the `wallet` processes on it, one at a
/// time (the menu, then what it chose, then the menu again). The app in it is the ordinary one
/// (ncurses in `CursesTerminal`, its signal handling, its terminal restored on every way out);
/// a trap there ends that process alone.
struct PseudoTerminal {
    /// The master side, which the server reads the app's output from and writes keys to.
    let master: Int32
    /// The side each of the session's processes opens as its terminal, in turn: the menu, what
    /// it chose, the menu again.
    let slavePath: String

    #if os(Linux)
    /// `glibc`'s `POSIX_SPAWN_SETSID`, which Swift's Glibc module does not export: the child
    /// starts a session, so that the terminal it opens first becomes its controlling terminal.
    private static let spawnSetSID: Int16 = 0x80
    /// `POSIX_SPAWN_SETSIGDEF` and `POSIX_SPAWN_SETSIGMASK`.
    private static let spawnSetSignalDefaults: Int16 = 0x04, spawnSetSignalMask: Int16 = 0x08
    /// Storage for the `_init` functions to fill: structs in glibc.
    private static func spawnStorage() -> (posix_spawn_file_actions_t, posix_spawnattr_t) {
        (posix_spawn_file_actions_t(), posix_spawnattr_t())
    }
    /// glibc (2.34 and later) closes every descriptor from `from` on by a file action, which
    /// Swift's Glibc module does not export: looked up by name, and where it is missing, each
    /// descriptor open now is closed by an action of its own (only the event loop's thread opens
    /// descriptors, and it is the one spawning).
    private static let spawnCloseOthers: Int16 = 0
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias AddChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    /// glibc (2.29 and later) changes the directory by a file action, likewise looked up by name.
    private static func changeDirectory(_ actions: inout posix_spawn_file_actions_t, to directory: String) {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else { return }
        _ = unsafeBitCast(symbol, to: AddChangeDirectory.self)(&actions, directory)
    }
    private static func closeOthers(_ actions: inout posix_spawn_file_actions_t, from: Int32) {
        if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, from)
            return
        }
        guard let folder = opendir("/proc/self/fd") else { return }
        defer { closedir(folder) }
        var open: [Int32] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let number = Int32(name), number >= from { open.append(number) }
        }
        for number in open { posix_spawn_file_actions_addclose(&actions, number) }
    }
    #else
    // Darwin's <spawn.h> names them (POSIX_SPAWN_SETSID since macOS 10.15); not yet run on a Mac.
    private static let spawnSetSID = Int16(POSIX_SPAWN_SETSID)
    private static let spawnSetSignalDefaults = Int16(POSIX_SPAWN_SETSIGDEF), spawnSetSignalMask = Int16(POSIX_SPAWN_SETSIGMASK)
    /// Storage for the `_init` functions to fill: pointers, nil until then, in Darwin's <spawn.h>.
    private static func spawnStorage() -> (posix_spawn_file_actions_t, posix_spawnattr_t) { (nil, nil) }
    /// Darwin closes every descriptor no file action names, by a flag.
    private static let spawnCloseOthers = Int16(POSIX_SPAWN_CLOEXEC_DEFAULT)
    private static func closeOthers(_ actions: inout posix_spawn_file_actions_t, from: Int32) {}
    private static func changeDirectory(_ actions: inout posix_spawn_file_actions_t, to directory: String) {
        posix_spawn_file_actions_addchdir_np(&actions, directory)
    }
    #endif

    enum Failure: Error, CustomStringConvertible {
        case openpty(Int32), spawn(Int32)
        var description: String {
            switch self {
            case .openpty(let code): "no pseudo-terminal: \(String(cString: strerror(code)))"
            case .spawn(let code): "the app did not start: \(String(cString: strerror(code)))"
            }
        }

        /// The process, or the system, has no descriptor left to give.
        var isOutOfDescriptors: Bool {
            switch self {
            case .openpty(let code), .spawn(let code): code == EMFILE || code == ENFILE
            }
        }
    }

    /// A new pseudo-terminal of `columns` x `rows`; no process runs on it yet.
    init(columns: Int, rows: Int) throws(Failure) {
        var master: Int32 = -1, slave: Int32 = -1
        var size = Self.size(columns: columns, rows: rows)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw .openpty(errno) }
        slavePath = String(cString: ttyname(slave))
        close(slave)
        // The master stays with the server only (and every spawn closes it in the app besides).
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        self.master = master
    }

    /// Starts `executable` with `arguments` on this terminal, in `directory` when given, with
    /// `environment` alone (nothing of the server's own), its standard error into `errors` when
    /// given, and `descriptors` as its descriptors 3, 4 and on (the presenter's frames and
    /// audience, a follower's frames, the menu's choice): no other descriptor of the server's
    /// reaches it. It leads a session of its own, whose controlling terminal this is.
    func spawn(_ executable: String, _ arguments: [String], environment: [String], in directory: String? = nil,
               errors: Int32? = nil, descriptors: [Int32] = []) throws(Failure) -> pid_t {
        var (actions, attributes) = Self.spawnStorage()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        // Each from a number above those it goes to, so that no dup2 is to itself (which would
        // keep its close-on-exec flag, and close it at exec).
        let sources = descriptors.map { fcntl($0, F_DUPFD_CLOEXEC, 16) }
        let errorSource = errors.map { fcntl($0, F_DUPFD_CLOEXEC, 16) }
        defer { (sources + [errorSource].compactMap { $0 }).forEach { close($0) } }
        posix_spawn_file_actions_adddup2(&actions, errorSource ?? 0, 2)
        for (offset, source) in sources.enumerated() { posix_spawn_file_actions_adddup2(&actions, source, Int32(3 + offset)) }
        // And nothing else: whatever a descriptor's flag (a socket NIO made, a copy of another
        // session's terminal), the app gets 0, 1, 2 and its own, never another session's.
        Self.closeOthers(&actions, from: Int32(3 + sources.count))
        if let directory { Self.changeDirectory(&actions, to: directory) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The app starts with every signal at its default and none blocked, whatever the server
        // inherited or set (it ignores SIGPIPE; a parent may have blocked SIGWINCH, which the app
        // must get when the client resizes).
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Self.spawnSetSID | Self.spawnSetSignalDefaults | Self.spawnSetSignalMask | Self.spawnCloseOthers)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else { throw .spawn(status) }
        return pid
    }

    /// The session's end: no process runs on it any more.
    func end() {
        close(master)
    }

    /// Tells the app its terminal's new size, as a terminal window does (it gets `SIGWINCH`).
    func resize(columns: Int, rows: Int) {
        var size = Self.size(columns: columns, rows: rows)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    private static func size(columns: Int, rows: Int) -> winsize {
        winsize(ws_row: UInt16(clamping: max(1, rows)), ws_col: UInt16(clamping: max(1, columns)), ws_xpixel: 0, ws_ypixel: 0)
    }
}
