import App
import Foundation
import Navigation
import Terminal
import TestSupport
import Testing
import Views

/// A frame is laid out, then drawn: a table decides its rows, its scroll and its cells in the
/// layout pass, wherever it sits (in a stack view, under a header and over a footer, in a
/// container view's embedded scene), and drawing only reads what layout decided.
@MainActor
@Suite("Layout, then draw")
struct LayoutThenDrawTests {
    /// A screen whose stack view holds a line of text and a container view, which embeds a
    /// table of 40 static rows under a header and over a footer.
    static let storyboard: String = {
        let cells = (1...40).map { n in
            """
            <tableViewCell id="cell\(n)"><tableViewCellContentView key="contentView" id="content\(n)"><subviews>
                <label text="Row \(n)" id="label\(n)"/>
            </subviews></tableViewCellContentView></tableViewCell>
            """
        }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" initialViewController="outer">
                <scenes>
                    <scene sceneID="s1"><objects>
                        <viewController id="outer" title="Outer" sceneMemberID="viewController">
                            <view key="view" id="v1"><subviews>
                                <stackView axis="vertical" id="stack"><subviews>
                                    <label text="Above the container" id="above"/>
                                    <containerView id="container">
                                        <connections><segue destination="rows" kind="embed" id="e1"/></connections>
                                    </containerView>
                                </subviews></stackView>
                            </subviews></view>
                        </viewController>
                    </objects></scene>
                    <scene sceneID="s2"><objects>
                        <tableViewController id="rows" sceneMemberID="viewController">
                            <tableView key="view" dataMode="static" style="plain" id="table">
                                <view key="tableHeaderView" id="header"><subviews><label text="The header" id="headerLabel"/></subviews></view>
                                <view key="tableFooterView" id="footer"><subviews><label text="The footer" id="footerLabel"/></subviews></view>
                                <sections><tableViewSection id="section"><cells>
                                \(cells)
                                </cells></tableViewSection></sections>
                            </tableView>
                        </tableViewController>
                    </objects></scene>
                </scenes>
            </document>
            """
    }()

    @Test("A table in an embedded scene scrolls to its selection by layout, and every frame draws what layout decided")
    func embeddedTableIsLaidOutBeforeItDraws() throws {
        let harness = try AppHarness.storyboardWithoutCode(Self.storyboard, size: Size(width: 60, height: 20))
        func step(_ keys: String) throws {
            try harness.run(keys)
            #expect(LayoutThenDrawInvariant.problem(in: harness.app) == nil, "after \(keys)")
            #expect(FocusedSelectionInvariant.problem(in: harness.app) == nil, "after \(keys):\n\(harness.text)")
        }
        try step("<tab>")
        for _ in 1...16 { try step("<down>") }
        // Row 17 selected: twelve rows fit between the header and the footer, so the table
        // scrolled by five, and says so above and below.
        let shown = harness.lines.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(shown.contains("↑ 5 more") && shown.contains("Row 17") && shown.contains("↓ 23 more"), "\(harness.text)")
        #expect(shown.contains("The header") && shown.contains("The footer"))
        for keys in ["<pgdn>", "<end>", "<resize 50x14>", "<home>", "<pgdn>", "<resize 70x24>"] { try step(keys) }
    }
}
