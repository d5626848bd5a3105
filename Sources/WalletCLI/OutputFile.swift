#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A place the command writes text to: standard output or error, or a path opened as a shell's
/// `>` opens it. Written with write(2), so that a full disk, a closed pipe or a broken device is
/// an error to report, never a trap (as in `FileHandle.write`) or a SIGPIPE (which the command
/// ignores).
struct OutputFile {
    let descriptor: Int32
    /// How messages name it: the path in quotes, or "standard error".
    let name: String

    static let standardOutput = OutputFile(descriptor: STDOUT_FILENO, name: "standard output")
    static let standardError = OutputFile(descriptor: STDERR_FILENO, name: "standard error")

    /// Opens `path` as `> path` does: created with mode 0666 less the umask, or truncated;
    /// symbolic links followed; a FIFO or a device written into, not replaced. Blocks, as the
    /// shell does, until a FIFO has a reader.
    static func open(path: String) throws(FileFailure) -> OutputFile {
        let name = "\"\(path)\""
        while true {
            let descriptor = systemOpen(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
            if descriptor >= 0 { return OutputFile(descriptor: descriptor, name: name) }
            if errno != EINTR { throw FileFailure(name: name, reason: Self.reason(errno)) }
        }
    }

    /// Closes the file: for outputs opened one after another (`--frames`).
    func close() { _ = systemClose(descriptor) }

    /// Writes all of `text`, or throws at the first error.
    func write(_ text: String) throws(FileFailure) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0, errno == EINTR {
                continue
            } else {
                throw FileFailure(name: name, reason: written == 0 ? "nothing was written" : Self.reason(errno))
            }
        }
    }

    /// Writes `text` if it can: for messages about failures, which have nowhere else to go.
    func writeIfPossible(_ text: String) {
        try? write(text)
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

// The C calls, under names the methods above do not hide.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { write(descriptor, bytes, count) }
