/// Reads storyboard XML into a tree of elements with line numbers.
///
/// Our own parser for the subset of XML that Interface Builder writes (a declaration, comments,
/// processing instructions, CDATA, elements, attributes, the five predefined entities and
/// character references), because a storyboard is input: whatever bytes it holds must end in a
/// message with a line, never a trap, a stack overflow or an entity fetched from elsewhere. It
/// works on bytes, in one loop with an explicit stack, so no input can exhaust the call stack.
struct StoryboardParser {
    /// Far above any storyboard an app has (the wallet's is 30 KB), and small enough to read at once.
    static let maximumFileSize = 16 * 1024 * 1024
    /// Interface Builder nests a scene's views a few dozen deep; deeper is a damaged or hostile file.
    static let maximumDepth = 256
    /// Interface Builder writes an element per 100 bytes or so, most of them constraints and
    /// resources; a large app's storyboard has a few tens of thousands. Parsed and checked, an
    /// element costs up to 400 bytes, so this keeps a run's storyboards near 100 MB.
    static let maximumElementCount = 250_000

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(StoryboardDiagnostic) -> StoryboardElement {
        try parse(bytes, file: file, elementAllowance: maximumElementCount).root
    }

    /// Parses any byte collection, reading it in place when it is contiguous.
    static func parse(_ data: some Collection<UInt8>, file: String) throws(StoryboardDiagnostic) -> StoryboardElement {
        try parse(data, file: file, elementAllowance: maximumElementCount).root
    }

    /// Parses a file of a run that may parse `elementAllowance` more elements (its storyboards
    /// share a budget, `StoryboardBudget`), and counts them.
    static func parse(_ data: some Collection<UInt8>, file: String,
                              elementAllowance: Int) throws(StoryboardDiagnostic) -> (root: StoryboardElement, elements: Int) {
        let parse = { (buffer: UnsafeBufferPointer<UInt8>) in
            Result { () throws(StoryboardDiagnostic) in try Self.parse(buffer, file: file, elementAllowance: elementAllowance) }
        }
        let result = data.withContiguousStorageIfAvailable(parse) ?? Array(data).withUnsafeBufferPointer(parse)
        return try result.get()
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String, elementAllowance: Int) throws(StoryboardDiagnostic) -> (root: StoryboardElement,
        elements: Int) {
        var parser = StoryboardParser(bytes: bytes, file: file)
        parser.elementAllowance = elementAllowance
        let root = try parser.parseDocument()
        return (root, parser.elementCount)
    }

    /// An element whose end tag has not been read yet.
    private struct Open {
        var name: String
        var attributes: PackedAttributes.Builder
        var children: [StoryboardElement] = []
        var line: Int
        var column: Int
        /// The offset of its `<` in the file.
        var start: Int
        /// The character data read so far directly inside the element, references replaced.
        var text: [UInt8] = []

        /// The element, keeping its text only when it has no child elements: Interface Builder
        /// writes text content (`<string key="text">`) in leaves, and the blanks between child
        /// elements are indentation.
        func closed(end: Int) -> StoryboardElement {
            StoryboardElement(name: name, attributes: PackedAttributes(attributes), children: children, line: line, column: column,
                              text: children.isEmpty && !text.isEmpty ? String(decoding: text, as: UTF8.self) : nil, span: start..<end)
        }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let file: String
    private var position = 0
    /// Where lines were last counted up to, so that finding the line of a later offset only
    /// counts the newlines in between: every line costs linear time over the whole file.
    private var countedTo = 0
    private var countedLine = 1
    /// Where the line counted up to starts, and the characters counted on it so far: a file of
    /// one long line costs linear time for its columns too.
    private var countedLineStart = 0
    private var columnCountedTo = 0
    private var columnCount = 0
    /// The elements this file may have: the most one file may have, or less when the run's other
    /// storyboards have used the rest of its budget.
    private var elementAllowance = maximumElementCount
    private var elementCount = 0

    private init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
    }

    // MARK: Document

