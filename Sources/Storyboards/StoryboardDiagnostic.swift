/// A problem with a line of a storyboard, an error or a warning by its rule's severity: what
/// loading refuses, or what loads but Xcode would warn about, with the file, line and column to
/// fix. Written `FILE:LINE: severity: message` (`FILE: severity: message` without a line), the
/// form compilers use, so that editors and terminals can jump to it.
public struct StoryboardDiagnostic: Error, Equatable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int
    /// The column on `line`, from 1; 0 when not known.
    public let column: Int
    public let rule: StoryboardRule
    public let message: String

    /// An error when its rule is one (what loading refuses), a warning when its rule is one.
    public var severity: StoryboardRule.Severity { rule.severity }
    public var isError: Bool { severity == .error }

    public init(file: String, line: Int, column: Int = 0, rule: StoryboardRule, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.rule = rule
        self.message = message
    }

    /// At `element`'s line and column.
    init(file: String, at element: StoryboardElement, rule: StoryboardRule, message: String) {
        self.init(file: file, line: element.line, column: element.column, rule: rule, message: message)
    }

    /// At `object`'s line and column.
    public init(file: String, at object: SceneObject, rule: StoryboardRule, message: String) {
        self.init(file: file, line: object.line, column: object.column, rule: rule, message: message)
    }

    /// At `connection`'s line and column.
    public init(file: String, at connection: Connection, rule: StoryboardRule, message: String) {
        self.init(file: file, line: connection.line, column: connection.column, rule: rule, message: message)
    }

    /// What an app that starts from the initial view controller says of a storyboard without one.
    public static func noInitialViewController(file: String, line: Int, column: Int = 0) -> StoryboardDiagnostic {
        StoryboardDiagnostic(file: file, line: line, column: column, rule: .initialViewController,
                             message: "the storyboard has no initial view controller; tick \"Is Initial View Controller\" on a scene")
    }

    public var description: String {
        line > 0 ? "\(file):\(line): \(severity.rawValue): \(message)" : "\(file): \(severity.rawValue): \(message)"
    }

    /// The line lint prints, as compilers and CI annotations read it:
    /// `FILE:LINE:COLUMN: severity: message [rule]` (the column 1 when not known).
    public var lintDescription: String {
        let place = line > 0 ? "\(file):\(line):\(max(1, column))" : file
        return "\(place): \(severity.rawValue): \(message) [\(rule.id)]"
    }
}

/// Every problem found in one storyboard, so that an author fixes them in one go.
public struct StoryboardErrors: Error, Equatable, Sendable, CustomStringConvertible {
    public let errors: [StoryboardDiagnostic]
    public init(errors: [StoryboardDiagnostic]) { self.errors = errors }
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
