import Foundation
@testable import Navigation
import Storyboards
import Testing
import Views

/// The storyboard is read into one model, and what the tools say of it is what the app draws
/// (issue 44): the title of a control, the class of a scene, a segue's parts. Before, the outline
/// had its own button-title rule and ignored attributed titles, which the drawn button read.
@MainActor
@Suite("One storyboard model")
struct OneStoryboardModelTests {
    /// A scene with a button of each shape Xcode writes a title in, each triggering a segue.
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="home">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController storyboardIdentifier="Home" id="home" customClass="Shop.HomeViewController" customModule="Shop" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v1">
                                <subviews>
                                    <button id="b1">
                                        <state key="normal" title="Button"/>
                                        <buttonConfiguration key="configuration" style="plain" title="Configured"/>
                                        <connections><segue destination="next" kind="show" identifier="one" id="g1"/></connections>
                                    </button>
                                    <button id="b2">
                                        <buttonConfiguration key="configuration" style="plain">
                                            <attributedString key="attributedTitle">
                                                <fragment content="Attributed "/>
                                                <fragment content="configuration"/>
                                            </attributedString>
                                        </buttonConfiguration>
                                        <connections><segue destination="next" kind="presentation" modalPresentationStyle="formSheet" id="g2"/></connections>
                                    </button>
                                    <button id="b3">
                                        <state key="normal">
                                            <attributedString key="attributedTitle">
                                                <fragment content="Attributed state"/>
                                            </attributedString>
                                        </state>
                                        <connections><segue destination="next" kind="popoverPresentation" popoverAnchorView="b3" id="g3"/></connections>
                                    </button>
                                    <button id="b4">
                                        <state key="normal" title="Plain state"/>
                                        <connections><segue destination="next" kind="show" id="g4"/></connections>
                                    </button>
                                </subviews>
                            </view>
                            <navigationItem key="navigationItem" title="Shop" id="n1"/>
                            <connections><segue destination="next" kind="show" identifier="manual" id="g5"/></connections>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr" sceneMemberID="firstResponder"/>
                        <exit id="x1" userLabel="Exit" sceneMemberID="exit"/>
                    </objects>
                </scene>
                <scene sceneID="s2">
                    <objects>
                        <tableViewController id="next" sceneMemberID="viewController"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    static let titles = ["Configured", "Attributed configuration", "Attributed state", "Plain state"]

    @Test("A button's title is one rule: the drawn button, the outline's triggers and connect's controls read the same text, attributed titles too")
    func oneTitleRule() throws {
        let classes = StoryboardClasses.terminal()
        classes.register(ViewController.self, as: "HomeViewController") { ViewController() }
        let storyboard = try Storyboard(data: Array(Self.storyboard.utf8), name: "Shop.storyboard", classes: classes)
        let home = try #require(storyboard.instantiateInitialViewController())
        home.loadViewIfNeeded()
        #expect(home.view.allViews.compactMap { ($0 as? Button)?.title } == Self.titles)

        let outline = storyboard.outline
        let scene = try #require(outline.scene(withID: "home"))
        #expect(outline.controls(of: scene).map(\.title) == Self.titles)
        #expect(outline.segues.compactMap(\.trigger) == Self.titles)
    }

    @Test("A scene's controller is typed: its UIKit class, its custom class without and with its module, Storyboard ID, id and title")
    func typedScene() throws {
        let model = try StoryboardModel.parse(Array(Self.storyboard.utf8), file: "Shop.storyboard",
                                              controllers: { $0.hasSuffix("Controller") }).model
        #expect(model.initialViewControllerID == "home")
        let home = try #require(model.scenes.first?.controller)
        #expect(home.uiKitClassName == "UIViewController")
        #expect(home.customClass == "Shop.HomeViewController")
        #expect(home.customClassName == "HomeViewController")
        #expect(home.customModule == "Shop")
        #expect(home.storyboardIdentifier == "Home")
        #expect(home.id == "home")
        #expect(home.sceneTitle == "Shop")
        #expect(model.scenes.first?.others.map(\.elementName) == ["placeholder", "exit"])

        let table = try #require(model.scenes.last?.controller)
        #expect(table.uiKitClassName == "UITableViewController")
        #expect(table.customClass == nil && table.customClassName == nil)
    }

    @Test("A segue is typed: its kind with what goes with it, identifier, destination, and the object that triggers it; connections are not objects")
    func typedSegues() throws {
        let model = try StoryboardModel.parse(Array(Self.storyboard.utf8), file: "Shop.storyboard",
                                              controllers: { $0.hasSuffix("Controller") }).model
        let home = try #require(model.scenes.first?.controller)
        let segues = home.seguesBelow
        #expect(segues.map(\.segueKind) == [.show, .presentation(style: "formSheet"), .popover(anchorID: "b3"), .show, .show])
        #expect(segues.map(\.identifier) == ["one", nil, nil, nil, "manual"])
        #expect(Set(segues.compactMap(\.destinationID)) == ["next"])
        #expect(home.segues.map(\.id) == ["g5"], "the controller's own segue; its buttons' are theirs")
        let triggers = home.descendantsAndSelf.filter { !$0.segues.isEmpty }
        #expect(triggers.map(\.id) == ["home", "b1", "b2", "b3", "b4"])
        #expect(!home.descendantsAndSelf.contains { $0.elementName == "segue" || $0.elementName == "connections" })
    }

    @Test("A runtime attribute title on a configured button wins over the configuration, as it is set after init(coder:), and lint finds it used")
    func runtimeTitleAfterCoder() throws {
        let text = Self.storyboard.replacingOccurrences(of: """
            <buttonConfiguration key="configuration" style="plain" title="Configured"/>
            """, with: """
            <buttonConfiguration key="configuration" style="plain" title="Configured"/>
            <userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type="string" keyPath="title" value="From code"/></userDefinedRuntimeAttributes>
            """)
        #expect(text != Self.storyboard)
        let classes = StoryboardClasses.terminal()
        classes.register(ViewController.self, as: "HomeViewController") { ViewController() }
        let storyboard = try Storyboard(data: Array(text.utf8), name: "Shop.storyboard", classes: classes)
        let home = try #require(storyboard.instantiateInitialViewController())
        home.loadViewIfNeeded()
        #expect(home.view.allViews.compactMap { ($0 as? Button)?.title }.first == "From code")
        let check = Storyboard.check(contents: .success(Array(text.utf8)), ofFile: "Shop.storyboard", classes: classes)
        #expect(!check.warnings.contains { $0.rule == .runtimeAttribute }, "\(check.warnings)")
    }
}
