#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Navigation
import Storyboards

/// The files a run writes must not be files it reads: `--trace M.storyboard` beside
/// `--storyboard M.storyboard` would replace the storyboard with trace lines, and `--record`
/// over the `--play` script would replace the demo with a recording. Files are compared as the
/// system knows them, by device and inode, so that `./M.storyboard`, `d//M.storyboard` or a link
/// does not get past the check; only regular files are compared, since writing into a FIFO or a
/// device (`--trace /dev/stderr`) replaces nothing.
struct OutputsSpareInputs {
    /// A file the run reads or writes, as the command line named it.
    struct File {
        /// How a message names it: `--trace "t.log"`, or a storyboard the references opened.
        let described: String
        let identity: FileIdentity
    }

    var inputs: [File] = []
    var outputs: [File] = []

    /// Adds the file an option names, when it is a regular file there now ("-" is no file).
    mutating func add(option: String, path: String?, isOutput: Bool) {
        guard let path, path != "-", let identity = Self.regularFileIdentity(atPath: path) else { return }
        let file = File(described: "\(option) \"\(path.escapedForMessage)\"", identity: identity)
        if isOutput { outputs.append(file) } else { inputs.append(file) }
    }

    /// Adds every storyboard file the run's storyboards have open.
    @MainActor
    mutating func add(storyboardsOf storyboard: Storyboard?) {
        for file in storyboard?.filesOpen ?? [] {
            inputs.append(File(described: "the storyboard \"\(file.path.escapedForMessage)\"", identity: file.identity))
        }
    }

    /// Refuses the run when an output is an input, or two outputs are one file, naming both.
    func check() throws {
        for (index, output) in outputs.enumerated() {
            if let input = inputs.first(where: { $0.identity == output.identity }) {
                throw ValidationError("\(output.described) is the same file as \(input.described): writing it would replace what the run reads; write "
                    + "to another file")
            }
            if let other = outputs[..<index].first(where: { $0.identity == output.identity }) {
                throw ValidationError("\(output.described) is the same file as \(other.described): one would overwrite the other; give each its own file")
            }
        }
    }

    private static func regularFileIdentity(atPath path: String) -> FileIdentity? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileIdentity(status)
    }
}