    private mutating func parseDocument() throws(StoryboardDiagnostic) -> StoryboardElement {
        try checkEncoding()
        if starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        if starts(with: Array("<?xml".utf8)), position + 5 < bytes.count, Self.isWhitespace(bytes[position + 5]) {
            try parseDeclaration()
        }
        var stack: [Open] = []
        var root: StoryboardElement?
        while position < bytes.count {
            if stack.isEmpty {
                skipWhitespace()
                guard position < bytes.count else { break }
                guard bytes[position] == UInt8(ascii: "<") else {
                    throw failNotWellFormed(at: position, root == nil
                        ? "text before the root element; a storyboard starts with <document>"
                        : "text after the root element </\(root!.name.escapedForMessage)>; nothing but comments may follow it")
                }
            } else if bytes[position] != UInt8(ascii: "<") {
                try readText(into: &stack[stack.count - 1].text)
                continue
            }
            // At a "<": the next byte tells a start tag, by far the most common, from the rest.
            let next = position + 1 < bytes.count ? bytes[position + 1] : 0
            let special = next == UInt8(ascii: "!") || next == UInt8(ascii: "?") || next == UInt8(ascii: "/")
            if !special {
                let tagStart = position
                if stack.isEmpty, let root {
                    throw failNotWellFormed(at: tagStart, "a second root element after </\(root.name.escapedForMessage)>; a storyboard has one <document>")
                }
                let (open, isEmpty) = try parseStartTag()
                elementCount += 1
                if elementCount > Self.maximumElementCount {
                    throw StoryboardDiagnostic(file: file, line: open.line, column: open.column, rule: .limits,
                                          message: "the file has more than \(Self.maximumElementCount) elements, the most "
                        + "a storyboard may have; the file is damaged")
                }
                if elementCount > elementAllowance {
                    throw StoryboardDiagnostic(file: file, line: open.line, column: open.column, rule: .limits, message: StoryboardBudget.elementsMessage)
                }
                if stack.count >= Self.maximumDepth {
                    throw StoryboardDiagnostic(file: file, line: open.line, column: open.column, rule: .limits,
                                          message: "<\(open.name.escapedForMessage)> is nested more than "
                        + "\(Self.maximumDepth) elements deep, the most a storyboard may nest; the file is damaged")
                }
                if !isEmpty {
                    stack.append(open)
                } else {
                    let element = open.closed(end: position)
                    if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
                }
            } else if starts(with: Self.commentStart) {
                try skipComment()
            } else if starts(with: Self.cdataStart) {
                if stack.isEmpty { throw failNotWellFormed(at: position, "CDATA outside the root element") }
                let contentStart = position + Self.cdataStart.count
                try skip(Self.cdataStart, past: Self.cdataEnd, what: "a CDATA section", closing: "]]>")
                stack[stack.count - 1].text += bytes[contentStart..<(position - Self.cdataEnd.count)]
            } else if starts(with: Self.declarationStart) {
                throw refuseDeclaration()
            } else if starts(with: Self.processingInstructionStart) {
                try skipProcessingInstruction()
            } else {
                let (name, line, column) = try parseEndTag()
                guard let open = stack.popLast() else {
                    throw notWellFormed(line: line, column: column, "the end tag </\(name.escapedForMessage)> closes no element")
                }
                guard open.name == name else {
                    throw notWellFormed(line: line, column: column, "<\(open.name.escapedForMessage)> opened on line \(open.line) is not closed before "
                        + "</\(name.escapedForMessage)>")
                }
                let element = open.closed(end: position)
                if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
            }
        }
        if let open = stack.last {
            throw notWellFormed(line: open.line, column: open.column,
                                "<\(open.name.escapedForMessage)> opened on this line is not closed before the end of the file")
        }
        guard let root else {
            throw fail(at: bytes.count, "the file has no root element; a storyboard is XML that starts with <document>")
        }
        return root
    }

    /// `<?xml version="1.0" encoding="UTF-8"?>`: anything but UTF-8 is refused, as the bytes are read as UTF-8.
    private mutating func parseDeclaration() throws(StoryboardDiagnostic) {
        let start = position
        guard let end = find(Array("?>".utf8), from: position) else {
            throw fail(at: start, "the XML declaration is not closed with ?>")
        }
        position = end + 2
        if let encoding = find(Array("encoding".utf8), from: start, within: max(0, end - start - 8)) {
            let value = string(encoding + 8..<end).drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
                .prefix { $0 != "\"" && $0 != "'" && $0 != "?" }
            if !["utf-8", "utf8"].contains(value.lowercased()) {
                throw fail(at: start, "the file declares encoding \"\(String(value).escapedForMessage)\"; storyboards are UTF-8 text, save the file as UTF-8")
            }
        }
    }

