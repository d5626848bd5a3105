import SessionProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The descriptors the server may open, spent by `SessionLayout`'s table (issue 43: followers and
/// the presenter took more than the 9 a session was given, and the 96th attendee of 100 got
/// "no pseudo-terminal: Too many open files"). At start the limit is raised to what
/// `--max-sessions` and `--max-startups` need; at each session's start the server checks what it
/// has left, so that a lower limit than that (a `ulimit`, or an administrator's `prlimit` on the
/// running server) turns the next session away as "the workshop is full", never half made.
public enum DescriptorBudget {
    /// Descriptors the server itself keeps (standard streams, the event loop's, the listening
    /// socket, the signal pipe, the results file) and those a moment may open besides (a
    /// connection being accepted, a session's launch).
    static let own = 32

    /// Descriptors `--max-sessions` and `--max-startups` need at most: each session the most
    /// its role holds (the presenter's besides, which `--max-sessions` does not count), a login
    /// under way's socket each, one launch at a time, and the server's own.
    public static func needed(maxSessions: Int, startups: Int) -> Int {
        maxSessions * SessionLayout.heldByAnyoneButThePresenter + SessionLayout.held(by: .presenter) + startups
            + SessionLayout.launchingAtMost + own
    }

    /// Whether a session of `role` may start with `open` descriptors open of `limit`, leaving
    /// room for `loginsUnderWay` more logins, a launch and the server's own.
    static func admits(_ role: SessionLayout.Role, open: Int, limit: Int, loginsUnderWay: Int) -> Bool {
        open + SessionLayout.held(by: role) + SessionLayout.launchingAtMost + loginsUnderWay + own <= limit
    }

    /// The most descriptors this process may have now (`RLIMIT_NOFILE`'s soft limit).
    @Sendable static func limit() -> Int {
        var limit = rlimit()
        #if os(Linux)
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return Int.max }
        #else
        guard getrlimit(RLIMIT_NOFILE, &limit) == 0 else { return Int.max }
        #endif
        return Int(clamping: limit.rlim_cur)
    }

    /// The descriptors this process has open, listed (a folder of the kernel's): once, at start.
    static func openDescriptors() -> Int {
        #if os(Linux)
        let folder = "/proc/self/fd"
        #else
        let folder = "/dev/fd"
        #endif
        guard let directory = opendir(folder) else { return 0 }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let first = withUnsafeBytes(of: entry.pointee.d_name) { $0.first ?? 0 }
            if first != UInt8(ascii: ".") { count += 1 }
        }
        // The listing's own descriptor.
        return max(0, count - 1)
    }
}
