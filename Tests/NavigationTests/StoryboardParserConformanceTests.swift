import Foundation
@testable import Storyboards

#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import Navigation
import Testing

/// The storyboard parser reads every storyboard in the repository into the same tree that
/// Foundation's XMLParser, which it replaced, read: names, attributes and lines.
@Suite("Storyboard parser conformance")
struct StoryboardParserConformanceTests {
    /// Every `.storyboard` under Assets/ and Tests/.
    static let storyboards: [URL] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return ["Assets", "Tests"].flatMap { folder in
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            // XMLParser traps on names that are not UTF-8 (Crashers/ keeps such inputs for the loader's
            // tests), so it is only asked about UTF-8 files.
            return (enumerator?.allObjects as? [URL] ?? []).filter { url in
                url.pathExtension == "storyboard" && (try? Data(contentsOf: url)).flatMap { String(validating: $0, as: UTF8.self) } != nil
            }
        }.sorted { $0.path < $1.path }
    }()

    /// One element as a line of text: depth, name, line and sorted attributes.
    static func flatten(_ root: StoryboardElement) -> [String] {
        var lines: [String] = []
        var pending = [(root, 0)]
        while let (element, depth) = pending.popLast() {
            let attributes = element.attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            lines.append("\(depth) <\(element.name)> line \(element.line) \(attributes)")
            pending += element.children.reversed().map { ($0, depth + 1) }
        }
        return lines
    }

    @Test("The repository has storyboards to compare")
    func thereAreStoryboards() {
        #expect(Self.storyboards.count >= 12, "\(Self.storyboards)")
        #expect(Self.storyboards.contains { $0.path.hasSuffix("Assets/Main.storyboard") })
    }

    @Test("Each storyboard parses to the tree XMLParser read, or both refuse it", arguments: storyboards)
    func sameTree(_ url: URL) throws {
        let data = try Data(contentsOf: url)
        let reference = FoundationTree.parse(data)
        let ours = try? StoryboardParser.parse(data, file: url.lastPathComponent)
        #expect((reference == nil) == (ours == nil), "one parser refused \(url.lastPathComponent) and the other did not")
        guard let reference, let ours else { return }
        #expect(Self.flatten(ours) == Self.flatten(reference))
    }

    @Test("A storyboard saved with CR LF or CR line ends has the same tree and lines as with LF")
    func lineEnds() throws {
        let text = try String(contentsOf: Fixtures.url("Stack"), encoding: .utf8)
        let lf = Self.flatten(try StoryboardParser.parse(Array(text.utf8), file: "Stack.storyboard"))
        for end in ["\r\n", "\r"] {
            let other = text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: end)
            #expect(Self.flatten(try StoryboardParser.parse(Array(other.utf8), file: "Stack.storyboard")) == lf)
        }
    }
}

/// The tree as Foundation's XMLParser reads it, as the loader used to build it.
private final class FoundationTree: NSObject, XMLParserDelegate {
    private var stack: [(name: String, attributes: [String: String], children: [StoryboardElement], line: Int)] = []
    private var root: StoryboardElement?

    static func parse(_ data: Data) -> StoryboardElement? {
        let parser = XMLParser(data: data)
        let builder = FoundationTree()
        parser.delegate = builder
        return parser.parse() ? builder.root : nil
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        stack.append((elementName, attributes, [], parser.lineNumber))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard let open = stack.popLast() else { return }
        let element = StoryboardElement(name: open.name, attributes: open.attributes, children: open.children, line: open.line)
        if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
    }
}
