/// What a storyboard asks that the engine cannot honour, with the file and line to fix.
public struct StoryboardError: Error, Equatable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// In the form compilers use, so editors and terminals can jump to it.
    public var description: String {
        line > 0 ? "\(file):\(line): error: \(message)" : "\(file): error: \(message)"
    }
}

/// Every problem found in one storyboard, so that an author fixes them in one go.
public struct StoryboardErrors: Error, Equatable, Sendable, CustomStringConvertible {
    public let errors: [StoryboardError]
    public init(errors: [StoryboardError]) { self.errors = errors }
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
