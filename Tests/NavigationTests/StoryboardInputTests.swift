import Foundation
import Navigation
@testable import Storyboards
import TestSupport
import Testing

/// Whatever bytes a storyboard path holds, loading ends in `FILE:LINE: error:` messages that say
/// what is wrong and what to do, or in a storyboard: never a trap, a stack overflow, a read that
/// blocks, or a file read whole into memory before it is refused.
@MainActor
@Suite("Storyboard input")
struct StoryboardInputTests {
    // MARK: Helpers

    /// The errors loading `bytes` throws, named `name`; fails the test when they load.
    private func errors(loading bytes: [UInt8], name: String = "Input.storyboard") -> [StoryboardDiagnostic] {
        do {
            _ = try Storyboard(data: bytes, name: name, classes: Fixtures.classes())
            Issue.record("the bytes loaded as a storyboard")
            return []
        } catch {
            return error.errors
        }
    }

    private func errors(loading text: String) -> [StoryboardDiagnostic] { errors(loading: Array(text.utf8)) }

    /// The one error loading the file at `path` throws.
    private func error(loadingFile path: String, name: String? = nil) throws -> StoryboardDiagnostic {
        do {
            _ = try Storyboard(contentsOfFile: path, name: name, classes: Fixtures.classes())
        } catch {
            #expect(error.errors.count == 1, "\(error)")
            return try #require(error.errors.first)
        }
        Issue.record("\(path) loaded as a storyboard")
        throw CancellationError()
    }

