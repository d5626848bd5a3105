import App
import Foundation
import Navigation
import Terminal
import TestSupport
import Testing
import Views

/// A stand-in runs no code: as a table's delegate it hears a row chosen and does nothing. The
/// footer names Enter on a row only where Enter does something, the row's own segue.
/// (Apple's NavBar sample: Custom Appearance's rows said `Enter open`, and Enter did nothing.)
@MainActor
@Suite("Enter on a stand-in's rows")
struct StandInRowKeysTests {
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="nav">
            <scenes>
                <scene sceneID="s1"><objects>
                    <navigationController id="nav" sceneMemberID="viewController">
                        <connections><segue destination="list" kind="relationship" relationship="rootViewController" id="r1"/></connections>
                    </navigationController>
                </objects></scene>
                <scene sceneID="s2"><objects>
                    <tableViewController id="list" customClass="ListViewController" sceneMemberID="viewController">
                        <tableView key="view" dataMode="prototypes" style="plain" id="tv">
                            <prototypes>
                                <tableViewCell reuseIdentifier="Opens" id="c1">
                                    <connections><segue destination="detail" kind="show" id="g1"/></connections>
                                </tableViewCell>
                                <tableViewCell reuseIdentifier="Plain" id="c2"/>
                            </prototypes>
                            <connections>
                                <outlet property="dataSource" destination="list" id="o1"/>
                                <outlet property="delegate" destination="list" id="o2"/>
                            </connections>
                        </tableView>
                        <navigationItem key="navigationItem" title="List" id="n1"/>
                    </tableViewController>
                </objects></scene>
                <scene sceneID="s3"><objects>
                    <viewController id="detail" title="Detail" sceneMemberID="viewController">
                        <view key="view" id="v1"/>
                    </viewController>
                </objects></scene>
            </scenes>
        </document>
        """

    private func run(_ keys: String) throws -> (footer: String, app: Application) {
        let harness = try AppHarness.storyboardWithoutCode(Self.storyboard, size: Size(width: 80, height: 12), keys: keys)
        return (harness.lines.last ?? "", harness.app)
    }

    @Test("A sample row with a segue: the footer says Enter open, and Enter pushes")
    func rowWithSegue() throws {
        #expect(try run("").footer.contains("Enter open"))
        let (_, app) = try run("<enter>")
        #expect((app.window.rootViewController as? NavigationController)?.topViewController?.title == "Detail")
    }

    @Test("A sample row without a segue: the footer names no Enter, which would do nothing")
    func rowWithoutSegue() throws {
        let (footer, app) = try run("<down>")
        #expect(!footer.contains("Enter"), "\(footer)")
        #expect(footer.contains("↑/↓ move"), "\(footer)")
        #expect((app.window.rootViewController as? NavigationController)?.viewControllers.count == 1)
    }
}
