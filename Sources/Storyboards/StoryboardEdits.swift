/// A storyboard file and the edits made to it, written back as Interface Builder writes it: the
/// bytes no edit touches stay as they were, byte for byte (an unedited file is written back
/// identical), and what an edit adds is in Xcode's own form: four spaces an element's depth,
/// Xcode's attribute order, and ids of its shape (`abc-de-fgh`), new to the file.
///
/// Edits name what they change by Interface Builder id, never by element: the XML stays inside
/// this target. Each edit is a splice of the original bytes (an insertion, or a range replaced),
/// found from the span of the element the parser recorded; edits may not overlap.
public struct StoryboardEdits: Sendable {
    public let file: String
    /// The file's bytes as read.
    public let original: [UInt8]
    private let root: StoryboardElement
    private let elementsByID: [String: StoryboardElement]
    /// Each element's parent, by the offset of its `<`.
    private let parents: [Int: StoryboardElement]
    /// Every id in the file and those the edits made.
    private var ids: Set<String>
    private var splices: [Splice] = []
    /// The Exits the edits added, by the offset of their scene.
    private var addedExits: [Int: String] = [:]
    /// The elements whose start tag an edit changed.
    private var editedTags: Set<String> = []
    private var random: IDRandom

    private struct Splice: Sendable {
        var range: Range<Int>
        var bytes: [UInt8]
        /// The order edits were made in, for two insertions at one offset.
        var order: Int
    }

    /// Why an edit cannot be made; nothing is changed by one that throws.
    public struct Refusal: Error, CustomStringConvertible, Equatable {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// Where new ids come from: the system's randomness, or a seed (tests). A concrete type, not
    /// an existential: copying a struct that held `any RandomNumberGenerator & Sendable` crashed
    /// in Swift 6.3's outlined copy (debug builds).
    private struct IDRandom: RandomNumberGenerator, Sendable {
        var state: UInt64?

