@testable import Storyboards
import Testing

/// Lint's `PATH:LINE:COLUMN:`: each element knows the column of its `<`, counted in characters,
/// and a problem found while reading points there too.
@Suite("Columns of elements and problems")
struct ColumnTests {
    private func parse(_ text: String) throws -> StoryboardElement {
        try StoryboardParser.parse(Array(text.utf8), file: "t.storyboard", elementAllowance: 10_000).root
    }

    @Test("An element's column is that of its <, characters counted (a wide or accented one is one), on every line")
    func elementColumns() throws {
        let root = try parse("<document>\n    <scenes>é<a/>  <b/></scenes>\n<c/></document>")
        #expect(root.line == 1 && root.column == 1)
        let scenes = try #require(root.children.first)
        #expect(scenes.line == 2 && scenes.column == 5)
        #expect(scenes.children.map(\.column) == [14, 20])
        #expect(root.children.last?.line == 3 && root.children.last?.column == 1)
    }

    @Test("A storyboard on one line gets the columns of all its elements, far along the line")
    func oneLongLine() throws {
        let text = "<document>" + String(repeating: "<a/>", count: 5_000) + "</document>"
        let root = try parse(text)
        #expect(root.children.last?.column == 11 + 4 * 4_999)
    }

    @Test("A problem found while reading is at its line and column, under the xml rule")
    func problemColumn() throws {
        #expect(throws: StoryboardDiagnostic.self) { _ = try parse("<document>\n  <a></b>\n</document>") }
        do {
            _ = try parse("<document>\n  <a x=\"1\" & ></a>\n</document>")
        } catch let error as StoryboardDiagnostic {
            #expect(error.line == 2 && error.column > 1 && error.rule == .xml, "\(error.lintDescription)")
            #expect(error.lintDescription.hasPrefix("t.storyboard:2:\(error.column): error: ") && error.lintDescription.hasSuffix(" [xml]"))
        }
    }
}