    /// `<!DOCTYPE …>` and the declarations inside one: Interface Builder never writes them, and
    /// they are how XML files fetch other files or expand into gigabytes.
    private mutating func refuseDeclaration() -> StoryboardDiagnostic {
        let rest = bytes.count - position
        let end = find(Array("]>".utf8), from: position) ?? (find(Array(">".utf8), from: position).map { $0 + 1 } ?? bytes.count)
        let declaration = string(position..<min(end, position + min(rest, 1 << 16)))
        let doctype = declaration.hasPrefix("<!DOCTYPE")
        if declaration.contains("SYSTEM") || declaration.contains("PUBLIC") {
            return fail(at: position, "external entities are not allowed in a storyboard; remove the <!DOCTYPE>")
        }
        if declaration.contains("<!ENTITY") || declaration.hasPrefix("<!ENTITY") {
            return fail(at: position, "entity declarations are not allowed in a storyboard; remove the <!DOCTYPE> and its <!ENTITY> lines")
        }
        if doctype {
            return fail(at: position, "a <!DOCTYPE> is not allowed in a storyboard; Interface Builder never writes one, remove it")
        }
        return fail(at: position, "the XML is not well-formed: \"<!\" starts no comment or CDATA section; open the file in Xcode or an XML editor to repair it")
    }

    /// `<!-- … -->`, whose text may not hold "--" (nor end with "-", which makes "--->"): XML
    /// forbids it, and Xcode's parser refuses the file, so a storyboard this app runs must not
    /// have it either.
    private mutating func skipComment() throws(StoryboardDiagnostic) {
        let start = position
        let bodyStart = position + Self.commentStart.count
        guard let end = find(Self.commentEnd, from: bodyStart) else {
            throw failNotWellFormed(at: start, "a comment opened here is not closed with -->")
        }
        if let doubleHyphen = find(Array("--".utf8), from: bodyStart), doubleHyphen < end {
            throw failNotWellFormed(at: doubleHyphen, "a comment may not contain \"--\" (Xcode refuses the file too); write it as \"- -\" or \"—\"")
        }
        position = end + Self.commentEnd.count
    }

    private mutating func skipProcessingInstruction() throws(StoryboardDiagnostic) {
        let start = position
        position += 2
        let target = try parseName(what: "a processing instruction")
        if target.lowercased() == "xml" {
            throw fail(at: start, "the XML declaration <?xml …?> may only come first in the file")
        }
        try skip(from: start, past: Array("?>".utf8), what: "the processing instruction <?\(target.escapedForMessage)", closing: "?>")
    }

    // MARK: Tags

