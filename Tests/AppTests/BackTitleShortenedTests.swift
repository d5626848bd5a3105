import App
import Foundation
import Navigation
import Terminal
import TestSupport
import Testing
import Views

/// A long back title gives way to the screen's own title, as UIKit shortens it to "Back".
/// (The AdaptiveSplitView samples: in a wide split view's 40-column primary, "‹ Flickr
/// Photographers" left no room, and the pushed screen had no title at all.)
@MainActor
@Suite("A long back title in a narrow bar")
struct BackTitleShortenedTests {
    static let storyboard = Bundle.module.path(forResource: "SplitWithLongTitles", ofType: "storyboard", inDirectory: "Storyboards") ?? ""

    private func topRow(size: Size, keys: String) throws -> String {
        try AppHarness.storyboardWithoutCode(contentsOfFile: Self.storyboard, size: size, keys: keys).lines.first ?? ""
    }

    @Test("In a wide split view's primary, the pushed screen's title shows, and Back stands for the long previous title")
    func shortenedInTheColumn() throws {
        let row = try topRow(size: Size(width: 120, height: 12), keys: "p")
        #expect(row.contains("Flickr Photos"), "\(row)")
        #expect(row.hasPrefix(" ‹ Back "), "\(row)")
    }

    @Test("Where both fit, the back button keeps the previous screen's title")
    func keptWhereItFits() throws {
        let row = try topRow(size: Size(width: 80, height: 12), keys: "<esc>p")
        #expect(row.hasPrefix(" ‹ Flickr Photographers "), "\(row)")
        #expect(row.contains("Flickr Photos"), "\(row)")
    }
}
