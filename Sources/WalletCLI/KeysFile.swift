#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The text of `--keys-file`: a path, or `-` for standard input, read whole (a script is read
/// before it runs). Bounded, so that `--keys-file /dev/zero` ends in a message, not in memory
/// running out: a script of `KeyNotation.maximumSteps` steps, with comments, fits in far less.
/// A path must name a regular file: a FIFO that nobody writes would wait forever (standard input,
/// `-`, is read whatever it is). `--behaviours` files are read the same way (`kind`).
enum KeysFile {
    static let maximumBytes = 1 << 20

    /// The file's text, or a message saying why there is none. `kind` names what the file is in
    /// messages: `key script`, `behaviours file`.
    static func text(at path: String, kind: String = "key script") throws(FileFailure) -> String {
        let name = path == "-" ? "standard input" : "\"\(path)\""
        var descriptor = STDIN_FILENO
        if path != "-" {
            // Without blocking: opening a FIFO waits for a writer before the check below can refuse it.
            repeat { descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) } while descriptor < 0 && errno == EINTR
            guard descriptor >= 0 else { throw FileFailure(name: name, reason: String(cString: strerror(errno))) }
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        if path != "-" {
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { throw FileFailure(name: name, reason: String(cString: strerror(errno))) }
            switch status.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFIFO: throw FileFailure(name: name, reason: "a FIFO or pipe, which may never end; give a regular file, or - and send the keys to "
                + "standard input")
            case S_IFDIR: throw FileFailure(name: name, reason: "a directory; give a \(kind) file")
            default: throw FileFailure(name: name, reason: "not a regular file; give a \(kind) file, or - for standard input")
            }
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileFailure(name: name, reason: String(cString: strerror(errno)))
            }
            bytes += buffer[..<count]
            if bytes.count > maximumBytes {
                throw FileFailure(name: name, reason: "longer than \(maximumBytes >> 20) MiB, the most a \(kind) may be; split it into shorter files")
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw FileFailure(name: name, reason: "not UTF-8 text")
        }
        return text
    }
}