    /// A start tag from its "<" to its ">"; whether it closes itself with "/>".
    private mutating func parseStartTag() throws(StoryboardDiagnostic) -> (Open, isEmpty: Bool) {
        let start = position
        let line = self.line(at: position)
        let column = self.column(at: position)
        position += 1
        let name = try parseName(what: "an element")
        var attributes = PackedAttributes.Builder()
        while true {
            let spaced = skipWhitespace()
            guard position < bytes.count else {
                throw fail(at: position, "the tag <\(name.escapedForMessage)> opened on line \(line) is not finished with >")
            }
            switch bytes[position] {
            case UInt8(ascii: ">"):
                position += 1
                return (Open(name: name, attributes: attributes, line: line, column: column, start: start), false)
            case UInt8(ascii: "/"):
                guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ">") else {
                    throw failNotWellFormed(at: position, "a \"/\" in the tag <\(name.escapedForMessage)> must be followed by >")
                }
                position += 2
                return (Open(name: name, attributes: attributes, line: line, column: column, start: start), true)
            default:
                guard spaced else {
                    throw failNotWellFormed(at: position, "the attributes of <\(name.escapedForMessage)> must be separated by spaces")
                }
                let attributeStart = position
                let attribute = try parseName(what: "an attribute of <\(name.escapedForMessage)>")
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
                    throw failNotWellFormed(at: position, "the attribute \(attribute.escapedForMessage) of <\(name.escapedForMessage)> has no =\"value\"")
                }
                position += 1
                skipWhitespace()
                let value = try parseAttributeValue(attribute: attribute, element: name)
                if !attributes.add(attribute, value) {
                    throw failNotWellFormed(at: attributeStart, "the attribute \(attribute.escapedForMessage) appears twice on <\(name.escapedForMessage)>")
                }
            }
        }
    }

    private mutating func parseEndTag() throws(StoryboardDiagnostic) -> (name: String, line: Int, column: Int) {
        let line = self.line(at: position)
        let column = self.column(at: position)
        position += 2
        let name = try parseName(what: "an end tag")
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
            throw failNotWellFormed(at: position, "the end tag </\(name.escapedForMessage)> is not finished with >")
        }
        position += 1
        return (name, line, column)
    }

    /// A quoted value, with references replaced and literal line breaks and tabs read as spaces,
    /// as XML normalises attributes.
    private mutating func parseAttributeValue(attribute: String, element: String) throws(StoryboardDiagnostic) -> String {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
            throw failNotWellFormed(at: position, "the value of \(attribute.escapedForMessage) on <\(element.escapedForMessage)> must be in quotes")
        }
        let quote = bytes[position]
        let start = position
        position += 1
        let valueStart = position
        var value: [UInt8]?  // Only made when the value differs from its bytes.
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case quote:
                let text = value.map { String(decoding: $0, as: UTF8.self) } ?? string(valueStart..<position)
                position += 1
                return text
            case UInt8(ascii: "<"):
                throw failNotWellFormed(at: position, "the value of \(attribute.escapedForMessage) on <\(element.escapedForMessage)> contains <; write "
                    + "it as &lt;")
            case UInt8(ascii: "&"):
                if value == nil { value = Array(bytes[valueStart..<position]) }
                value!.append(contentsOf: try parseReference())
            case 0x09, 0x0A, 0x0D:
                if value == nil { value = Array(bytes[valueStart..<position]) }
                // CR LF is one line break, so one space.
                if !(byte == 0x0D && position + 1 < bytes.count && bytes[position + 1] == 0x0A) { value!.append(0x20) }
                position += 1
            default:
                value?.append(byte)
                position += 1
            }
        }
        throw failNotWellFormed(at: start, "the value of \(attribute.escapedForMessage) on <\(element.escapedForMessage)> is not closed with "
            + "\(quote == UInt8(ascii: "\"") ? "\"" : "'")")
    }

    /// Text between tags, with references replaced and line breaks read as XML reads them (CR LF
    /// and a lone CR as LF): a label's `<string key="text">` holds its lines this way.
    private mutating func readText(into text: inout [UInt8]) throws(StoryboardDiagnostic) {
        var runStart = position
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "<"):
                text += bytes[runStart..<position]
                return
            case UInt8(ascii: "&"):
                text += bytes[runStart..<position]
                text += try parseReference()
                runStart = position
            case 0x0D:
                text += bytes[runStart..<position]
                text.append(0x0A)
                position += 1
                if position < bytes.count, bytes[position] == 0x0A { position += 1 }
                runStart = position
            default:
                position += 1
            }
        }
        text += bytes[runStart..<position]
    }

    /// `&amp;`, `&#233;`, `&#xE9;`: the UTF-8 of what they stand for.
    private mutating func parseReference() throws(StoryboardDiagnostic) -> [UInt8] {
        let start = position
        position += 1
        guard let semicolon = find([UInt8(ascii: ";")], from: position, within: 40) else {
            throw failNotWellFormed(at: start, "a bare & must be written &amp;")
        }
        let body = Array(bytes[position..<semicolon])
        // What cannot be in a reference's name: a bare & was meant.
        func isForbidden(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
        }
        if body.isEmpty || body.contains(where: { Self.isWhitespace($0) || isForbidden($0) }) {
            throw failNotWellFormed(at: start, "a bare & must be written &amp;")
        }
        position = semicolon + 1
        if body.first == UInt8(ascii: "#") {
            let hex = body.dropFirst().first == UInt8(ascii: "x")
            let digits = body.dropFirst(hex ? 2 : 1)
            var value: UInt32 = 0
            for digit in digits {
                guard let d = Self.digitValue(digit, hex: hex), value <= 0x10FFFF else { value = .max; break }
                value = value * (hex ? 16 : 10) + d
            }
            guard !digits.isEmpty, let scalar = Unicode.Scalar(value), Self.isXMLCharacter(scalar) else {
                throw failNotWellFormed(at: start, "the character reference &\(string(start + 1..<semicolon).escapedForMessage); is not a character XML allows")
            }
            return Array(String(Character(scalar)).utf8)
        }
        switch String(decoding: body, as: UTF8.self) {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        case let name:
            throw fail(at: start, "undefined entity &\(name.escapedForMessage);: a storyboard may use only &lt; &gt; &amp; &quot; &apos; and character "
                + "references such as &#233;")
        }
    }

    // MARK: Names

    /// An XML name; messages say what it was meant to name.
    private mutating func parseName(what: @autoclosure () -> String) throws(StoryboardDiagnostic) -> String {
        let start = position
        var first = true
        while position < bytes.count {
            // Interface Builder's names are ASCII: decode a scalar only when a byte is not.
            let byte = bytes[position]
            if byte < 0x80 {
                guard first ? Self.isASCIINameStart(byte) : Self.isASCIINameCharacter(byte) else { break }
                first = false
                position += 1
                continue
            }
            let (scalar, length) = scalar(at: position)
            guard first ? Self.isNameStart(scalar) : Self.isNameCharacter(scalar) else { break }
            first = false
            position += length
        }
        guard position > start else {
            let found = position < bytes.count ? "\"\(String(Character(scalar(at: position).0)).escapedForMessage)\"" : "the end of the file"
            throw failNotWellFormed(at: start, "the name of \(what()) cannot start with \(found)")
        }
        return string(start..<position)
    }

    private static func isASCIINameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
    }

    private static func isASCIINameCharacter(_ byte: UInt8) -> Bool {
        isASCIINameStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func isNameStart(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x41...0x5A, 0x61...0x7A, 0x5F, 0x3A: true
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D,
             0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF: true
        default: false
        }
    }

    private static func isNameCharacter(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x30...0x39, 0x2D, 0x2E, 0xB7, 0x300...0x36F, 0x203F...0x2040: true
        default: isNameStart(s)
        }
    }

    // MARK: Encoding

    /// Refuses, with the byte and its line, what is not UTF-8 text XML allows, before anything
    /// is parsed: the rest of the parser may then decode names without checking.
    private mutating func checkEncoding() throws(StoryboardDiagnostic) {
        guard !bytes.isEmpty else { throw StoryboardDiagnostic(file: file, line: 0, rule: .xml, message: "the file is empty") }
        guard bytes.count <= Self.maximumFileSize else {
            throw StoryboardDiagnostic(file: file, line: 0, rule: .limits, message: Self.tooLargeMessage(size: bytes.count))
        }
        if starts(with: [0x00, 0x00, 0xFE, 0xFF]) || starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
            throw StoryboardDiagnostic(file: file, line: 1, rule: .xml, message: "the file is UTF-32 text; storyboards are UTF-8 text, save the file as UTF-8")
        }
        if starts(with: [0xFE, 0xFF]) || starts(with: [0xFF, 0xFE]) {
            throw StoryboardDiagnostic(file: file, line: 1, rule: .xml, message: "the file is UTF-16 text; storyboards are UTF-8 text, save the file as UTF-8")
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte == 0 {
                    throw fail(at: index, "the file has a NUL byte: it is UTF-16 or UTF-32 text, or binary; storyboards are UTF-8 text, save the file as UTF-8")
                }
                if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D {
                    throw fail(at: index, "the control character \(String(Character(Unicode.Scalar(byte))).escapedForMessage) is not allowed in XML; remove it")
                }
                index += 1
                continue
            }
            guard let length = Self.sequenceLength(bytes, at: index) else {
                throw fail(at: index, "byte 0x\(String(byte, radix: 16, uppercase: true)) is not UTF-8; storyboards are UTF-8 text, save the file as UTF-8")
            }
            let scalar = scalar(at: index).0
            if scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                throw fail(at: index, "the character \(String(Character(scalar)).escapedForMessage) is not allowed in XML; remove it")
            }
            index += length
        }
    }

    /// The length of the well-formed UTF-8 sequence at `index` (no overlong forms, surrogates
    /// or values above U+10FFFF), or nil.
    private static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: return nil
        }
        guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return nil }
        for offset in 2..<max(length, 2) where !(0x80...0xBF).contains(bytes[index + offset]) { return nil }
        return length
    }

    /// The scalar at `index` of bytes already checked to be UTF-8, and its length.
    private func scalar(at index: Int) -> (Unicode.Scalar, Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    static func tooLargeMessage(size: Int) -> String {
        "the file is \(size) bytes; a storyboard may be at most \(maximumFileSize / 1024 / 1024) MiB (\(maximumFileSize) bytes)"
    }

    // MARK: Bytes

    private static let commentStart = Array("<!--".utf8)
    private static let commentEnd = Array("-->".utf8)
    private static let cdataStart = Array("<![CDATA[".utf8)
    private static let cdataEnd = Array("]]>".utf8)
    private static let declarationStart = Array("<!".utf8)
    private static let processingInstructionStart = Array("<?".utf8)

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private func starts(with prefix: [UInt8]) -> Bool {
        guard position + prefix.count <= bytes.count else { return false }
        for (offset, byte) in prefix.enumerated() where bytes[position + offset] != byte { return false }
        return true
    }

    /// The offset of the first `needle` at or after `from` (within `limit` bytes when given).
    private func find(_ needle: [UInt8], from: Int, within limit: Int? = nil) -> Int? {
        let end = limit.map { min(bytes.count, from + $0 + needle.count) } ?? bytes.count
        var index = from
        while index + needle.count <= end {
            if bytes[index] == needle[0] {
                var offset = 1
                while offset < needle.count, bytes[index + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return index }
            }
            index += 1
        }
        return nil
    }

    /// Skips a construct that starts with `opener` at the current position.
    private mutating func skip(_ opener: [UInt8], past end: [UInt8], what: String, closing: String) throws(StoryboardDiagnostic) {
        let start = position
        position += opener.count
        try skip(from: start, past: end, what: what, closing: closing)
    }

    /// Skips to just past `end`, for a construct that started at `start`.
    private mutating func skip(from start: Int, past end: [UInt8], what: String, closing: String) throws(StoryboardDiagnostic) {
        guard let found = find(end, from: position) else {
            throw failNotWellFormed(at: start, "\(what) opened here is not closed with \(closing)")
        }
        position = found + end.count
    }

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = position
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
        return position > start
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The line of `offset`, counting on from the last offset asked about.
    private mutating func line(at offset: Int) -> Int {
        if offset < countedTo { countedTo = 0; countedLine = 1; countedLineStart = 0 }
        var index = countedTo
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            // A line ends at LF, CR LF or a lone CR, as XML reads line breaks.
            if byte == 0x0A || (byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) {
                countedLine += 1
                countedLineStart = index + 1
            }
            index += 1
        }
        countedTo = end
        return countedLine
    }

    /// The column of `offset` on its line, in characters from 1.
    private mutating func column(at offset: Int) -> Int {
        _ = line(at: offset)
        if columnCountedTo < countedLineStart || columnCountedTo > offset {
            columnCountedTo = countedLineStart
            columnCount = 0
        }
        let end = min(offset, bytes.count)
        while columnCountedTo < end {
            // A UTF-8 continuation byte is part of the character before it.
            if bytes[columnCountedTo] & 0xC0 != 0x80 { columnCount += 1 }
            columnCountedTo += 1
        }
        return columnCount + 1
    }

    // MARK: Errors

    private mutating func fail(at offset: Int, _ message: String) -> StoryboardDiagnostic {
        StoryboardDiagnostic(file: file, line: line(at: offset), column: column(at: offset), rule: .xml, message: message)
    }

    private func notWellFormed(line: Int, column: Int = 0, _ message: String) -> StoryboardDiagnostic {
        StoryboardDiagnostic(file: file, line: line, column: column, rule: .xml,
                        message: "the XML is not well-formed: \(message); open the file in Xcode or an XML editor to repair it")
    }

    private mutating func failNotWellFormed(at offset: Int, _ message: String) -> StoryboardDiagnostic {
        notWellFormed(line: line(at: offset), column: column(at: offset), message)
    }
}
