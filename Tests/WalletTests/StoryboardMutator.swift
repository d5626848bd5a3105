import PropertyBased
import TestSupport

/// Makes seeded variants of a storyboard's bytes, the edits an author, a merge or a broken disk
/// make: elements deleted, duplicated, swapped or renamed, attributes given other ids, kinds,
/// classes, empty or garbage values, connections dropped or retargeted, relationship cycles,
/// truncation and stray bytes. The same seed always gives the same mutant.
struct StoryboardMutator {
    let original: [UInt8]
    private let ids: [String]

    /// The original's elements and attributes, read once: most mutants start with an edit of it.
    private let originalElements: [Span]
    private let originalAttributes: [Attribute]

    init(_ original: [UInt8]) {
        self.original = original
        originalElements = Self.elements(in: original)
        originalAttributes = Self.attributes(in: original)
        ids = Array(Set(originalAttributes.filter { $0.name == "id" }.map(\.value))).sorted()
    }

    private func elements(in bytes: [UInt8]) -> [Span] {
        bytes == original ? originalElements : Self.elements(in: bytes)
    }

    private func attributes(in bytes: [UInt8]) -> [Attribute] {
        bytes == original ? originalAttributes : Self.attributes(in: bytes)
    }

    /// The mutant of `seed`: one to three edits of the original.
    func mutant(seed: UInt64) -> (bytes: [UInt8], edits: [String]) {
        var random = Self.generator(seed: seed)
        var bytes = original
        var edits: [String] = []
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            edits.append(mutate(&bytes, using: &random))
        }
        return (bytes, edits)
    }

    /// xoshiro256** must not start from a state of nearby words: SplitMix64 spreads the seed,
    /// as its authors advise.
    private static func generator(seed: UInt64) -> Xoshiro {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        return Xoshiro(seed: (next(), next(), next(), next()))
    }

    // MARK: Edits

    private func mutate(_ bytes: inout [UInt8], using random: inout Xoshiro) -> String {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<10: return deleteElement(&bytes, using: &random)
        case 10..<15: return duplicateElement(&bytes, using: &random)
        case 15..<20: return swapElements(&bytes, using: &random)
        case 20..<25: return renameElement(&bytes, using: &random)
        case 25..<45: return changeAttribute(&bytes, using: &random)
        case 45..<55: return dropConnection(&bytes, using: &random)
        case 55..<68: return retargetConnection(&bytes, using: &random)
        case 68..<74: return changeSegueKind(&bytes, using: &random)
        case 74..<82: return makeRelationshipCycle(&bytes, using: &random)
        case 82..<88: return moveConnection(&bytes, using: &random)
        case 88..<91: return truncate(&bytes, using: &random)
        case 91..<95: return addAttribute(&bytes, using: &random)
        default: return insertBytes(&bytes, using: &random)
        }
    }

    private func deleteElement(_ bytes: inout [UInt8], using random: inout Xoshiro) -> String {
        guard let span = elements(in: bytes).randomElement(using: &random) else { return "nothing to delete" }
        bytes.removeSubrange(span.range)
        return "delete <\(span.name)> at \(span.range.lowerBound)"
    }

    private func duplicateElement(_ bytes: inout [UInt8], using random: inout Xoshiro) -> String {
        guard let span = elements(in: bytes).randomElement(using: &random) else { return "nothing to duplicate" }
        bytes.insert(contentsOf: Array(bytes[span.range]), at: span.range.upperBound)
        return "duplicate <\(span.name)> at \(span.range.lowerBound)"
    }

    /// Swaps two elements that do not contain each other.
    private func swapElements(_ bytes: inout [UInt8], using random: inout Xoshiro) -> String {
        let spans = elements(in: bytes)
        guard let first = spans.randomElement(using: &random) else { return "nothing to swap" }
        let others = spans.filter { $0.range.upperBound <= first.range.lowerBound || $0.range.lowerBound >= first.range.upperBound }
        guard let second = others.randomElement(using: &random) else { return "nothing to swap with" }
        let (early, late) = first.range.lowerBound < second.range.lowerBound ? (first, second) : (second, first)
        let lateBytes = Array(bytes[late.range]), earlyBytes = Array(bytes[early.range])
        bytes.replaceSubrange(late.range, with: earlyBytes)
        bytes.replaceSubrange(early.range, with: lateBytes)
        return "swap <\(early.name)> and <\(late.name)>"
    }

    /// Gives an element another element's name, in its start and end tags.
    private func renameElement(_ bytes: inout [UInt8], using random: inout Xoshiro) -> String {
        guard let span = elements(in: bytes).randomElement(using: &random) else { return "nothing to rename" }
        let name = Self.elementNames.randomElement(using: &random)!
        let newName = Array(name.utf8), oldName = Array(span.name.utf8)
        let element = Array(bytes[span.range])
        var renamed = element
        // The end tag, when there is one, is the last thing in the element.
        let end = Array("</".utf8) + oldName + Array(">".utf8)
        if element.count > end.count, Array(element.suffix(end.count)) == end {
            renamed.replaceSubrange((element.count - end.count)..., with: Array("</".utf8) + newName + Array(">".utf8))
        }
        renamed.replaceSubrange(1..<(1 + oldName.count), with: newName)
        bytes.replaceSubrange(span.range, with: renamed)
        return "rename <\(span.name)> to <\(name)>"
    }

    private func changeAttribute(_ bytes: inout [UInt8], using random: inout Xoshiro) -> String {
        guard let attribute = attributes(in: bytes).randomElement(using: &random) else { return "no attribute" }
        let value = someValue(using: &random)
        bytes.replaceSubrange(attribute.valueRange, with: Array(value.utf8))
        return "\(attribute.name)=\"\(value)\""
    }

    private func dropConnection(_ bytes: inout [UInt8], using random: inout Xoshiro) -> String {
        guard let span = elements(in: bytes).filter({ Self.connectionNames.contains($0.name) }).randomElement(using: &random) else {
            return "no connection to drop"
        }
        bytes.removeSubrange(span.range)
        return "drop <\(span.name)> at \(span.range.lowerBound)"
    }

    /// Points a connection's destination at another object: a constraint, another scene's view,
    /// a controller, an exit, a placeholder.
    private func retargetConnection(_ bytes: inout [UInt8], using random: inout Xoshiro) -> String {
        let destinations = attributes(in: bytes).filter { $0.name == "destination" }
        guard let destination = destinations.randomElement(using: &random), let id = ids.randomElement(using: &random) else {
            return "no connection to retarget"
        }
        bytes.replaceSubrange(destination.valueRange, with: Array(id.utf8))
        return "destination=\"\(id)\" at \(destination.valueRange.lowerBound)"
    }

    private func changeSegueKind(_ bytes: inout [UInt8], using random: inout Xoshiro) -> String {
        guard let kind = attributes(in: bytes).filter({ $0.name == "kind" }).randomElement(using: &random) else {
            return "no segue kind"
        }
        let value = Self.segueKinds.randomElement(using: &random)!
        bytes.replaceSubrange(kind.valueRange, with: Array(value.utf8))
        return "kind=\"\(value)\""
    }

    /// Points a relationship segue at a navigation controller: its own, or the other one.
    private func makeRelationshipCycle(_ bytes: inout [UInt8], using random: inout Xoshiro) -> String {
        let attributes = attributes(in: bytes)
        let relationships = attributes.filter { $0.name == "relationship" }
        let navigationIDs = elements(in: bytes).filter { $0.name == "navigationController" }.compactMap { span in
            attributes.first { $0.name == "id" && span.range.contains($0.valueRange.lowerBound) }?.value
        }
        guard let relationship = relationships.randomElement(using: &random), let target = navigationIDs.randomElement(using: &random),
              let destination = attributes.last(where: { $0.name == "destination" && $0.valueRange.upperBound < relationship.valueRange.lowerBound })
        else { return "no relationship" }
        bytes.replaceSubrange(destination.valueRange, with: Array(target.utf8))
        return "relationship to \(target)"
    }

    /// Moves a connection into another element's connections, or somewhere else entirely.
    private func moveConnection(_ bytes: inout [UInt8], using random: inout Xoshiro) -> String {
        let spans = elements(in: bytes)
        guard let connection = spans.filter({ Self.connectionNames.contains($0.name) }).randomElement(using: &random) else {
            return "no connection to move"
        }
        let moved = Array(bytes[connection.range])
        bytes.removeSubrange(connection.range)
        let targets = elements(in: bytes).filter { $0.name == "connections" }
        let offset = targets.randomElement(using: &random).map { $0.range.upperBound - "</connections>".utf8.count }
            ?? Int.random(in: 0...bytes.count, using: &random)
        guard offset >= 0, offset <= bytes.count else { return "move failed" }
        bytes.insert(contentsOf: moved, at: offset)
        return "move <\(connection.name)> to \(offset)"
    }

    /// Gives an element an attribute it did not have: a number out of range, a kind, a class.
    private func addAttribute(_ bytes: inout [UInt8], using random: inout Xoshiro) -> String {
        guard let span = elements(in: bytes).randomElement(using: &random) else { return "no element" }
        let name = Self.attributeNames.randomElement(using: &random)!
        let value = Int.random(in: 0..<2, using: &random) == 0 ? Self.numbers.randomElement(using: &random)! : someValue(using: &random)
        let nameEnd = span.range.lowerBound + 1 + span.name.utf8.count
        bytes.insert(contentsOf: Array(" \(name)=\"\(value)\"".utf8), at: nameEnd)
        return "add \(name)=\"\(value)\" to <\(span.name)>"
    }

    private func truncate(_ bytes: inout [UInt8], using random: inout Xoshiro) -> String {
        let length = Int.random(in: 0..<bytes.count, using: &random)
        bytes.removeSubrange(length...)
        return "truncate to \(length)"
    }

    /// Inserts a few bytes: markup characters, controls, invalid UTF-8, or another part of the file.
    private func insertBytes(_ bytes: inout [UInt8], using random: inout Xoshiro) -> String {
        let offset = Int.random(in: 0...bytes.count, using: &random)
        let inserted: [UInt8] = switch Int.random(in: 0..<4, using: &random) {
        case 0: Array(Self.garbage.randomElement(using: &random)!.utf8)
        case 1: (0..<Int.random(in: 1...4, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
        case 2: [0xFF, 0xFE]
        default:
            Array(bytes[Int.random(in: 0..<max(1, bytes.count), using: &random)...].prefix(Int.random(in: 1...80, using: &random)))
        }
        bytes.insert(contentsOf: inserted, at: offset)
        return "insert \(inserted.count) bytes at \(offset)"
    }

    private func someValue(using random: inout Xoshiro) -> String {
        switch Int.random(in: 0..<8, using: &random) {
        case 0, 1: ids.randomElement(using: &random) ?? ""
        case 2: Self.elementNames.randomElement(using: &random)!
        case 3: Self.classNames.randomElement(using: &random)!
        case 4: Self.segueKinds.randomElement(using: &random)!
        case 5: Self.selectors.randomElement(using: &random)!
        case 6: ""
        default: Self.garbage.randomElement(using: &random)!
        }
    }

    // MARK: Vocabulary

    static let connectionNames: Set<String> = ["outlet", "action", "segue", "outletCollection"]
    static let elementNames = [
        "viewController", "navigationController", "tableViewController", "tabBarController", "splitViewController",
        "viewControllerPlaceholder", "view", "label", "button", "textField", "tableView", "tableViewCell", "stackView",
        "constraint", "exit", "placeholder", "segue", "outlet", "outletCollection", "action", "connections", "subviews",
        "objects", "scene", "scenes", "navigationItem", "barButtonItem", "prototypes", "gizmo",
        // Issue 7's elements: containers, embeds, references, runtime attributes, static tables.
        "containerView", "userDefinedRuntimeAttributes", "userDefinedRuntimeAttribute", "tableViewSection", "sections",
        "tapGestureRecognizer", "toolbarItems", "leftBarButtonItems", "rightBarButtonItems", "tabBarItem", "tabBar",
        "navigationBar", "toolbar", "string", "popoverPresentationController",
    ]
    static let classNames = [
        "WalletViewController", "ContactsViewController", "TransactionViewController", "Cell", "RoundView", "RoundButton",
        "NavigationController", "ViewController", "Wallet.Cell", "NoSuchClass", "UIResponder", "TableViewCell",
        "FadeContainerViewController", "FadeSegue", "CrossDissolveSegue", "TabBarController", "SplitViewController",
    ]
    static let segueKinds = [
        "show", "presentation", "relationship", "unwind", "custom", "embed", "push", "modal", "showDetail",
        "popoverPresentation", "replace", "weird", "",
    ]
    static let selectors = ["cancel:", "sendTransaction:", "send:", "rootViewController", "viewControllers", "gestureRecognizers", "nothing:",
                            "masterViewController", "detailViewController", "unwindToPush:", "unwindToPresent:", "unwindToSplit:"]
    static let attributeNames = [
        "numberOfLines", "spacing", "tag", "axis", "rowHeight", "enabled", "text", "title", "placeholder", "key",
        "customClass", "storyboardIdentifier", "identifier", "reuseIdentifier", "largeTitles", "hidesBackButton",
        "modalPresentationStyle", "unwindAction", "relationship", "destination", "systemItem", "accessoryType",
        "storyboardName", "referencedIdentifier", "keyPath", "value", "type", "definesPresentationContext",
        "providesPresentationContextTransitionStyle", "trigger", "dataMode", "style", "popoverAnchorView", "sceneMemberID",
    ]
    static let numbers = ["-1", "-9223372036854775808", "9223372036854775807", "1e308", "-1e308", "nan", "0", "3", "1.5"]
    static let garbage = [
        "&amp;", "&#1;", "&#x202E;evil", "a&#10;b: error: forged", "\u{202E}txt", "\u{85}", "é", "&lt;", "<", ">", "\"", "'",
        "-1", "99999999999999999999", "YES", "NO", "0", " ", "&unknown;", "<!--", "]]>", "<?x?>", "\t",
    ]

    // MARK: Reading the bytes

    struct Span {
        let name: String
        let range: Range<Int>
    }

    struct Attribute {
        let name: String
        let value: String
        let valueRange: Range<Int>
    }

    /// Elements whose start and end tags match, found leniently: a mutant may be malformed.
    static func elements(in bytes: [UInt8]) -> [Span] {
        bytes.withUnsafeBufferPointer { bytes in
            var spans: [Span] = []
            var open: [(name: String, start: Int)] = []
            var index = 0
            let count = bytes.count
            while index < count {
                guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
                let lt = index
                var gt = lt + 1
                while gt < count, bytes[gt] != UInt8(ascii: ">") { gt += 1 }
                guard gt < count, gt > lt + 1 else { break }
                index = gt + 1
                let first = bytes[lt + 1]
                if first == UInt8(ascii: "?") || first == UInt8(ascii: "!") { continue }
                if first == UInt8(ascii: "/") {
                    let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(lt + 2)..<gt]), as: UTF8.self)
                    if let at = open.lastIndex(where: { $0.name == name }) {
                        spans.append(Span(name: name, range: open[at].start..<(gt + 1)))
                        open.removeSubrange(at...)
                    }
                    continue
                }
                var nameEnd = lt + 1
                while nameEnd < gt, bytes[nameEnd] != UInt8(ascii: " "), bytes[nameEnd] != UInt8(ascii: "/"), bytes[nameEnd] != UInt8(ascii: "\n") {
                    nameEnd += 1
                }
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(lt + 1)..<nameEnd]), as: UTF8.self)
                if bytes[gt - 1] == UInt8(ascii: "/") {
                    spans.append(Span(name: name, range: lt..<(gt + 1)))
                } else {
                    open.append((name, lt))
                }
            }
            return spans.filter { $0.name != "document" }.sorted { $0.range.lowerBound < $1.range.lowerBound }
        }
    }

    /// Every `name="value"` in the bytes.
    static func attributes(in bytes: [UInt8]) -> [Attribute] {
        bytes.withUnsafeBufferPointer { bytes in
            var attributes: [Attribute] = []
            let quote = UInt8(ascii: "\""), equals = UInt8(ascii: "=")
            let count = bytes.count
            var index = 1
            while index + 1 < count {
                guard bytes[index] == equals, bytes[index + 1] == quote else { index += 1; continue }
                let eq = index
                var close = eq + 2
                while close < count, bytes[close] != quote { close += 1 }
                guard close < count else { break }
                var nameStart = eq
                while nameStart > 0, isNameByte(bytes[nameStart - 1]) { nameStart -= 1 }
                index = close + 1
                guard nameStart < eq else { continue }
                attributes.append(Attribute(name: String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<eq]), as: UTF8.self),
                                            value: String(decoding: UnsafeBufferPointer(rebasing: bytes[(eq + 2)..<close]), as: UTF8.self),
                                            valueRange: (eq + 2)..<close))
            }
            return attributes
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
    }
}
