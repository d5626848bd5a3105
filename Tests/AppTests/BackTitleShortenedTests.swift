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
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="split">
            <scenes>
                <scene sceneID="s1"><objects>
                    <splitViewController id="split" sceneMemberID="viewController">
                        <connections>
                            <segue destination="nav" kind="relationship" relationship="masterViewController" id="r1"/>
                            <segue destination="detail" kind="relationship" relationship="detailViewController" id="r2"/>
                        </connections>
                    </splitViewController>
                </objects></scene>
                <scene sceneID="s2"><objects>
                    <navigationController id="nav" sceneMemberID="viewController">
                        <connections><segue destination="photographers" kind="relationship" relationship="rootViewController" id="r3"/></connections>
                    </navigationController>
                </objects></scene>
                <scene sceneID="s3"><objects>
                    <viewController id="photographers" sceneMemberID="viewController">
                        <view key="view" id="v1"><subviews>
                            <button id="b1" buttonType="system"><state key="normal" title="Photos"/>
                                <connections><segue destination="photos" kind="show" id="g1"/></connections>
                            </button>
                        </subviews></view>
                        <navigationItem key="navigationItem" title="Flickr Photographers" id="n1"/>
                    </viewController>
                </objects></scene>
                <scene sceneID="s4"><objects>
                    <viewController id="photos" sceneMemberID="viewController">
                        <view key="view" id="v2"/>
                        <navigationItem key="navigationItem" title="Flickr Photos" id="n2"/>
                    </viewController>
                </objects></scene>
                <scene sceneID="s5"><objects>
                    <viewController id="detail" title="Image" sceneMemberID="viewController">
                        <view key="view" id="v3"/>
                    </viewController>
                </objects></scene>
            </scenes>
        </document>
        """

    private func topRow(size: Size, keys: String) throws -> String {
        try AppHarness.storyboardWithoutCode(Self.storyboard, size: size, keys: keys).lines.first ?? ""
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
