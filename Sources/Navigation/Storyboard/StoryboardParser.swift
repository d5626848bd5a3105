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
            let reason = builder.errorDescription ?? parser.parserError?.localizedDescription ?? "not a storyboard"
            throw StoryboardError(file: file, line: line, message: "the XML is not well-formed (\(reason)); open the file in Xcode or an XML editor to repair it")
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
    private(set) var errorDescription: String?

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
        if errorLine == nil {
            errorLine = parser.lineNumber
            errorDescription = (parseError as NSError).localizedDescription
        }
    }
}
