import Navigation
import Storyboards

/// A storyboard's scenes and segues as a graph: nodes are scenes (class and title), edges are
/// segues. An unwind segue has no destination in the file (it is found when it runs), so it is
/// drawn to every scene whose class implements its action: where the search could land.
@MainActor
struct StoryboardGraph {
    /// One arrow to draw.
    struct Edge {
        enum Style { case segue, relationship, unwind }
        let from: String
        /// A scene id, or nil for "no scene implements this action".
        let to: String?
        let label: [String]
        let style: Style
        /// For an unwind drawn to no scene: how many implement it (none, or too many to draw).
        var implementers = 0
    }

    let outline: StoryboardOutline
    /// Scenes by id, each scene's root (its first root relationship's destination), and the
    /// scenes implementing each unwind action: looked up once, so that drawing a storyboard costs
    /// time in proportion to its scenes and segues.
    private let scenesByID: [String: StoryboardOutline.Scene]
    private let roots: [String: String]
    private let implementers: [String: [StoryboardOutline.Scene]]

    /// An unwind implemented by more scenes than this is drawn to one node that counts them: an
    /// arrow to each would make the graph grow as the square of the storyboard.
    static let mostUnwindArrows = 12

    init(outline: StoryboardOutline) {
        self.outline = outline
        scenesByID = Dictionary(outline.scenes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var roots: [String: String] = [:]
        for segue in outline.segues where segue.kind.isRootViewController {
            if roots[segue.sourceSceneID] == nil, let destination = segue.destinationSceneID { roots[segue.sourceSceneID] = destination }
        }
        self.roots = roots
        var implementers: [String: [StoryboardOutline.Scene]] = [:]
        for scene in outline.scenes {
            for action in Set(scene.unwindActions) { implementers[action, default: []].append(scene) }
        }
        self.implementers = implementers
    }

    /// The lines of a scene's label: its class, then its title in quotes (an untitled navigation
    /// controller names its root's, as the trace does).
    func label(of scene: StoryboardOutline.Scene) -> [String] {
        if let title = scene.title, !title.isEmpty { return [scene.className, "\"\(title)\""] }
        if let title = roots[scene.id].flatMap({ scenesByID[$0] })?.title, !title.isEmpty {
            return [scene.className, "(root \"\(title)\")"]
        }
        return [scene.className]
    }

    var edges: [Edge] {
        var edges: [Edge] = []
        for segue in outline.segues {
            var label: [String]
            switch segue.kind {
            case .relationship(let relationship):
                label = [relationship == "rootViewController" ? "root" : (relationship ?? "relationship")]
            case .show: label = ["show"]
            case .presentation: label = ["present"]
            case .showDetail: label = ["show detail"]
            case .popover: label = ["popover"]
            case .embed: label = ["embed"]
            case .custom(let className): label = ["custom" + (className.map { " \($0)" } ?? "")]
            case .unwind(let action): label = ["unwind" + (action.map { " \($0)" } ?? "")]
            case .unknown(let written): label = [written]
            }
            if let identifier = segue.identifier { label.append("\"\(identifier)\"") }
            if let trigger = segue.trigger { label.append("(\(trigger))") }
            if segue.kind.isUnwind {
                let targets = segue.unwindAction.flatMap { implementers[$0] } ?? []
                if targets.isEmpty || targets.count > Self.mostUnwindArrows {
                    edges.append(Edge(from: segue.sourceSceneID, to: nil, label: label, style: .unwind, implementers: targets.count))
                    continue
                }
                for target in targets {
                    edges.append(Edge(from: segue.sourceSceneID, to: target.id, label: label, style: .unwind))
                }
            } else if let destination = segue.destinationSceneID {
                edges.append(Edge(from: segue.sourceSceneID, to: destination, label: label,
                                  style: segue.kind.isRelationship ? .relationship : .segue))
            }
        }
        return edges
    }

    /// What an unwind that no scene of the storyboard implements is drawn to.
    private func nowhereLabel(_ edge: Edge) -> [String] {
        let action = edge.label.first.map { String($0.dropFirst("unwind ".count)) } ?? "it"
        return edge.implementers == 0 ? ["no scene implements", action] : ["\(edge.implementers) scenes implement", action]
    }

    // MARK: Graphviz

    /// The graph in Graphviz's DOT language, for `dot -Tsvg`.
    var dot: String {
        var lines = TextLines(["digraph \(Self.dotQuoted(outline.file)) {",
                     "    rankdir=LR;",
                     "    node [shape=box, style=rounded, fontname=\"Helvetica\"];",
                     "    edge [fontname=\"Helvetica\", fontsize=10];"])
        if let initial = outline.initialSceneID {
            // Helper nodes have spaces or parentheses in their ids, which Interface Builder's never have.
            lines.append("    \"(start)\" [shape=circle, label=\"start\", width=0.3, fontsize=9];")
            lines.append("    \"(start)\" -> \(Self.dotQuoted(initial));")
        }
        for scene in outline.scenes {
            lines.append("    \(Self.dotQuoted(scene.id)) [label=\(Self.dotQuoted(label(of: scene)))];")
        }
        for (index, edge) in edges.enumerated() {
            var attributes = ["label=\(Self.dotQuoted(edge.label))"]
            switch edge.style {
            case .segue: break
            case .relationship: attributes += ["style=bold", "arrowhead=diamond"]
            case .unwind: attributes += ["style=dashed", "color=\"#1f6feb\"", "fontcolor=\"#1f6feb\"", "constraint=false"]
            }
            var target = edge.to.map(Self.dotQuoted)
            if target == nil {
                target = "\"(nowhere \(index + 1))\""
                lines.append("    \(target!) [shape=plaintext, label=\(Self.dotQuoted(nowhereLabel(edge)))];")
            }
            lines.append("    \(Self.dotQuoted(edge.from)) -> \(target!) [\(attributes.joined(separator: ", "))];")
        }
        lines.append("}")
        return lines.text
    }

    /// A DOT string: `"` and `\` escaped, lines joined with `\n`; storyboard text has its control
    /// characters made visible first.
    static func dotQuoted(_ lines: [String]) -> String {
        "\"" + lines.map { line in
            line.escapedForMessage.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"")
        }.joined(separator: "\\n") + "\""
    }

