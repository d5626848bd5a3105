#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What could not be done to a file, said with its path and the system's reason.
public struct DiskError: Error, Sendable, CustomStringConvertible {
    public let path: String
    /// The C library's `errno`: `ENOENT`, `EEXIST`…
    public let code: Int32
    public let reason: String

    init(_ path: String, _ code: Int32 = errno) {
        self.path = path
        self.code = code
        reason = String(cString: strerror(code))
    }

    public var description: String { "\(path): \(reason)" }
}

/// The few file operations the working folder needs, with the C library.
package enum Disk {
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// The names in a folder, sorted, without `.` and `..`; none when it cannot be read.
    static func entries(of path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Removes `path` and all under it, as far as it can: a link is removed, never followed.
    static func removeTree(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            for name in entries(of: path) { removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    /// Makes `path` and the folders above it that are missing.
    static func makeDirectories(_ path: String) throws(DiskError) {
        var built = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            built += "/" + part
            if mkdir(built, 0o755) != 0, errno != EEXIST { throw DiskError(built) }
        }
        guard isDirectory(path) else { throw DiskError(path, ENOTDIR) }
    }

    /// Writes `bytes` to a new file beside `path`, then renames it over `path`: a reader (the
    /// watcher, an editor) never sees half of it.
    /// With `like`, the new file gets that file's permissions (an edited file keeps its own).
    package static func write(_ bytes: [UInt8], to path: String, like: String? = nil) throws(DiskError) {
        let temporary = path + ".writing"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw DiskError(temporary) }
        var status = stat()
        if let like, stat(like, &status) == 0 { _ = fchmod(descriptor, status.st_mode & 0o7777) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                let error = DiskError(temporary)
                close(descriptor)
                unlink(temporary)
                throw error
            }
            written += count
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let error = DiskError(path)
            unlink(temporary)
            throw error
        }
    }

    static func move(_ from: String, to: String) throws(DiskError) {
        guard rename(from, to) == 0 else { throw DiskError(from) }
    }
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, bytes, count) }