        mutating func next() -> UInt64 {
            guard var z = state else {
                var system = SystemRandomNumberGenerator()
                return system.next()
            }
            // SplitMix64.
            z &+= 0x9E37_79B9_7F4A_7C15
            state = z
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// The storyboard `bytes`, read from `file`; new ids are random, or come from `seed` when
    /// given (tests).
    public init(bytes: [UInt8], file: String, seed: UInt64? = nil) throws(StoryboardDiagnostic) {
        self.init(root: try StoryboardParser.parse(bytes, file: file), bytes: bytes, file: file, seed: seed)
    }

    /// The storyboard `bytes` that `model` was read from (`StoryboardModel.parse`): edited
    /// without reading them a second time.
    public init(model: StoryboardModel, bytes: [UInt8], seed: UInt64? = nil) {
        self.init(root: model.root, bytes: bytes, file: model.file, seed: seed)
    }

    private init(root: StoryboardElement, bytes: [UInt8], file: String, seed: UInt64?) {
        self.file = file
        original = bytes
        self.root = root
        var byID: [String: StoryboardElement] = [:]
        var parents: [Int: StoryboardElement] = [:]
        var pending = [root]
        while let element = pending.popLast() {
            if let id = element.id, byID[id] == nil { byID[id] = element }
            for child in element.children {
                parents[child.span.lowerBound] = element
                pending.append(child)
            }
        }
        elementsByID = byID
        self.parents = parents
        ids = Set(byID.keys)
        random = IDRandom(state: seed)
    }

    /// The file as the edits leave it: the original bytes where nothing changed.
    public var bytes: [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(original.count + splices.reduce(0) { $0 + $1.bytes.count })
        var at = 0
        for splice in splices.sorted(by: { ($0.range.lowerBound, $0.order) < ($1.range.lowerBound, $1.order) }) {
            result += original[at..<splice.range.lowerBound]
            result += splice.bytes
            at = splice.range.upperBound
        }
        result += original[at...]
        return result
    }

    public var isChanged: Bool { !splices.isEmpty }

    /// The lines each edit changes, whole, as a unified diff reads them (`-` the file's, `+` the
    /// edit's), with the line each starts on: what `wallet storyboard connect` prints.
    public var changedLines: [(line: Int, removed: [String], added: [String])] {
        splices.sorted { ($0.range.lowerBound, $0.order) < ($1.range.lowerBound, $1.order) }.map { splice in
            // Out to the lines' ends, unless the splice is of whole lines already.
            var start = splice.range.lowerBound, end = splice.range.upperBound
            let wholeLines = (start == 0 || original[start - 1] == 0x0A) && (end == 0 || original[end - 1] == 0x0A || end == original.count)
                && (splice.bytes.isEmpty || splice.bytes.last == 0x0A)
            if !wholeLines {
                while start > 0, original[start - 1] != 0x0A { start -= 1 }
                while end < original.count, original[end] != 0x0A { end += 1 }
            }
            let line = original[..<start].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            func lines(_ bytes: [UInt8]) -> [String] {
                var text = String(decoding: bytes, as: UTF8.self)
                if text.hasSuffix("\n") { text.removeLast() }
                return bytes.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            }
            let added = Array(original[start..<splice.range.lowerBound]) + splice.bytes + Array(original[splice.range.upperBound..<end])
            return (line, lines(Array(original[start..<end])), lines(added))
        }
    }

    // MARK: What the file holds

    /// The id of the scene's Exit placeholder (`<exit>` in the scene's objects), if it has one.
    private func exitID(inSceneOf controllerID: String) -> String? {
        guard let scene = scene(of: controllerID) else { return nil }
        return scene.child("objects")?.children.first { $0.name == "exit" }?.id ?? addedExits[scene.span.lowerBound]
    }

    /// A new id of Interface Builder's shape, `abc-de-fgh`, that no element of the file has.
    public mutating func newID() -> String {
        let characters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        while true {
            let id = [3, 2, 3].map { count in String((0..<count).map { _ in characters.randomElement(using: &random)! }) }
                .joined(separator: "-")
            if ids.insert(id).inserted { return id }
        }
    }

    // MARK: Edits

    /// Adds a segue to the connections of the object `sourceID` (a control, a bar button item, a
    /// cell, a gesture recognizer or a scene's controller), in Xcode's attribute order, with a
    /// new id, which it returns. `arrowDirections` is a popover's `<popoverArrowDirection>`.
    @discardableResult
    public mutating func addSegue(from sourceID: String, _ attributes: [String: String], popoverArrowDirections: Bool = false) throws(Refusal) -> String {
        guard let source = elementsByID[sourceID] else { throw Refusal("no object has the id \"\(sourceID)\"") }
        let id = newID()
        var all = attributes
        all["id"] = id
        let tag = Self.tag("segue", all)
        let element = popoverArrowDirections
            ? [tag + ">", "    <popoverArrowDirection key=\"popoverArrowDirection\" up=\"YES\" down=\"YES\" left=\"YES\" right=\"YES\"/>", "</segue>"]
            : [tag + "/>"]
        try addConnection(element, to: source)
        return id
    }

    /// Gives the scene of `controllerID` an Exit placeholder, as Xcode gives every scene, when it
    /// has none (after its First Responder); its id either way.
    public mutating func addExit(inSceneOf controllerID: String) throws(Refusal) -> String {
        if let exit = exitID(inSceneOf: controllerID) { return exit }
        guard let scene = scene(of: controllerID), let objects = scene.child("objects") else {
            throw Refusal("no scene holds the controller \"\(controllerID)\"")
        }
        let id = newID()
        addedExits[scene.span.lowerBound] = id
        let exit = Self.tag("exit", ["id": id, "userLabel": "Exit", "sceneMemberID": "exit"]) + "/>"
        if let responder = objects.children.first(where: { $0.name == "placeholder" && $0["sceneMemberID"] == "firstResponder" }) {
            try insert([exit], after: responder)
        } else {
            try insert([exit], asLastChildOf: objects)
        }
        return id
    }

    /// Sets an attribute of the element `id` (a segue's identifier), in Xcode's order among the
    /// others; the rest of the tag is kept as it is.
    public mutating func setAttribute(_ name: String, _ value: String, ofElementWithID id: String) throws(Refusal) {
        guard let element = elementsByID[id] else { throw Refusal("no object has the id \"\(id)\"") }
        // Each attribute is found in the file's bytes: a second edit of one tag would not see the first.
        guard editedTags.insert(id).inserted else { throw Refusal("the tag of \"\(id)\" is edited already; make one change to it at a time") }
        let tag = startTag(of: element)
        let escaped = Array(" \(name)=\"\(Self.escaped(value))\"".utf8)
        if let existing = tag.attributes.first(where: { $0.name == name }) {
            // The value between its quotes: the name and its spacing stay.
            try splice(existing.value, with: Array(Self.escaped(value).utf8))
            return
        }
        let rank = Self.rank(name, in: element.name)
        // Before the first attribute Xcode writes after it, else after the last.
        let before = tag.attributes.first { Self.rank($0.name, in: element.name) > rank }
        let at = before.map { $0.whole.lowerBound } ?? tag.attributesEnd
        try splice(at..<at, with: escaped)
    }

    /// Removes the element `id` (a segue, a connection) with its line; a `<connections>` left
    /// empty goes too, and an element left with no children closes itself (`<… />`), as Xcode
    /// writes them.
    public mutating func removeElement(withID id: String) throws(Refusal) {
        guard var target = elementsByID[id] else { throw Refusal("no object has the id \"\(id)\"") }
        if let parent = parents[target.span.lowerBound], parent.name == "connections", parent.children.count == 1 { target = parent }
        if let owner = parents[target.span.lowerBound], owner.children.count == 1, owner !== root {
            var tagEnd = startTag(of: owner).attributesEnd
            while original[tagEnd] != UInt8(ascii: ">") { tagEnd += 1 }
            return try splice(tagEnd..<owner.span.upperBound, with: Array("/>".utf8))
        }
        try splice(wholeLines(of: target), with: [])
    }

    // MARK: Splicing

    private mutating func addConnection(_ lines: [String], to source: StoryboardElement) throws(Refusal) {
        if let connections = source.child("connections") {
            try insert(lines, asLastChildOf: connections)
        } else {
            // A second would make a second <connections>: the first is not in the file yet.
            guard editedTags.insert("connections of \(source.span.lowerBound)").inserted else {
                throw Refusal("the connections of \"\(source.id ?? source.name)\" are new in this edit already; make one change to them at a time")
            }
            try insert(["<connections>"] + lines.map { "    " + $0 } + ["</connections>"], asLastChildOf: source)
        }
    }

    /// Inserts `lines` (one element, its lines unindented) as the last child of `parent`,
    /// indented for its depth.
    private mutating func insert(_ lines: [String], asLastChildOf parent: StoryboardElement) throws(Refusal) {
        let parentIndent = indentation(of: parent)
        let childIndent = parentIndent + "    "
        let text = lines.map { childIndent + $0 }.joined(separator: "\n")
        let span = parent.span
        if original[span.upperBound - 2] == UInt8(ascii: "/") {
            // `<tag …/>` becomes `<tag …>`, its child, `</tag>`.
            var at = span.upperBound - 2
            while at > span.lowerBound, Self.isBlank(original[at - 1]) { at -= 1 }
            return try splice(at..<span.upperBound, with: Array(">\n\(text)\n\(parentIndent)</\(parent.name)>".utf8))
        }
        let endTag = endTagStart(of: parent)
        let lineStart = self.lineStart(before: endTag)
        if let lineStart {
            try splice(lineStart..<lineStart, with: Array((text + "\n").utf8))
        } else {
            try splice(endTag..<endTag, with: Array("\n\(text)\n\(parentIndent)".utf8))
        }
    }

    /// Inserts `lines` (one element) on the lines after `sibling`, at its indentation.
    private mutating func insert(_ lines: [String], after sibling: StoryboardElement) throws(Refusal) {
        let indent = indentation(of: sibling)
        let at = sibling.span.upperBound
        try splice(at..<at, with: Array(("\n" + lines.map { indent + $0 }.joined(separator: "\n")).utf8))
    }

    private mutating func splice(_ range: Range<Int>, with bytes: [UInt8]) throws(Refusal) {
        // Two insertions at one offset may be; an edit inside another's range may not.
        let conflicts = splices.contains { other in
            other.range.overlaps(range) || other.range.dropFirst().contains(range.lowerBound) || range.dropFirst().contains(other.range.lowerBound)
        }
        if conflicts { throw Refusal("two edits change the same lines of \(file); make them one at a time") }
        splices.append(Splice(range: range, bytes: bytes, order: splices.count))
    }

    /// The element's lines whole, from the start of its first line (when only blanks precede it
    /// there) to past the line break that ends it (when only blanks follow it).
    private func wholeLines(of element: StoryboardElement) -> Range<Int> {
        var start = element.span.lowerBound, end = element.span.upperBound
        if let lineStart = lineStart(before: start) {
            var after = end
            while after < original.count, Self.isBlank(original[after]), original[after] != 0x0A { after += 1 }
            if after < original.count, original[after] == 0x0A {
                start = lineStart
                end = after + 1
            } else if after == original.count {
                start = lineStart
                end = after
            }
        }
        return start..<end
    }

    /// The offset of the line's start, when only spaces or tabs come between it and `offset`.
    private func lineStart(before offset: Int) -> Int? {
        var at = offset
        while at > 0, original[at - 1] == UInt8(ascii: " ") || original[at - 1] == UInt8(ascii: "\t") { at -= 1 }
        return at == 0 || original[at - 1] == 0x0A ? at : nil
    }

    /// Four spaces a level (the document at 0), as Xcode writes.
    private func indentation(of element: StoryboardElement) -> String {
        var depth = 0, current = element
        while let parent = parents[current.span.lowerBound] { (depth, current) = (depth + 1, parent) }
        return String(repeating: " ", count: 4 * depth)
    }

    /// Where `</name>` starts in the element's bytes.
    private func endTagStart(of element: StoryboardElement) -> Int {
        var at = element.span.upperBound - 1
        while at > element.span.lowerBound, !(original[at] == UInt8(ascii: "<") && original[at + 1] == UInt8(ascii: "/")) { at -= 1 }
        return at
    }

    private func scene(of controllerID: String) -> StoryboardElement? {
        var element = elementsByID[controllerID]
        while let current = element, current.name != "scene" { element = parents[current.span.lowerBound] }
        return element
    }

    /// An element's start tag, read again from the file: each attribute's bytes, and where the
    /// last one ends.
    private func startTag(of element: StoryboardElement) -> (attributes: [(name: String, whole: Range<Int>, value: Range<Int>)], attributesEnd: Int) {
        var at = element.span.lowerBound + 1 + element.name.utf8.count
        var attributes: [(name: String, whole: Range<Int>, value: Range<Int>)] = []
        var end = at
        while at < element.span.upperBound {
            let spaceStart = at
            while Self.isBlank(original[at]) { at += 1 }
            guard original[at] != UInt8(ascii: ">"), original[at] != UInt8(ascii: "/") else { break }
            let nameStart = at
            while original[at] != UInt8(ascii: "="), !Self.isBlank(original[at]) { at += 1 }
            let name = String(decoding: original[nameStart..<at], as: UTF8.self)
            while original[at] != UInt8(ascii: "\"") && original[at] != UInt8(ascii: "'") { at += 1 }
            let quote = original[at]
            let valueStart = at + 1
            at = valueStart
            while original[at] != quote { at += 1 }
            attributes.append((name, spaceStart..<(at + 1), valueStart..<at))
            at += 1
            end = at
        }
        return (attributes, end)
    }

    // MARK: Xcode's form

    /// Xcode's order of a segue's attributes; others of an element come after these, `id` last.
    private static let segueOrder = ["destination", "kind", "identifier", "customClass", "customModule", "customModuleProvider",
                                     "modalPresentationStyle", "modalTransitionStyle", "animates", "relationship",
                                     "popoverAnchorBarButtonItem", "popoverAnchorView", "unwindAction"]

    private static func rank(_ attribute: String, in element: String) -> Int {
        if attribute == "id" { return Int.max }
        if element == "segue" { return segueOrder.firstIndex(of: attribute) ?? segueOrder.count }
        return 0
    }

    /// `<name a="…" …` in Xcode's order (the closing `>` or `/>` is the caller's).
    static func tag(_ name: String, _ attributes: [String: String]) -> String {
        let ordered: [(String, String)]
        if name == "segue" {
            ordered = attributes.sorted { (rank($0.key, in: name), $0.key) < (rank($1.key, in: name), $1.key) }
        } else {
            // An exit's own order: id, userLabel, sceneMemberID.
            let order = ["id", "userLabel", "sceneMemberID"]
            ordered = attributes.sorted { (order.firstIndex(of: $0.key) ?? order.count, $0.key) < (order.firstIndex(of: $1.key) ?? order.count, $1.key) }
        }
        return "<\(name)" + ordered.map { " \($0.0)=\"\(escaped($0.1))\"" }.joined()
    }

    /// An attribute's value as Xcode escapes it.
    static func escaped(_ value: String) -> String {
        var result = ""
        for character in value {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += "&#10;"
            case "\t": result += "&#9;"
            default: result.append(character)
            }
        }
        return result
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
}
