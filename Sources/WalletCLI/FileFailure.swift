/// Why a file cannot be opened, read or written: which (a quoted path, or "standard error"),
/// and why, in strerror's words or ours.
struct FileFailure: Error, CustomStringConvertible {
    let name: String
    let reason: String
    var description: String { "\(name): \(reason)" }
}
