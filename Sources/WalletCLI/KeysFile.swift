#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The text of `--keys-file`: a path, or `-` for standard input, read whole (a script is read
/// before it runs). Bounded, so that `--keys-file /dev/zero` ends in a message, not in memory
/// running out.
enum KeysFile {
    static let maximumBytes = 16 << 20

    /// The file's text, or a message saying why there is none.
    static func text(at path: String) throws(FileFailure) -> String {
        let name = path == "-" ? "standard input" : "\"\(path)\""
        var descriptor = STDIN_FILENO
        if path != "-" {
            repeat { descriptor = open(path, O_RDONLY | O_CLOEXEC) } while descriptor < 0 && errno == EINTR
            guard descriptor >= 0 else { throw FileFailure(name: name, reason: String(cString: strerror(errno))) }
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
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
                throw FileFailure(name: name, reason: "longer than \(maximumBytes >> 20) MiB, the most a key script may be")
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw FileFailure(name: name, reason: "not UTF-8 text")
        }
        return text
    }
}
