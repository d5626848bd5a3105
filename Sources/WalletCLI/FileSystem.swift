#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The little the command asks of files, directories and the environment, from the C library:
/// the `wallet` binary links no Foundation (its FileManager, URL and ProcessInfo would bring
/// Foundation's libraries, about 20 MB of resident memory, for a few system calls).
enum FileSystem {
    /// Whether something is at `path` (a file, a directory or anything else), following links.
    static func exists(atPath path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// The size of the regular file at `path`, links followed; nil for anything else.
    static func regularFileSize(atPath path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    /// The names of the entries of the directory at `path`, without "." and ".."; empty when it
    /// cannot be read.
    static func entries(ofDirectory path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
                String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The directory part of `path`, with its "/" ("dir/" for "dir/a.storyboard"), or "" for a
    /// name alone: what goes before a sibling's name.
    static func directoryPrefix(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// The last component of `path` ("a.storyboard" for "dir/a.storyboard").
    static func lastComponent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Whether `path` is a directory: links followed when `followingLinks` (a path given on the
    /// command line), not otherwise (a link inside a folder being walked, which may loop).
    static func isDirectory(atPath path: String, followingLinks: Bool = true) -> Bool {
        var status = stat()
        let found = followingLinks ? stat(path, &status) : lstat(path, &status)
        return found == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Makes the directory at `path` (and those above it) if it is missing; the reason when it
    /// cannot.
    static func makeDirectory(atPath path: String) -> String? {
        if isDirectory(atPath: path) { return nil }
        let parent = String(directoryPrefix(of: path).dropLast())
        if !parent.isEmpty, let failure = makeDirectory(atPath: parent) { return failure }
        if mkdir(path, 0o777) == 0 || (errno == EEXIST && isDirectory(atPath: path)) { return nil }
        return String(cString: strerror(errno))
    }

    /// The seconds since 1970, as a file's time is counted.
    static func now() -> Int { Int(time(nil)) }

    /// The value of the environment variable `name`, if set.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
