import Foundation

/// A folder of its own for a test's files, under the system's temporary directory, removed
/// when the test's value goes.
public final class TemporaryFolder: Sendable {
    public let url: URL

    /// A new folder named `prefix-UUID`.
    public init(_ prefix: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `file` inside the folder (`d/X.storyboard` names a file in a subfolder).
    public func path(_ file: String) -> String { url.appendingPathComponent(file).path }

    /// Writes `text` as `file`, making the subfolders it names.
    public func write(_ file: String, _ text: String) throws {
        let target = url.appendingPathComponent(file)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: target, atomically: false, encoding: .utf8)
    }
}
