import Foundation
@testable import Storyboards
import Testing

/// The storyboards of the repository: the app's, the exercises', every test's.
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private func storyboards() -> [URL] {
    var found: [URL] = []
    for folder in ["Assets", "Tests"] {
        let enumerator = FileManager.default.enumerator(at: packageRoot.appendingPathComponent(folder), includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "storyboard" { found.append(url) }
        }
    }
    return found.sorted { $0.path < $1.path }
}

private func bytes(_ url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }

private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

/// Whether `id` has Interface Builder's shape, `abc-de-fgh`.
private func hasIDShape(_ id: String) -> Bool {
    let parts = id.split(separator: "-", omittingEmptySubsequences: false)
    return parts.map(\.count) == [3, 2, 3] && parts.allSatisfy { $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
}

@Suite("A storyboard written back: byte for byte where nothing changed, Xcode's form where an edit did")
struct StoryboardEditsTests {
    @Test("Every storyboard the repository holds loads and is written back unchanged, and each element's span is its own bytes")
    func roundTrip() throws {
        let files = storyboards().filter { (try? StoryboardParser.parse(Array(Data(contentsOf: $0)), file: $0.path)) != nil }
        #expect(files.count > 40, "\(files.count) storyboards found")
        for file in files {
            let original = try bytes(file)
            let edits = try StoryboardEdits(bytes: original, file: file.lastPathComponent)
            #expect(text(edits.bytes) == text(original), "\(file.lastPathComponent)")
            #expect(!edits.isChanged)
            let root = try StoryboardParser.parse(original, file: file.path)
            for element in root.descendantsAndSelf {
                let span = text(Array(original[element.span]))
                #expect(span.hasPrefix("<\(element.name)"), "\(file.lastPathComponent):\(element.line)")
                #expect(span.hasSuffix("/>") || span.hasSuffix("</\(element.name)>"), "\(file.lastPathComponent):\(element.line)")
            }
        }
    }

    /// Whether each element of the file starts a line of its own, as Xcode writes them.
    private func inXcodeForm(_ root: StoryboardElement, _ bytes: [UInt8]) -> Bool {
        root.descendantsAndSelf.allSatisfy { element in
            var at = element.span.lowerBound
            while at > 0, bytes[at - 1] == UInt8(ascii: " ") { at -= 1 }
            return at == 0 || bytes[at - 1] == 0x0A
        }
    }

    @Test("A segue added to each control of each storyboard in Xcode's form and removed again leaves the file as it was, byte for byte")
    func addThenRemove() throws {
        var tried = 0
        for file in storyboards() {
            let original = try bytes(file)
            guard let root = try? StoryboardParser.parse(original, file: file.path), inXcodeForm(root, original) else { continue }
            tried += 1
            let controls = root.descendantsAndSelf.filter { ["button", "barButtonItem", "tableViewCell"].contains($0.name) && $0.id != nil }
            for control in controls.prefix(6) {
                var added = try StoryboardEdits(bytes: original, file: file.lastPathComponent)
                let id = try added.addSegue(from: control.id!, ["destination": control.id!, "kind": "show"])
                let edited = added.bytes
                // Well-formed, and the segue is where it was put.
                let reread = try StoryboardParser.parse(edited, file: file.path)
                let segue = try #require(reread.descendantsAndSelf.first { $0.id == id })
                #expect(segue.name == "segue" && segue["kind"] == "show", "\(file.lastPathComponent):\(control.line)")
                var removed = try StoryboardEdits(bytes: edited, file: file.lastPathComponent)
                try removed.removeElement(withID: id)
                #expect(text(removed.bytes) == text(original), "\(file.lastPathComponent):\(control.line)")
            }
        }
        #expect(tried > 10, "\(tried) storyboards in Xcode's form")
    }

    /// The exercise's starting storyboard and its solution: the solution is one connection more.
    private func exercise(_ name: String, _ storyboard: String) throws -> (start: [UInt8], solution: [UInt8]) {
        let folder = packageRoot.appendingPathComponent("Assets/Exercises/\(name)")
        return (try bytes(folder.appendingPathComponent("start/\(storyboard)")), try bytes(folder.appendingPathComponent("solution/\(storyboard)")))
    }

    /// The solution's text with the id the edit made in place of the one it has.
    private func expectSolution(_ edits: StoryboardEdits, newID: String, solutionID: String, _ solution: [UInt8]) {
        #expect(hasIDShape(newID), "\(newID)")
        let written = text(edits.bytes).replacingOccurrences(of: "id=\"\(newID)\"", with: "id=\"\(solutionID)\"")
        #expect(written == text(solution))
    }

    @Test("Exercise 1: Cancel, a bar button item that closes itself, connected to the Exit as Xcode writes it (the sample's own file)")
    func exerciseOne() throws {
        let (start, solution) = try exercise("01-cancel", "Main.storyboard")
        var edits = try StoryboardEdits(bytes: start, file: "Main.storyboard", seed: 1)
        let exit = try edits.addExit(inSceneOf: "tdE-0b-jJ0")
        #expect(exit == "uf7-cc-BuS", "the scene's own Exit, not a new one")
        let id = try edits.addSegue(from: "w5K-5o-1tQ", ["destination": exit, "kind": "unwind", "unwindAction": "cancel:"])
        expectSolution(edits, newID: id, solutionID: "an5-X4-CK2", solution)
    }

    @Test("Exercise 2: a manual unwind segue with its identifier, last of the scene's connections, in Xcode's attribute order")
    func exerciseTwo() throws {
        let (start, solution) = try exercise("02-send", "Main.storyboard")
        var edits = try StoryboardEdits(bytes: start, file: "Main.storyboard")
        let id = try edits.addSegue(from: "aJI-K8-QRF", ["unwindAction": "sendTransaction:", "identifier": "SendTransactionSegue", "kind": "unwind",
                                                         "destination": "mqT-54-P2R"])
        expectSolution(edits, newID: id, solutionID: "DOI-HL-t1C", solution)
    }

    @Test("Exercise 5: a button with no connections gets them, indented for its depth")
    func exerciseFive() throws {
        let (start, solution) = try exercise("05-current-context", "Library.storyboard")
        var edits = try StoryboardEdits(bytes: start, file: "Library.storyboard")
        let root = try StoryboardParser.parse(start, file: "Library.storyboard")
        let done = try #require(root.descendantsAndSelf.first { $0.name == "button" && $0.child("state")?["title"] == "Done" })
        let id = try edits.addSegue(from: done.id!, ["destination": "filter-ex", "kind": "unwind", "unwindAction": "doneFiltering:"])
        expectSolution(edits, newID: id, solutionID: "flt-uw", solution)
    }

    @Test("An identifier set on a segue goes where Xcode writes it, after kind and before id, and the rest of the tag is kept")
    func identifierInOrder() throws {
        let file = packageRoot.appendingPathComponent("Assets/Main.storyboard")
        let original = try bytes(file)
        var edits = try StoryboardEdits(bytes: original, file: "Main.storyboard")
        let before = #"<segue destination="aJI-K8-QRF" kind="show" id=""#
        #expect(text(original).contains(before))
        let segueID = try #require(text(original).firstMatch(of: /<segue destination="aJI-K8-QRF" kind="show" id="([^"]+)"/)?.1)
        try edits.setAttribute("identifier", "ShowAmount", ofElementWithID: String(segueID))
        #expect(text(edits.bytes).contains(#"<segue destination="aJI-K8-QRF" kind="show" identifier="ShowAmount" id="\#(segueID)"/>"#))
        #expect(edits.changedLines.count == 1 && edits.changedLines[0].removed.count == 1 && edits.changedLines[0].added.count == 1)
        // A second edit of the same tag is refused, not merged.
        #expect(throws: StoryboardEdits.Refusal.self) { try edits.setAttribute("identifier", "Other", ofElementWithID: String(segueID)) }
        // An existing value changes in place, escaped as Xcode escapes it.
        var again = try StoryboardEdits(bytes: edits.bytes, file: "Main.storyboard")
        try again.setAttribute("identifier", "A \"quoted\" & <odd> one", ofElementWithID: String(segueID))
        #expect(text(again.bytes).contains(#"kind="show" identifier="A &quot;quoted&quot; &amp; &lt;odd&gt; one" id="\#(segueID)"/>"#))
    }

    @Test("A scene without an Exit gets one after its First Responder; new ids have Interface Builder's shape and are new to the file")
    func exitAndIDs() throws {
        let file = #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                <scenes>
                    <scene sceneID="s1">
                        <objects>
                            <viewController id="vc1" sceneMemberID="viewController"/>
                            <placeholder placeholderIdentifier="IBFirstResponder" id="fr1" userLabel="First Responder" sceneMemberID="firstResponder"/>
                        </objects>
                    </scene>
                </scenes>
            </document>

            """#
        var edits = try StoryboardEdits(bytes: Array(file.utf8), file: "New.storyboard", seed: 7)
        let exit = try edits.addExit(inSceneOf: "vc1")
        #expect(try edits.addExit(inSceneOf: "vc1") == exit, "one Exit a scene")
        #expect(text(edits.bytes).contains(#"sceneMemberID="firstResponder"/>"# + "\n" + String(repeating: " ", count: 16)
            + #"<exit id="\#(exit)" userLabel="Exit" sceneMemberID="exit"/>"# + "\n" + String(repeating: " ", count: 12) + "</objects>"))
        var ids: Set<String> = [exit]
        for _ in 0..<2_000 { ids.insert(edits.newID()) }
        #expect(ids.count == 2_001 && ids.allSatisfy(hasIDShape) && !ids.contains("vc1"))
        // The controller's connections are made, closing its self-closed tag.
        try edits.addSegue(from: "vc1", ["destination": exit, "kind": "unwind", "identifier": "Back", "unwindAction": "back:"])
        let reread = try StoryboardParser.parse(edits.bytes, file: "New.storyboard")
        let controller = try #require(reread.descendantsAndSelf.first { $0.id == "vc1" })
        #expect(controller.child("connections")?.children.first?["unwindAction"] == "back:")
        #expect(text(edits.bytes).contains(#"<viewController id="vc1" sceneMemberID="viewController">"# + "\n" + String(repeating: " ", count: 20)
            + "<connections>\n"))
    }

    @Test("An edit of what is not in the file, or a second edit of the same lines, is refused and changes nothing")
    func refusals() throws {
        let original = try bytes(packageRoot.appendingPathComponent("Assets/Main.storyboard"))
        var edits = try StoryboardEdits(bytes: original, file: "Main.storyboard")
        #expect(throws: StoryboardEdits.Refusal.self) { try edits.addSegue(from: "nope", ["kind": "show"]) }
        #expect(throws: StoryboardEdits.Refusal.self) { try edits.removeElement(withID: "nope") }
        // Cancel has no connections: a second segue would make a second <connections>.
        var twice = try StoryboardEdits(bytes: try bytes(packageRoot.appendingPathComponent("Assets/Exercises/01-cancel/start/Main.storyboard")),
                                        file: "Main.storyboard")
        try twice.addSegue(from: "w5K-5o-1tQ", ["destination": "uf7-cc-BuS", "kind": "unwind", "unwindAction": "cancel:"])
        #expect(throws: StoryboardEdits.Refusal.self) {
            try twice.addSegue(from: "w5K-5o-1tQ", ["destination": "uf7-cc-BuS", "kind": "unwind", "unwindAction": "other:"])
        }
        #expect(text(edits.bytes) == text(original) && !edits.isChanged)
    }
}
