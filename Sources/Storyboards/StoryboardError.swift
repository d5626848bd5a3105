/// What a storyboard asks that the engine cannot honour, with the file and line to fix.
public struct StoryboardError: StoryboardDiagnostic, Error, Equatable, Sendable {
    public static let severity = "error"

    public let file: String
    public let line: Int
    public let message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// What an app that starts from the initial view controller says of a storyboard without one.
    public static func noInitialViewController(file: String, line: Int) -> StoryboardError {
        StoryboardError(file: file, line: line,
                        message: "the storyboard has no initial view controller; tick \"Is Initial View Controller\" on a scene")
    }
}

/// A message about a line of a storyboard (an error, a warning), written
/// `FILE:LINE: severity: message` (`FILE: severity: message` without a line), the form compilers
/// use, so that editors and terminals can jump to it.
public protocol StoryboardDiagnostic: CustomStringConvertible {
    static var severity: String { get }
    var file: String { get }
    var line: Int { get }
    var message: String { get }
}

extension StoryboardDiagnostic {
    public var description: String {
        line > 0 ? "\(file):\(line): \(Self.severity): \(message)" : "\(file): \(Self.severity): \(message)"
    }
}

/// Every problem found in one storyboard, so that an author fixes them in one go.
public struct StoryboardErrors: Error, Equatable, Sendable, CustomStringConvertible {
    public let errors: [StoryboardError]
    public init(errors: [StoryboardError]) { self.errors = errors }
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
