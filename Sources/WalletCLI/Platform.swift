#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What differs between Linux and macOS for the command, each branch a few lines (issue 20).
/// The Darwin branches were written from Apple's documentation and have not run on a Mac.
enum Platform {
    /// The running executable's path, links resolved: where `wallet-server` and the menu's
    /// choices are found (beside it).
    static func executablePath() -> String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { readlink("/proc/self/exe", $0.baseAddress!, $0.count - 1) }
        return count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
        #elseif canImport(Darwin)
        // dyld's _NSGetExecutablePath (mach-o/dyld.h) gives the path it was started by; realpath resolves links.
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var path = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&path, &size) == 0, let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
        #else
        return nil
        #endif
    }

    /// Storage for posix_spawn_file_actions_init to fill: a struct in glibc, a pointer (nil until
    /// then) in Darwin's <spawn.h>.
    static func spawnFileActions() -> posix_spawn_file_actions_t {
        #if canImport(Darwin)
        nil
        #else
        posix_spawn_file_actions_t()
        #endif
    }
}
