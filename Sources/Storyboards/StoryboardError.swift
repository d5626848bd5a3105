/// What a storyboard asks that the engine cannot honour, with the file and line to fix.
public struct StoryboardError: StoryboardDiagnostic, Error, Equatable, Sendable {
    public static let severity = "error"

    public let file: String
    public let line: Int
    public let column: Int
    public let rule: StoryboardRule
    public let message: String

    public init(file: String, line: Int, column: Int = 0, rule: StoryboardRule, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.rule = rule
        self.message = message
    }

    /// At `element`'s line and column.
    public init(file: String, at element: StoryboardElement, rule: StoryboardRule, message: String) {
        self.init(file: file, line: element.line, column: element.column, rule: rule, message: message)
    }

    /// What an app that starts from the initial view controller says of a storyboard without one.
    public static func noInitialViewController(file: String, line: Int, column: Int = 0) -> StoryboardError {
        StoryboardError(file: file, line: line, column: column, rule: .initialViewController,
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
    /// The column on `line`, from 1; 0 when not known.
    var column: Int { get }
    var rule: StoryboardRule { get }
    var message: String { get }
}

extension StoryboardDiagnostic {
    public var description: String {
        line > 0 ? "\(file):\(line): \(Self.severity): \(message)" : "\(file): \(Self.severity): \(message)"
    }

    /// The line lint prints, as compilers and CI annotations read it:
    /// `FILE:LINE:COLUMN: severity: message [rule]` (the column 1 when not known).
    public var lintDescription: String {
        let place = line > 0 ? "\(file):\(line):\(max(1, column))" : file
        return "\(place): \(Self.severity): \(message) [\(rule.id)]"
    }
}

/// Every problem found in one storyboard, so that an author fixes them in one go.
public struct StoryboardErrors: Error, Equatable, Sendable, CustomStringConvertible {
    public let errors: [StoryboardError]
    public init(errors: [StoryboardError]) { self.errors = errors }
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
