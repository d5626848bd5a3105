import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server's log, a line an event on standard error (the presenter's terminal, usually), in
/// swift-log's stream format (`TIME LEVEL LABEL: key=value … message`), with one difference that
/// matters on a conference network: a client chooses some of what is logged (its user name, the
/// words of a protocol error), and no client may write into the presenter's terminal or forge a
/// line (issue 43). So every value is written by `LogText`: no control character is ever printed
/// (each is escaped), and a value that could be read as more than one (a space, an `=`, a quote,
/// nothing at all) is quoted, so that `user="presenter "` cannot pass for `user=presenter`.
public struct ServerLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    public var logLevel: Logger.Level = .info
    private let label: String
    private let write: @Sendable (String) -> Void

    /// A handler whose lines go to `write`, each whole with its line end.
    public init(label: String, write: @escaping @Sendable (String) -> Void) {
        self.label = label
        self.write = write
    }

    /// Lines to standard error, each written whole.
    public static func standardError(label: String) -> ServerLogHandler {
        ServerLogHandler(label: label) { line in _ = writeWhole(Array(line.utf8), to: STDERR_FILENO) }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { $1 } }
        if let explicit = event.metadata { all.merge(explicit) { $1 } }
        write(Self.line(time: Self.timestamp(), level: event.level, label: label, metadata: all, message: event.message.description))
    }

    /// One line of the log, its line end included.
    static func line(time: String, level: Logger.Level, label: String, metadata: Logger.Metadata, message: String) -> String {
        let fields = metadata.sorted { $0.key < $1.key }.map { LogText.field($0.key) + "=" + LogText.field("\($0.value)") }
        return "\(time) \(level) \(LogText.field(label)):" + fields.map { " " + $0 }.joined() + " " + LogText.message(message) + "\n"
    }

    private static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        guard localtime_r(&now, &parts) != nil else { return "<unknown>" }
        var buffer = [Int8](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}


/// Text a client may have chosen, made safe for a terminal and for a reader of the log.
public enum LogText {
    /// A value: its control characters escaped, and quoted when it is empty, has a space, an
    /// `=`, a quote, a backslash, or anything escaped, so that it reads as one value, the one sent.
    public static func field(_ text: String) -> String {
        var plain = !text.isEmpty
        var escaped = ""
        for scalar in text.unicodeScalars {
            if let escape = escape(scalar) {
                escaped += escape
                plain = false
            } else {
                if scalar == " " || scalar == "=" { plain = false }
                escaped.unicodeScalars.append(scalar)
            }
        }
        return plain ? escaped : "\"" + escaped + "\""
    }

    /// A message: its control characters escaped, nothing quoted.
    public static func message(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            // A message's quotes and backslashes are the server's own words.
            if scalar != "\"", scalar != "\\", let escape = escape(scalar) { escaped += escape } else { escaped.unicodeScalars.append(scalar) }
        }
        return escaped
    }

    /// How `scalar` is written, when not as itself: C0 and C1 controls and DEL (a terminal acts
    /// on them), the line and paragraph separators (a line end to some readers), and the
    /// direction overrides and isolates (which reorder what a line shows), as `\u{…}`; the quote and
    /// the backslash, which would end or open an escape, with a backslash.
    static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x22: return "\\\""
        case 0x5C: return "\\\\"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
            return "\\u{" + String(scalar.value, radix: 16) + "}"
        default: return nil
        }
    }
}
