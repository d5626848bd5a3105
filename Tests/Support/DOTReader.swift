/// Reads a graph in Graphviz's DOT language, as its grammar (graphviz.org/doc/info/lang.html)
/// states it: what `wallet storyboard graph` prints must be a graph any DOT reader accepts,
/// checked here without Graphviz installed. Gives the nodes and edges read, or says where the
/// text stops being DOT.
public struct DOTReader {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public struct Graph {
        public var isDirected = false
        /// Every node named, in a node statement or an edge.
        public var nodes: Set<String> = []
        public var edges: [(from: String, to: String, attributes: [String: String])] = []
        /// Each node statement's attributes.
        public var nodeAttributes: [String: [String: String]] = [:]
    }

    private enum Token: Equatable {
        case id(String)
        case symbol(String)
    }

    private var tokens: [Token] = []
    private var index = 0
    private var graph = Graph()

    public static func read(_ text: String) throws(Failure) -> Graph {
        var reader = DOTReader()
        reader.tokens = try tokenize(text)
        try reader.readGraph()
        return reader.graph
    }

    // MARK: Tokens

    private static func tokenize(_ text: String) throws(Failure) -> [Token] {
        let scalars = Array(text.unicodeScalars)
        var tokens: [Token] = []
        var i = 0
        func isIDStart(_ c: Unicode.Scalar) -> Bool { c == "_" || c.properties.isAlphabetic || c.value >= 0x80 }
        while i < scalars.count {
            let c = scalars[i]
            if c.properties.isWhitespace { i += 1; continue }
            if c == "/", i + 1 < scalars.count, scalars[i + 1] == "/" || scalars[i + 1] == "*" {
                if scalars[i + 1] == "/" {
                    while i < scalars.count, scalars[i] != "\n" { i += 1 }
                } else {
                    i += 2
                    while i + 1 < scalars.count, !(scalars[i] == "*" && scalars[i + 1] == "/") { i += 1 }
                    guard i + 1 < scalars.count else { throw Failure(description: "a /* comment is not closed") }
                    i += 2
                }
                continue
            }
            if c == "\"" {
                var value = ""
                i += 1
                while i < scalars.count, scalars[i] != "\"" {
                    if scalars[i] == "\\", i + 1 < scalars.count, scalars[i + 1] == "\"" {
                        value.unicodeScalars.append("\"")
                        i += 2
                    } else {
                        value.unicodeScalars.append(scalars[i])
                        i += 1
                    }
                }
                guard i < scalars.count else { throw Failure(description: "a quoted string is not closed: \"\(value.prefix(40))") }
                i += 1
                tokens.append(.id(value))
            } else if isIDStart(c) {
                var value = ""
                while i < scalars.count, isIDStart(scalars[i]) || ("0"..."9").contains(scalars[i]) {
                    value.unicodeScalars.append(scalars[i])
                    i += 1
                }
                tokens.append(.id(value))
            } else if c == "-" || c == "." || ("0"..."9").contains(c) {
                if c == "-", i + 1 < scalars.count, scalars[i + 1] == ">" || scalars[i + 1] == "-" {
                    tokens.append(.symbol(scalars[i + 1] == ">" ? "->" : "--"))
                    i += 2
                    continue
                }
                var value = ""
                while i < scalars.count, scalars[i] == "-" || scalars[i] == "." || ("0"..."9").contains(scalars[i]) {
                    value.unicodeScalars.append(scalars[i])
                    i += 1
                }
                guard Double(value) != nil else { throw Failure(description: "\(value) is not a number") }
                tokens.append(.id(value))
            } else if "{}[]=;,:".unicodeScalars.contains(c) {
                tokens.append(.symbol(String(c)))
                i += 1
            } else {
                throw Failure(description: "\(c) is not DOT")
            }
        }
        return tokens
    }

    // MARK: Grammar

    private var next: Token? { index < tokens.count ? tokens[index] : nil }

    private mutating func take(_ symbol: String) -> Bool {
        guard next == .symbol(symbol) else { return false }
        index += 1
        return true
    }

    private mutating func expect(_ symbol: String) throws(Failure) {
        guard take(symbol) else { throw Failure(description: "expected \(symbol) at token \(index): \(String(describing: next))") }
    }

    private mutating func takeID() -> String? {
        guard case .id(let value)? = next else { return nil }
        index += 1
        return value
    }

    private static let keywords: Set<String> = ["node", "edge", "graph", "digraph", "subgraph", "strict"]

    /// graph: [strict] (graph | digraph) [ID] '{' stmt_list '}'
    private mutating func readGraph() throws(Failure) {
        if next == .id("strict") { index += 1 }
        switch takeID()?.lowercased() {
        case "digraph": graph.isDirected = true
        case "graph": graph.isDirected = false
        default: throw Failure(description: "a graph starts with graph or digraph")
        }
        if case .id? = next { index += 1 }
        try expect("{")
        try readStatements()
        try expect("}")
        guard next == nil else { throw Failure(description: "text after the graph's closing brace") }
    }

    private mutating func readStatements() throws(Failure) {
        while let token = next, token != .symbol("}") {
            try readStatement()
            _ = take(";")
        }
    }

    private mutating func readStatement() throws(Failure) {
        guard let first = takeID() else { throw Failure(description: "expected a statement at token \(index): \(String(describing: next))") }
        if ["node", "edge", "graph"].contains(first.lowercased()) {
            _ = try readAttributes(required: true)
            return
        }
        guard !Self.keywords.contains(first.lowercased()) else { throw Failure(description: "\(first) cannot start a statement here") }
        if take("=") {
            guard takeID() != nil else { throw Failure(description: "\(first) = has no value") }
            return
        }
        try skipPort()
        var from = first
        graph.nodes.insert(first)
        var isEdge = false
        while let op = next, op == .symbol("->") || op == .symbol("--") {
            guard (op == .symbol("->")) == graph.isDirected else { throw Failure(description: "an edge operator that does not fit the graph") }
            index += 1
            guard let to = takeID() else { throw Failure(description: "an edge from \(from) leads nowhere") }
            try skipPort()
            graph.nodes.insert(to)
            graph.edges.append((from, to, [:]))
            from = to
            isEdge = true
        }
        let attributes = try readAttributes(required: false)
        if isEdge {
            graph.edges[graph.edges.count - 1].attributes = attributes
        } else {
            graph.nodeAttributes[first, default: [:]].merge(attributes) { $1 }
        }
    }

    private mutating func skipPort() throws(Failure) {
        while take(":") {
            guard takeID() != nil else { throw Failure(description: "a port without a name") }
        }
    }

    /// attr_list: '[' [a_list] ']' [attr_list]; a_list: ID '=' ID [(';' | ',')] [a_list]
    private mutating func readAttributes(required: Bool) throws(Failure) -> [String: String] {
        var attributes: [String: String] = [:]
        guard next == .symbol("[") else {
            if required { throw Failure(description: "expected [ at token \(index)") }
            return attributes
        }
        while take("[") {
            while !take("]") {
                guard let name = takeID() else { throw Failure(description: "expected an attribute at token \(index): \(String(describing: next))") }
                try expect("=")
                guard let value = takeID() else { throw Failure(description: "attribute \(name) has no value") }
                attributes[name] = value
                if !take(",") { _ = take(";") }
            }
        }
        return attributes
    }
}
