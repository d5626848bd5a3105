import Navigation
import Storyboards

/// A storyboard file given on the command line, read once: the command looks at its text (does
/// it declare `unwindActions`, to run as the catalog?) and then loads the same bytes, rather than
/// reading the file twice at launch.
struct StoryboardFileContents {
    let path: String
    /// The bytes, or why they could not be read, as loading the file would say it.
    let contents: Result<[UInt8], StoryboardDiagnostic>

    init(path: String) {
        self.path = path
        contents = Result { () throws(StoryboardDiagnostic) in try StoryboardFile.contents(atPath: path) }
    }

    /// The bytes, when the file could be read.
    var bytes: [UInt8]? {
        guard case .success(let bytes) = contents else { return nil }
        return bytes
    }
}
