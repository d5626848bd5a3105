import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads storyboard XML into a tree of elements with line numbers, using Foundation's parser.
enum StoryboardParser {
    static func parse(_ data: Data, file: String) throws(StoryboardError) -> StoryboardElement {
        let parser = XMLParser(data: data)
        let builder = TreeBuilder()
        parser.delegate = builder
        parser.shouldProcessNamespaces = false
        let ok = parser.parse()
        guard ok, let root = builder.root else {
            let line = builder.errorLine ?? parser.lineNumber
            let reason = builder.problem ?? "the XML parser cannot read past this point"
            throw StoryboardError(file: file, line: line, message: "the XML is not well-formed: \(reason); open the file in Xcode or an XML editor to repair it")
        }
        return root
    }
}

/// Builds the element tree as the parser reports elements.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    private struct Open {
        var name: String
        var attributes: [String: String]
        var children: [StoryboardElement]
        var line: Int
    }
    private var stack: [Open] = []
    private(set) var root: StoryboardElement?
    private(set) var errorLine: Int?
    /// What went wrong, in a storyboard author's words rather than the parser's error code.
    private(set) var problem: String?

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        stack.append(Open(name: elementName, attributes: attributes, children: [], line: parser.lineNumber))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard let open = stack.popLast() else { return }
        let element = StoryboardElement(name: open.name, attributes: open.attributes, children: open.children, line: open.line)
        if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard errorLine == nil else { return }
        errorLine = parser.lineNumber
        let open = stack.last.map { "<\($0.name)> opened on line \($0.line)" }
        switch (parseError as NSError).code {
        case 4:
            problem = "the file is empty"
        case 76, 77, 5:
            // Mismatched or unfinished tags: the element still open is the one to close.
            problem = open.map { "\($0) is not closed" } ?? "an element is not closed"
        default:
            problem = open.map { "the parser stops inside \($0)" }
        }
    }
}