    /// A fresh directory for files a test makes, removed afterwards.
    private func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storyboard-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try body(directory)
    }

    /// A valid storyboard (Stack.storyboard) with `padding` inserted before its end tag.
    private func stack(padding: String) throws -> [UInt8] {
        let text = try String(contentsOf: Fixtures.url("Stack"), encoding: .utf8)
        let end = try #require(text.range(of: "</document>"))
        return Array(text.replacingCharacters(in: end.lowerBound..<end.lowerBound, with: padding).utf8)
    }

    // MARK: bytes that crashed the loader

    @Test("The 29-byte file whose element name is not UTF-8 is refused with the byte and its line")
    func nameThatIsNotUTF8() throws {
        let error = try error(loadingFile: Fixtures.crasher("NotUTF8Name").path, name: "NotUTF8Name.storyboard")
        #expect(error.description == "NotUTF8Name.storyboard:2: error: byte 0xC3 is not UTF-8; storyboards are UTF-8 text, save the file as UTF-8")
    }

    @Test("37,000 nested elements are refused at the depth limit, with the limit and the line")
    func deepNesting() {
        let depth = 37_000
        let text = "<document>\n" + String(repeating: "<view>\n", count: depth) + String(repeating: "</view>", count: depth) + "</document>"
        let errors = errors(loading: text)
        #expect(errors.count == 1)
        #expect(errors.first?.line == 257, "the first <view> too deep is on line 257: \(errors)")
        #expect(errors.first?.message.contains("nested more than 256 elements deep") == true, "\(errors)")
    }

    @Test("A 200 MB file is refused by its size, with the limit, before it is read")
    func hugeFile() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("Huge.storyboard").path
            // Sparse: 200 MB long without writing 200 MB.
            #expect(FileManager.default.createFile(atPath: path, contents: Data("<document>".utf8)))
            #expect(truncate(path, 200 * 1024 * 1024) == 0)
            let error = try error(loadingFile: path)
            #expect(error.description == "\(path): error: the file is 209715200 bytes; a storyboard may be at most 16 MiB (16777216 bytes)")
        }
    }

    @Test("A file of tiny elements is refused at the element limit, with the limit and the line, before it costs seconds")
    func tooManyElements() {
        let errors = errors(loading: "<document>\n" + String(repeating: "<a/>", count: 600_000) + "\n</document>")
        #expect(errors.map(\.description) == ["Input.storyboard:2: error: the file has more than 250000 elements, the most a storyboard may have; the file is damaged"])
    }

    @Test("A valid 10 MB storyboard (200,000 elements) loads and runs")
    func largeValidFile() throws {
        let padding = "<resources>\n" + (0..<200_000).map { "<image name=\"padding\($0)\" width=\"1\" height=\"1\"/>\n" }.joined() + "</resources>\n"
        let bytes = try stack(padding: padding)
        #expect(bytes.count > 10_000_000)
        let storyboard = try Storyboard(data: bytes, name: "Large.storyboard", classes: Fixtures.classes())
        let navigation = try #require(storyboard.instantiateInitialViewController() as? NavigationController)
        #expect(navigation.topViewController is FirstViewController)
    }

    @Test("Seeded random bytes, and random bytes after a valid start, end in errors with a line, never a crash")
    func randomBytes() {
        var generator = SplitMix(seed: 2)
        let start = Array(#"<?xml version="1.0" encoding="UTF-8"?><document><scenes><scene sceneID="a">"#.utf8)
        for round in 0..<2_000 {
            let count = Int.random(in: 1...300, using: &generator)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if round.isMultiple(of: 2) { bytes = start + bytes.map { $0 & 0x7F } }
            for error in errors(loading: bytes) {
                #expect(error.file == "Input.storyboard")
                #expect(!error.message.isEmpty)
                #expect(!error.description.dropFirst().contains("\n"), "one line per error: \(error.description)")
            }
        }
    }

    // MARK: messages that say the cause

    @Test("A comment holding \"--\" (\"--->\" too) is refused at its line, as Xcode refuses it; other dashes in comments are read past")
    func doubleHyphenInComment() {
        let inner = errors(loading: "<document>\n<!-- the quiz -- its menu -->\n</document>")
        #expect(inner.map(\.line) == [2])
        #expect(inner.first?.message.contains("a comment may not contain \"--\"") == true, "\(inner)")
        let trailing = errors(loading: "<document>\n\n<!-- the end --->\n</document>")
        #expect(trailing.map(\.line) == [3])
        #expect(trailing.first?.message.contains("a comment may not contain \"--\"") == true, "\(trailing)")
        #expect(throws: Never.self) {
            try Storyboard(data: Array("<document>\n<!-- a - b, -> and <- -->\n</document>".utf8), name: "Input.storyboard", classes: Fixtures.classes())
        }
    }

    @Test("An empty file says it is empty; a blank one that it has no root element")
    func emptyFile() {
        #expect(errors(loading: []).map(\.description) == ["Input.storyboard: error: the file is empty"])
        let blank = errors(loading: "\n\n  \n")
        #expect(blank.first?.message.contains("no root element") == true, "\(blank)")
    }

    @Test("UTF-32 and UTF-16, with or without a byte order mark, are told to be saved as UTF-8")
    func wideEncodings() {
        let text = #"<?xml version="1.0"?><document/>"#
        let utf32 = Array(text.unicodeScalars.flatMap { scalar in withUnsafeBytes(of: scalar.value.littleEndian, Array.init) })
        let utf16 = Array(text.utf16.flatMap { unit in withUnsafeBytes(of: unit.littleEndian, Array.init) })
        for (bytes, words) in [([0xFF, 0xFE, 0, 0] + utf32, "UTF-32"), (utf32, "NUL"), ([0xFF, 0xFE] + utf16, "UTF-16"), (utf16, "NUL")] {
            let errors = errors(loading: bytes)
            #expect(errors.count == 1)
            #expect(errors.first?.line == 1)
            #expect(errors.first?.message.contains(words) == true, "\(errors)")
            #expect(errors.first?.message.contains("save the file as UTF-8") == true, "\(errors)")
        }
    }

    @Test("A Latin-1 byte names the byte and its line")
    func latin1Byte() {
        let errors = errors(loading: [UInt8]("<document>\n<label text=\"caf".utf8) + [0xE9] + [UInt8]("\"/>\n</document>".utf8))
        #expect(errors.map(\.description) == ["Input.storyboard:2: error: byte 0xE9 is not UTF-8; storyboards are UTF-8 text, save the file as UTF-8"])
        let declared = self.errors(loading: "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<document/>")
        #expect(declared.first?.message.contains("declares encoding \"ISO-8859-1\"") == true, "\(declared)")
    }

    @Test("An external entity is refused as one, and nothing is fetched")
    func externalEntity() {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE document [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
            <document>&secret;</document>
            """
        #expect(errors(loading: text).map(\.description) == ["Input.storyboard:2: error: external entities are not allowed in a storyboard; remove the <!DOCTYPE>"])
    }

    @Test("An entity expansion (billion laughs) is refused as an entity declaration")
    func entityExpansion() {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol0 \"lol\">\n"
        for level in 1...9 { text += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n" }
        text += "]>\n<document title=\"&lol9;\"/>"
        let errors = errors(loading: text)
        #expect(errors.count == 1)
        #expect(errors.first?.line == 2)
        #expect(errors.first?.message.hasPrefix("entity declarations are not allowed in a storyboard") == true, "\(errors)")
    }

    @Test("An undefined entity is named; a bare & and bad character references are refused")
    func undefinedEntity() {
        let undefined = errors(loading: "<document>\n<label text=\"&nbsp;\"/></document>")
        #expect(undefined.first?.line == 2)
        #expect(undefined.first?.message.hasPrefix("undefined entity &nbsp;") == true, "\(undefined)")
        for text in ["<document a=\"a & b\"/>", "<document a=\"&#0;\"/>", "<document a=\"&#xD800;\"/>", "<document a=\"&#99999999999;\"/>"] {
            #expect(errors(loading: text).first?.message.contains("not well-formed") == true, "\(text)")
        }
    }

    @Test("A directory says it is a directory")
    func directory() throws {
        try withTemporaryDirectory { directory in
            let error = try error(loadingFile: directory.path)
            #expect(error.description == "\(directory.path): error: is a directory, not a storyboard file; give the path of a .storyboard file")
        }
    }

    @Test("A FIFO is refused without opening it, so loading never blocks")
    func fifo() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("Pipe.storyboard").path
            #expect(mkfifo(path, 0o600) == 0)
            let error = try error(loadingFile: path)
            #expect(error.message.hasPrefix("is a FIFO, not a regular file"), "\(error)")
        }
    }

    @Test("/dev/zero is refused as a device, not read for ever")
    func device() throws {
        let error = try error(loadingFile: "/dev/zero")
        #expect(error.description == "/dev/zero: error: is a device, not a regular file; give the path of a .storyboard file")
    }

    @Test("A missing file says so, with the path as given")
    func missingFile() throws {
        let error = try error(loadingFile: "no/such/dir/Main.storyboard")
        #expect(error.description == "no/such/dir/Main.storyboard: error: cannot read the storyboard: no such file; check the path")
        #expect(!error.message.contains("NSCocoaErrorDomain"))
    }

    @Test("Errors name the file by the path given, not its base name")
    func pathAsGiven() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("Main.storyboard").path
            try Data("<document>\n<scenes>\n</document>".utf8).write(to: URL(fileURLWithPath: path))
            let error = try error(loadingFile: path)
            #expect(error.description.hasPrefix("\(path):3: error: "), "\(error)")
        }
    }

    @Test("Text from the file in a message has its controls and bidi overrides escaped, so it cannot forge error lines")
    func controlsEscaped() {
        #expect("a\nb.storyboard:1: error: x\u{202E}\u{1B}[2J\u{85}\u{61C}".escapedForMessage
            == #"a\nb.storyboard:1: error: x\u{202E}\u{1B}[2J\u{85}\u{61C}"#)
        #expect("Déjà vu → 名前".escapedForMessage == "Déjà vu → 名前")
        // U+061C, a bidi mark, is a character XML allows in names.
        let mismatched = errors(loading: "<document>\n<a\u{61C}b></document>")
        #expect(mismatched.first?.message.contains(#"<a\u{61C}b>"#) == true, "\(mismatched)")
        let entity = errors(loading: "<document a=\"&x\u{202E};\"/>")
        #expect(entity.first?.message.contains(#"&x\u{202E};"#) == true, "\(entity)")
        for error in mismatched + entity {
            #expect(!error.description.unicodeScalars.contains { $0.value == 0x61C || $0.value == 0x202E || $0.value < 0x20 })
        }
        let path = "evil\n.storyboard"
        #expect((try? error(loadingFile: path))?.file == #"evil\n.storyboard"#)
    }
}

