import App
import Foundation
import Navigation
import Terminal
import Testing
import TestSupport
import Views

/// A split view of Master and a detail navigation stack, as a user drives it (issue 18,
/// difference 3): collapsed, the detail's bar buttons are drawn and reachable, and Back names
/// the controller below; expanded, a push in one column keeps focus in that column.
@MainActor
@Suite("A split view's bars and focus, on screen")
struct CollapsedSplitOnScreenTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="split">
            <scenes>
                <scene sceneID="s0"><objects>
                    <splitViewController id="split" sceneMemberID="viewController">
                        <connections>
                            <segue destination="nav1" kind="relationship" relationship="masterViewController" id="r1"/>
                            <segue destination="nav2" kind="relationship" relationship="detailViewController" id="r2"/>
                        </connections>
                    </splitViewController></objects></scene>
                <scene sceneID="s1"><objects>
                    <navigationController id="nav1" sceneMemberID="viewController">
                        <connections><segue destination="master" kind="relationship" relationship="rootViewController" id="r3"/></connections>
                    </navigationController></objects></scene>
                <scene sceneID="s2"><objects>
                    <viewController id="master" sceneMemberID="viewController">
                        <view key="view" id="v1"><subviews><button id="b1"><state key="normal" title="Master button"/></button></subviews></view>
                        <navigationItem key="navigationItem" title="Master" id="n1"/>
                    </viewController></objects></scene>
                <scene sceneID="s3"><objects>
                    <navigationController id="nav2" sceneMemberID="viewController">
                        <connections><segue destination="detail" kind="relationship" relationship="rootViewController" id="r4"/></connections>
                    </navigationController></objects></scene>
                <scene sceneID="s4"><objects>
                    <viewController id="detail" sceneMemberID="viewController">
                        <view key="view" id="v2"><subviews><button id="b2"><state key="normal" title="Deeper"/>
                            <connections><segue destination="deeper" kind="show" id="g1"/></connections></button></subviews></view>
                        <navigationItem key="navigationItem" title="Detail" id="n2">
                            <barButtonItem key="rightBarButtonItem" title="Edit" id="edit">
                                <connections><segue destination="editor" kind="presentation" id="g2"/></connections>
                            </barButtonItem>
                        </navigationItem>
                    </viewController></objects></scene>
                <scene sceneID="s5"><objects>
                    <viewController id="deeper" sceneMemberID="viewController">
                        <view key="view" id="v3"><subviews><button id="b3"><state key="normal" title="Deepest"/></button></subviews></view>
                        <navigationItem key="navigationItem" title="Deeper" id="n3"/>
                    </viewController></objects></scene>
                <scene sceneID="s6"><objects>
                    <viewController title="Editor" id="editor" sceneMemberID="viewController">
                        <view key="view" id="v4"/>
                    </viewController></objects></scene>
            </scenes>
        </document>
        """

    @Test("Collapsed at 60 columns, the detail's Edit is drawn and its letter presents the editor; Back names Master")
    func collapsedBar() throws {
        let harness = try AppHarness.storyboardWithoutCode(Self.xml, size: Size(width: 60, height: 10))
        #expect(harness.lines[0].contains("‹ Master") && harness.lines[0].contains("Edit"), "\(harness.text)")
        try harness.run("e")
        #expect(harness.window.topViewController?.title == "Editor", "\(harness.text)")
    }

    @Test("Collapsed, after a push in the detail, Back names Detail, and Esc goes back to Detail, then to Master")
    func backAfterASecondPush() throws {
        let harness = try AppHarness.storyboardWithoutCode(Self.xml, size: Size(width: 60, height: 10), keys: "d")
        #expect(harness.lines[0].contains("‹ Detail"), "\(harness.text)")
        try harness.run("<esc>")
        #expect(harness.lines[0].contains("‹ Master") && harness.lines[0].contains("Detail"), "\(harness.text)")
        try harness.run("<esc>")
        #expect(harness.lines[0].contains("Master") && !harness.lines[0].contains("‹"), "\(harness.text)")
    }

    @Test("Expanded at 120 columns, a push in the detail column keeps focus there: on the pushed screen's button, not the master's")
    func focusStaysInTheColumn() throws {
        let harness = try AppHarness.storyboardWithoutCode(Self.xml, size: Size(width: 120, height: 12), keys: "<c-o><tab><enter>")
        #expect((harness.focusedObject as? Button)?.title == "Deepest", "\(harness.text)")
    }
}
