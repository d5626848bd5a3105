import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the end-to-end machinery does differently on Linux and macOS, each branch a few lines
/// (issue 20). The Darwin branches were written from Apple's documentation and have not run on a Mac.
enum Platform {
    /// The folder `swift build` put the test code in, where `wallet` is built too: on Linux the
    /// running test executable's (`/proc/self/exe`); on macOS the test code is a bundle
    /// (…/debug/x.xctest) loaded by a helper of the toolchain, so it is the bundle's folder.
    static func buildDirectory() -> URL {
        #if os(Linux)
        let running = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map(URL.init(fileURLWithPath:))
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        return running.deletingLastPathComponent()
        #else
        return Bundle(for: BundleMarker.self).bundleURL.deletingLastPathComponent()
        #endif
    }

    /// Lowers the open-file limit (soft) of the running process `pid`, as an administrator's
    /// `prlimit --nofile` would: Linux's prlimit(2); macOS has no way to, and says false.
    static func lowerOpenFiles(of pid: pid_t, to soft: Int) -> Bool {
        #if os(Linux)
        // glibc's prlimit, which Swift's Glibc module does not export (it wants _GNU_SOURCE).
        typealias Prlimit = @convention(c) (pid_t, Int32, UnsafePointer<rlimit>?, UnsafeMutablePointer<rlimit>?) -> Int32
        guard let symbol = dlsym(nil, "prlimit") else { return false }
        let prlimit = unsafeBitCast(symbol, to: Prlimit.self)
        var current = rlimit()
        let files = Int32(RLIMIT_NOFILE.rawValue)
        guard prlimit(pid, files, nil, &current) == 0 else { return false }
        var lowered = rlimit(rlim_cur: rlim_t(soft), rlim_max: current.rlim_max)
        return prlimit(pid, files, &lowered, nil) == 0
        #else
        return false
        #endif
    }

    /// The processes whose parent is `parent`, as `pgrep -P` finds them, without procps, which a
    /// fresh Linux machine may lack: from /proc (`pid (comm) state ppid …` in each `stat`) on
    /// Linux; from the kernel's process table (sysctl KERN_PROC_ALL, as Apple's QA1123) on macOS.
    static func children(of parent: pid_t) -> [pid_t] {
        #if os(Linux)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && fields[1] == "\(parent)" ? pid : nil
        }
        #else
        var name: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_ALL]
        var size = 0
        guard sysctl(&name, 3, nil, &size, nil, 0) == 0 else { return [] }
        let stride = MemoryLayout<kinfo_proc>.stride
        var processes = [kinfo_proc](repeating: kinfo_proc(), count: size / stride + 16)
        size = processes.count * stride
        guard sysctl(&name, 3, &processes, &size, nil, 0) == 0 else { return [] }
        return processes.prefix(size / stride).filter { $0.kp_eproc.e_ppid == parent }.map { $0.kp_proc.p_pid }
        #endif
    }

    /// Whether process `pid` runs `program` (a path): the first word of /proc/PID/cmdline on Linux,
    /// as it was started; on macOS proc_pidpath (libproc), which gives the file with links
    /// resolved, compared with `program`'s realpath.
    static func runs(_ pid: pid_t, _ program: String) -> Bool {
        #if os(Linux)
        let cmdline = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
        return cmdline.split(separator: 0).first.map { String(decoding: $0, as: UTF8.self) } == program
        #else
        var path = [CChar](repeating: 0, count: Int(MAXPATHLEN) * 4)  // PROC_PIDPATHINFO_MAXSIZE
        guard proc_pidpath(pid, &path, UInt32(path.count)) > 0, let resolved = realpath(program, nil) else { return false }
        defer { free(resolved) }
        return String(cString: path) == String(cString: resolved)
        #endif
    }

    /// A line of /proc/PID/status (`VmRSS`, `Threads`) as a number: the server's resident memory
    /// in KiB and its threads, for the hostile-client tests' bounds. Linux's /proc only: on
    /// macOS these tests have not run (docs/platforms.md).
    static func status(_ pid: pid_t, _ field: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return nil }
        return line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Int($0) }
    }

    /// Children of `parent` that have ended and not been waited for.
    static func zombies(of parent: pid_t) -> [pid_t] {
        children(of: parent).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return false }
            return stat[stat.index(close, offsetBy: 2)...].hasPrefix("Z")
        }
    }

    /// What each open descriptor of `pid` is (`/dev/pts/3`, `pipe:[123]`, `socket:[456]`), by number.
    static func descriptors(of pid: pid_t) -> [Int32: String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        var open: [Int32: String] = [:]
        for entry in entries {
            guard let number = Int32(entry), let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(entry)")
            else { continue }
            open[number] = target
        }
        return open
    }

    /// Whether this machine has /dev/full (Linux does; macOS does not): the tests that need it run
    /// only where it exists, and a full pipe (`FullPipe`) stands for it everywhere.
    static let hasDevFull = FileManager.default.fileExists(atPath: "/dev/full")
}

/// A class of this test bundle, for `Bundle(for:)`.
private final class BundleMarker {}

/// A pipe that cannot take another byte: its write end is non-blocking and filled, so that every
/// write to it fails (EAGAIN), as every write to /dev/full does (ENOSPC), on every platform.
/// Its read end is kept open, so that a write is refused for being full, not answered by SIGPIPE.
final class FullPipe {
    let pipe = Pipe()
    var writer: FileHandle { pipe.fileHandleForWriting }

    init() throws {
        let descriptor = pipe.fileHandleForWriting.fileDescriptor
        guard fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) == 0 else {
            throw EndToEndError("fcntl O_NONBLOCK failed: errno \(errno)")
        }
        let chunk = [UInt8](repeating: 0x2E, count: 4096)
        var written = 0
        repeat { written = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } } while written > 0
        // A pipe with less than a chunk free refuses the chunk whole; fill what is left byte by byte.
        repeat { written = write(descriptor, chunk, 1) } while written > 0
        guard errno == EAGAIN || errno == EWOULDBLOCK else { throw EndToEndError("filling the pipe failed: errno \(errno)") }
    }

    deinit {
        try? pipe.fileHandleForReading.close()
        try? pipe.fileHandleForWriting.close()
    }
}