    static func dotQuoted(_ text: String) -> String { dotQuoted([text]) }

    // MARK: Mermaid

    /// The graph as a Mermaid flowchart, which GitHub draws from a ```mermaid block.
    var mermaid: String {
        var ids: [String: String] = [:]
        for (index, scene) in outline.scenes.enumerated() { ids[scene.id] = "s\(index + 1)" }
        var lines = TextLines(["flowchart LR"])
        if let initial = outline.initialSceneID, let id = ids[initial] {
            lines.append("    start((start)) --> \(id)")
        }
        for scene in outline.scenes {
            lines.append("    \(ids[scene.id]!)[\(Self.mermaidQuoted(label(of: scene)))]")
        }
        for (index, edge) in edges.enumerated() {
            guard let from = ids[edge.from] else { continue }
            var to = edge.to.flatMap { ids[$0] } ?? ""
            if to.isEmpty {
                to = "nowhere\(index + 1)"
                lines.append("    \(to)[\(Self.mermaidQuoted(nowhereLabel(edge)))]")
            }
            let arrow = switch edge.style {
            case .segue: "-->"
            case .relationship: "==>"
            case .unwind: "-.->"
            }
            lines.append("    \(from) \(arrow)|\(Self.mermaidQuoted(edge.label))| \(to)")
        }
        return lines.text
    }

    /// A Mermaid label in quotes: lines joined with `<br/>`, and `#`, `"`, `&`, `<`, `>` written as
    /// Mermaid's entity codes, so that no title can end the label or inject markup.
    static func mermaidQuoted(_ lines: [String]) -> String {
        "\"" + lines.map { line in
            var escaped = ""
            for character in line.escapedForMessage {
                switch character {
                case "#": escaped += "#35;"
                case "\"": escaped += "#quot;"
                case "&": escaped += "#amp;"
                case "<": escaped += "#lt;"
                case ">": escaped += "#gt;"
                default: escaped.append(character)
                }
            }
            return escaped
        }.joined(separator: "<br/>") + "\""
    }
}

/// Lines written into one string as they come, rather than kept apart and joined: a storyboard
/// of thousands of scenes is drawn without holding its graph twice.
private struct TextLines {
    private(set) var text = ""

    init(_ first: [String]) {
        for line in first { append(line) }
    }

    mutating func append(_ line: String) {
        text += line
        text += "\n"
    }
}

private extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
