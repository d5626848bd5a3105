import App
import Foundation
import Navigation
import Storyboards
import Terminal
import TestSupport
import Testing
import Views

/// Issue 46: the column-style split view of iOS 14, as Xcode writes it, run without its code.
/// Apple, "UISplitViewController" (Split view styles) and its `viewControllers` page: expanded,
/// the primary, the supplementary (in a triple column) and the secondary; collapsed, the
/// compact column's controller if one is set, else the primary. Apple,
/// `splitViewController(_:topColumnForCollapsingToProposedTopColumn:)`: collapsed with no
/// compact column, the column on top is the one proposed, the secondary, unless the delegate
/// picks another.
@MainActor
@Suite("Conformance: the column-style split view")
struct ColumnSplitTests {
    static let storyboard = Bundle.module.path(forResource: "ColumnSplit", ofType: "storyboard", inDirectory: "Storyboards") ?? ""

    private func run(_ keys: String = "", width: Int) throws -> AppHarness {
        let implementation = try StandIns.implementation(from: "FeedsViewController=unwindToFeeds:")
        return try AppHarness.storyboardWithoutCode(contentsOfFile: Self.storyboard, size: Size(width: width, height: 24), keys: keys) {
            let standIns = StandIns.terminal()
            standIns.implementations[implementation.0] = implementation.1
            return standIns
        }
    }

    private func split(_ harness: AppHarness) throws -> SplitViewController {
        try #require(harness.app.window.rootViewController as? SplitViewController)
    }

    @Test("In a regular width the three columns show side by side, in the order primary, supplementary, secondary")
    func threeColumnsInARegularWidth() throws {
        let harness = try run(width: 120)
        let split = try split(harness)
        #expect(split.style == .tripleColumn && !split.isCollapsed)
        #expect(split.viewControllers.map { ControllerID($0).description }
            == ["NavigationController (root \"Feeds\")", "NavigationController (root \"Timeline\")", "NavigationController (root \"Article\")"])
        let header = try #require(harness.lines.first)
        let feeds = try #require(header.range(of: "Feeds")), timeline = try #require(header.range(of: "Timeline")),
            article = try #require(header.range(of: "Article"))
        #expect(feeds.upperBound < timeline.lowerBound && timeline.upperBound < article.lowerBound, "\(harness.text)")
        #expect(harness.text.contains("Twelve articles") && harness.text.contains("The article's text"))
    }

    @Test("Collapsed with no compact column, the primary's stack shows the secondary on top, the supplementary under it, and Back walks to the primary")
    func collapsedShowsTheProposedSecondary() throws {
        let harness = try run(width: 80)
        let split = try split(harness)
        #expect(split.isCollapsed && split.viewControllers.count == 1)
        #expect(harness.lines.first?.contains("Article") == true, "\(harness.text)")
        try harness.run("<esc>")
        #expect(harness.lines.first?.contains("Timeline") == true, "\(harness.text)")
        try harness.run("<esc>")
        #expect(harness.lines.first?.contains("Feeds") == true, "\(harness.text)")
    }

    @Test("Widened again, each column is back in its place; narrowed, collapsed again: twice, the same")
    func collapseAndExpandTwice() throws {
        let harness = try run(width: 80)
        for _ in 0..<2 {
            try harness.run("<resize 120x24>")
            #expect(try split(harness).viewControllers.count == 3 && !(try split(harness).isCollapsed))
            #expect(harness.text.contains("Twelve articles") && harness.text.contains("The article's text"), "\(harness.text)")
            try harness.run("<resize 80x24>")
            #expect(try split(harness).isCollapsed)
            #expect(harness.lines.first?.contains("Article") == true, "\(harness.text)")
        }
    }

    @Test("An unwind from the secondary finds the primary's scene, expanded and collapsed, as the two-column split's children are searched")
    func unwindThroughTheColumns() throws {
        for width in [120, 80] {
            let harness = try run("d<wait 1>", width: width)
            let destination = harness.events.compactMap { event -> String? in
                guard case .unwindDestination(let controller, _) = event else { return nil }
                return controller.description
            }
            #expect(destination == ["FeedsViewController \"Feeds\""], "at \(width) columns")
        }
    }

    static let compactColumn = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="24506" targetRuntime="iOS.CocoaTouch" initialViewController="split">
            <scenes>
                <scene sceneID="s1"><objects>
                    <splitViewController allowDoubleColumnStyle="YES" style="doubleColumn" id="split" sceneMemberID="viewController">
                        <connections>
                            <segue destination="list" kind="relationship" relationship="masterViewController" id="r1"/>
                            <segue destination="detail" kind="relationship" relationship="detailViewController" id="r2"/>
                            <segue destination="phone" kind="relationship" relationship="compactViewController" id="r3"/>
                        </connections>
                    </splitViewController>
                </objects></scene>
                <scene sceneID="s2"><objects>
                    <viewController id="list" sceneMemberID="viewController">
                        <view key="view" id="v2"><subviews><label text="The sidebar" id="l2"/></subviews></view>
                        <navigationItem key="navigationItem" title="Sidebar" id="n2"/>
                    </viewController>
                </objects></scene>
                <scene sceneID="s3"><objects>
                    <viewController id="detail" sceneMemberID="viewController">
                        <view key="view" id="v3"><subviews><label text="The detail" id="l3"/></subviews></view>
                        <navigationItem key="navigationItem" title="Detail" id="n3"/>
                    </viewController>
                </objects></scene>
                <scene sceneID="s4"><objects>
                    <viewController id="phone" sceneMemberID="viewController">
                        <view key="view" id="v4"><subviews><label text="One list for a phone" id="l4"/></subviews></view>
                        <navigationItem key="navigationItem" title="Compact" id="n4"/>
                    </viewController>
                </objects></scene>
            </scenes>
        </document>
        """

    @Test("With a compact column, a compact width shows it alone; a regular width the two columns, each in a navigation controller as UIKit wraps it")
    func compactColumn() throws {
        let narrow = try AppHarness.storyboardWithoutCode(Self.compactColumn, size: Size(width: 80, height: 20))
        let split = try split(narrow)
        #expect(split.isCollapsed && split.viewControllers.map(\.className) == ["NavigationController"])
        #expect(narrow.text.contains("One list for a phone") && !narrow.text.contains("The sidebar"), "\(narrow.text)")
        try narrow.run("<resize 120x20>")
        #expect(!split.isCollapsed && split.viewControllers.count == 2)
        #expect(split.viewController(for: .primary)?.navigationItem.title == "Sidebar" && split.viewController(for: .primary)?.navigationController != nil)
        #expect(narrow.text.contains("The sidebar") && narrow.text.contains("The detail") && !narrow.text.contains("One list for a phone"),
                "\(narrow.text)")
    }
}
