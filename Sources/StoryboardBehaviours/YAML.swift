import CYaml

/// A YAML document as libyaml reads it: scalars, mappings and sequences, each with the line and
/// column it starts at, so that what is wrong in a behaviours file is said at its place.
/// Aliases are refused (a value is written where it is used: a file of a few behaviours needs
/// none, and they are how a small file expands without bound); anchors are read past.
public struct YAMLNode: Sendable {
    public indirect enum Value: Sendable {
        case scalar(String)
        case mapping([(key: YAMLNode, value: YAMLNode)])
        case sequence([YAMLNode])
    }

    public let value: Value
    /// From 1.
    public let line: Int
    /// From 1.
    public let column: Int

    /// The scalar's text; nil for a mapping or a sequence.
    public var scalar: String? {
        if case .scalar(let text) = value { return text }
        return nil
    }

    /// What the node is, for messages: `a mapping`, `a list`, `the text "x"`.
    public var described: String {
        switch value {
        case .scalar(let text): "the text \"\(text)\""
        case .mapping: "a mapping"
        case .sequence: "a list"
        }
    }
}

/// What libyaml could not read, or what this reader refuses, at its line and column.
public struct YAMLError: Error, Sendable, Equatable {
    public let message: String
    public let line: Int
    public let column: Int
}

public enum YAML {
    /// At most this deep: mappings in mappings past it are refused rather than recursed into.
    public static let maximumDepth = 32
    /// At most this many nodes in a document.
    public static let maximumNodes = 20_000

    /// The one document in `bytes` (UTF-8), or nil when there is none (an empty file, or only
    /// comments).
    public static func compose(_ bytes: [UInt8]) throws(YAMLError) -> YAMLNode? {
        var result: Result<YAMLNode?, YAMLError> = .success(nil)
        bytes.withUnsafeBufferPointer { buffer in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else {
                result = .failure(YAMLError(message: "libyaml could not start (out of memory)", line: 0, column: 0))
                return
            }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var composer = Composer()
            do {
                while true {
                    var event = yaml_event_t()
                    guard yaml_parser_parse(&parser, &event) == 1 else {
                        let problem = parser.problem.map { String(cString: $0) } ?? "not YAML"
                        let context = parser.context.map { " \(String(cString: $0))" } ?? ""
                        throw YAMLError(message: problem + context, line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
                    }
                    defer { yaml_event_delete(&event) }
                    if try composer.take(event) { break }
                }
                result = .success(composer.document)
            } catch let error as YAMLError {
                result = .failure(error)
            } catch {
                result = .failure(YAMLError(message: "\(error)", line: 0, column: 0))
            }
        }
        return try result.get()
    }
}

/// Builds nodes from libyaml's events, with a stack of the collections open.
private struct Composer {
    /// A mapping or a sequence being read.
    private struct Open {
        let isMapping: Bool
        let line: Int
        let column: Int
        var pairs: [(key: YAMLNode, value: YAMLNode)] = []
        var items: [YAMLNode] = []
        var pendingKey: YAMLNode?
    }

    private var stack: [Open] = []
    private var nodes = 0
    private(set) var document: YAMLNode?
    private var documents = 0

    /// Takes one event; true at the end of the stream.
    mutating func take(_ event: yaml_event_t) throws -> Bool {
        let line = Int(event.start_mark.line) + 1, column = Int(event.start_mark.column) + 1
        switch event.type {
        case YAML_STREAM_END_EVENT:
            return true
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 { throw YAMLError(message: "a second document (---); a behaviours file is one document", line: line, column: column) }
        case YAML_ALIAS_EVENT:
            throw YAMLError(message: "an alias (*name); write the value itself where it is used", line: line, column: column)
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = scalar.value.map { pointer in
                String(decoding: UnsafeBufferPointer(start: pointer, count: scalar.length), as: UTF8.self)
            } ?? ""
            try add(YAMLNode(value: .scalar(text), line: line, column: column))
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            guard stack.count < YAML.maximumDepth else {
                throw YAMLError(message: "nested more than \(YAML.maximumDepth) deep; a behaviours file needs four levels", line: line, column: column)
            }
            stack.append(Open(isMapping: event.type == YAML_MAPPING_START_EVENT, line: line, column: column))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let closed = stack.popLast() else { break }
            try add(YAMLNode(value: closed.isMapping ? .mapping(closed.pairs) : .sequence(closed.items), line: closed.line, column: closed.column))
        default:
            break
        }
        return false
    }

    private mutating func add(_ node: YAMLNode) throws {
        nodes += 1
        guard nodes <= YAML.maximumNodes else {
            throw YAMLError(message: "more than \(YAML.maximumNodes) values; a behaviours file says a few things", line: node.line, column: node.column)
        }
        guard !stack.isEmpty else {
            document = node
            return
        }
        let top = stack.count - 1
        if !stack[top].isMapping {
            stack[top].items.append(node)
        } else if let key = stack[top].pendingKey {
            stack[top].pairs.append((key, node))
            stack[top].pendingKey = nil
        } else {
            stack[top].pendingKey = node
        }
    }
}
