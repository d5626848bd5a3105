#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a storyboard file's bytes with the C library, refusing what is not a regular file or
/// is larger than a storyboard may be before reading any of it: a FIFO would block, a device
/// such as /dev/zero never ends, and a huge file would be read whole into memory.
public enum StoryboardFile {
    /// The most bytes a storyboard file may have.
    public static let maximumSize = StoryboardParser.maximumFileSize

    /// The bytes at `path`, with errors naming the file by its path: for a command that reads the
    /// file once, to look at it before loading it (`Storyboard(bytes:ofFile:classes:)`).
    public static func contents(atPath path: String) throws(StoryboardDiagnostic) -> [UInt8] {
        try contents(atPath: path, name: path.escapedForMessage)
    }

    /// The bytes at `path`; errors name the file as `name`.
    package static func contents(atPath path: String, name: String) throws(StoryboardDiagnostic) -> [UInt8] {
        try bytesAndIdentity(atPath: path, name: name).bytes
    }

    /// Which file `path` names, whatever spells it (`d/X`, `d//X`, `d/./X`, a link): its device
    /// and inode; nil when nothing is there.
    package static func identity(atPath path: String) -> FileIdentity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileIdentity(status)
    }

    /// The bytes at `path` and the identity of the file they were read from.
    package static func bytesAndIdentity(atPath path: String, name: String) throws(StoryboardDiagnostic) -> (bytes: [UInt8], identity: FileIdentity) {
        func failure(_ message: String) -> StoryboardDiagnostic { StoryboardDiagnostic(file: name, line: 0, rule: .file, message: message) }
        var status = stat()
        guard stat(path, &status) == 0 else { throw failure(reason(errno)) }
        try check(status, failure)
        // Non-blocking, in case the path became a FIFO after the stat; the fstat below refuses it.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(reason(errno)) }
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0 else { throw failure(reason(errno)) }
        try check(status, failure)

        // One byte more than the limit, to notice a file that grew since the fstat.
        let capacity = min(Int(status.st_size), StoryboardParser.maximumFileSize) + 1
        var bytes = [UInt8](repeating: 0, count: capacity)
        var count = 0
        while count < capacity {
            let received = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + count, capacity - count)
            }
            if received == 0 { break }
            if received < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw failure(reason(errno))
            }
            count += received
        }
        guard count <= StoryboardParser.maximumFileSize else {
            throw failure(StoryboardParser.tooLargeMessage(size: count))
        }
        bytes.removeLast(capacity - count)
        return (bytes, FileIdentity(status))
    }

    private static func check(_ status: stat, _ failure: (String) -> StoryboardDiagnostic) throws(StoryboardDiagnostic) {
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            guard Int(status.st_size) <= StoryboardParser.maximumFileSize else {
                throw failure(StoryboardParser.tooLargeMessage(size: Int(status.st_size)))
            }
        case S_IFDIR:
            throw failure("is a directory, not a storyboard file; give the path of a .storyboard file")
        case S_IFIFO:
            throw failure("is a FIFO, not a regular file; give the path of a .storyboard file")
        case S_IFCHR, S_IFBLK:
            throw failure("is a device, not a regular file; give the path of a .storyboard file")
        default:
            throw failure("is not a regular file; give the path of a .storyboard file")
        }
    }

    /// The C library's reason, with what to do for the common ones.
    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "cannot read the storyboard: no such file; check the path"
        case EACCES, EPERM: "cannot read the storyboard: permission denied; check the file's permissions"
        case ENOTDIR: "cannot read the storyboard: a part of the path is not a directory; check the path"
        default: "cannot read the storyboard: \(String(cString: strerror(code))); check the path"
        }
    }
}

/// A file as the system knows it, the same whatever path names it.
public struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64

    public init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}
