import Foundation
@testable import Navigation
@testable import Storyboards
import Testing

/// What storyboards written in Xcode for real apps use beyond the wallet's: several bar button
/// items a side, title views, toolbar items, image-only items, static table cells with their
/// segues, accessory segues and unwinds, and text written as element content. Each is read as
/// UIKit reads it; what the terminal cannot fire is a lint warning with its line.
@MainActor
@Suite("Real storyboards' features")
struct RealStoryboardFeatureTests {
    // MARK: Test doubles of the views layer's table

    /// A table with static cells: keeps the sections loading hands it.
    final class StaticTable: View, StaticSectionsHolding {
        @Outlet var dataSource: ViewController?
        @Outlet var delegate: ViewController?
        var sections: [StaticTableSection] = []
        func setStaticSections(_ sections: [StaticTableSection]) { self.sections = sections }
    }

    /// A cell with a detail button, whose segues are kept apart from the row's.
    final class Cell: View, AccessoryConnectionsHolding {
        let accessoryConnections = Connections()
    }

    static func classes(unwinds: Set<Selector> = []) -> StoryboardClasses {
        let classes = Fixtures.classes()
        classes.register(element: "tableViewController") { ViewController() }
        classes.registerView(element: "tableView") { StaticTable() }
        classes.registerView(element: "tableViewCell") { Cell() }
        classes.registerView(element: "tableViewCellContentView") { View() }
        classes.register(Probe.self, as: "HomeProbe") { Probe("Home", implements: unwinds) }
        return classes
    }

    static func storyboard(_ xml: String) throws -> Storyboard {
        try Storyboard(data: Array(xml.utf8), name: "Inline.storyboard", classes: classes())
    }

    /// A storyboard of one navigation controller around a scene with `items` in its controller element.
    static func scene(_ items: String, navigation: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="nav">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <navigationController id="nav" \(navigation) sceneMemberID="viewController">
                            <connections>
                                <segue destination="root" kind="relationship" relationship="rootViewController" id="rel"/>
                            </connections>
                        </navigationController>
                    </objects>
                </scene>
                <scene sceneID="s2">
                    <objects>
                        <viewController title="Root" id="root" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="rootView"/>
        \(items)
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="s3">
                    <objects>
                        <viewController title="Next" storyboardIdentifier="next" id="next" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="nextView"/>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
    }

    static let barItems = """
        <navigationItem key="navigationItem" title="Root" id="item">
            <leftBarButtonItems>
                <barButtonItem image="gear" id="gear"/>
                <barButtonItem systemItem="edit" id="edit"/>
            </leftBarButtonItems>
            <rightBarButtonItems>
                <barButtonItem systemItem="add" id="add"/>
                <barButtonItem title="Next" id="nextItem">
                    <connections>
                        <segue destination="next" kind="show" id="toNext"/>
                    </connections>
                </barButtonItem>
            </rightBarButtonItems>
        </navigationItem>
        """

    /// StaticCells.storyboard on screen, Settings pushed above Home.
    private func settings(unwinds: Set<Selector> = []) throws -> (NavigationController, home: Probe, settings: ViewController, table: StaticTable) {
        let storyboard = try Storyboard(contentsOfFile: Fixtures.url("StaticCells").path, name: "StaticCells.storyboard", classes: Self.classes(unwinds: unwinds))
        let (navigation, top) = try root(of: storyboard)
        let home = try #require(top as? Probe)
        _ = window(showing: navigation, recorder: Recorder())
        home.performSegue(withIdentifier: "toSettings", sender: nil)
        let settings = try #require(navigation.topViewController)
        #expect(settings.title == "Settings")
        return (navigation, home, settings, try #require(settings.view as? StaticTable))
    }

    private func root(of storyboard: Storyboard) throws -> (NavigationController, ViewController) {
        let navigation = try #require(storyboard.instantiateInitialViewController() as? NavigationController)
        return (navigation, try #require(navigation.topViewController))
    }

    // MARK: Bar button items

    @Test("Every item of leftBarButtonItems and rightBarButtonItems is read, in UIKit's order; the single-item properties are the first of each side")
    func barButtonItemArrays() throws {
        let (navigation, root) = try root(of: Self.storyboard(Self.scene(Self.barItems)))
        let item = root.navigationItem
        #expect(item.leftBarButtonItems.map(\.displayTitle) == ["gear", "Edit"])
        #expect(item.rightBarButtonItems.map(\.displayTitle) == ["+", "Next"], "the first right item is the rightmost, as in UIKit")
        #expect(item.leftBarButtonItem === item.leftBarButtonItems.first)
        #expect(item.rightBarButtonItem === item.rightBarButtonItems.first)
        let lists = navigation.barItemLists
        #expect(lists.left.count == 2 && !lists.isBack && lists.right.count == 2)
    }

    @Test("Setting the single-item property replaces the side's items, as in UIKit")
    func singleItemReplacesTheArray() throws {
        let (_, root) = try root(of: Self.storyboard(Self.scene(Self.barItems)))
        let done = BarButtonItem(systemItem: .done)
        root.navigationItem.rightBarButtonItem = done
        #expect(root.navigationItem.rightBarButtonItems.map(\.displayTitle) == ["Done"])
        root.navigationItem.leftBarButtonItem = nil
        #expect(root.navigationItem.leftBarButtonItems.isEmpty)
    }

    @Test("The second item of an array fires its own segue")
    func secondItemOfAnArrayFires() throws {
        let recorder = Recorder()
        let (navigation, root) = try root(of: Self.storyboard(Self.scene(Self.barItems)))
        _ = window(showing: navigation, recorder: recorder)
        root.navigationItem.rightBarButtonItems[1].sendActions()
        #expect(navigation.topViewController?.title == "Next")
    }

    @Test("With leftItemsSupplementBackButton, Back shows before the left items, and is the left item Esc fires")
    func leftItemsSupplementBack() throws {
        let items = """
            <navigationItem key="navigationItem" title="Next" leftItemsSupplementBackButton="YES" id="item">
                <leftBarButtonItems>
                    <barButtonItem title="Help" id="help"/>
                </leftBarButtonItems>
            </navigationItem>
            """
        let xml = Self.scene("").replacingOccurrences(of: #"<view key="view" contentMode="scaleToFill" id="nextView"/>"#,
                                                      with: #"<view key="view" contentMode="scaleToFill" id="nextView"/>"# + items)
        let (navigation, root) = try root(of: Self.storyboard(xml))
        _ = window(showing: navigation, recorder: Recorder())
        root.show(try #require(root.storyboard?.instantiateViewController(withIdentifier: "next")), sender: nil)
        let lists = navigation.barItemLists
        #expect(lists.isBack)
        #expect(lists.left.map(\.displayTitle) == ["Root", "Help"])
        #expect(navigation.barItems.left === lists.left.first)
    }

    @Test("An item with only an image shows its image's name, never nothing; a system item its title; a space nothing, and is no button")
    func imageOnlyItemsAreVisible() {
        let image = BarButtonItem(title: nil)
        image.imageName = "square.and.arrow.up"
        #expect(image.displayTitle == "square.and.arrow.up")
        #expect(BarButtonItem(title: nil).displayTitle == "•", "an item with nothing to show (a custom view) still shows a bullet")
        #expect(BarButtonItem(systemItem: .trash).displayTitle == "Trash")
        let space = BarButtonItem(systemItem: .flexibleSpace)
        #expect(space.isSpace && space.displayTitle.isEmpty)
    }

    // MARK: Title view and toolbar

    @Test("A title view is made with the navigation item, before the scene's view loads")
    func titleView() throws {
        let items = """
            <navigationItem key="navigationItem" title="Root" id="item">
                <label key="titleView" text="Custom title" id="titleLabel"/>
            </navigationItem>
            """
        let (_, root) = try root(of: Self.storyboard(Self.scene(items)))
        let label = try #require(root.navigationItem.titleView as? Label)
        #expect(label.text == "Custom title")
        #expect(!root.isViewLoaded)
    }

    @Test("Toolbar items are the controller's; the navigation controller shows its toolbar only when the storyboard says toolbarHidden=\"NO\"")
    func toolbarItems() throws {
        let items = """
            <toolbarItems>
                <barButtonItem title="Share" id="share">
                    <connections>
                        <segue destination="next" kind="show" id="fromShare"/>
                    </connections>
                </barButtonItem>
                <barButtonItem systemItem="flexibleSpace" id="space"/>
                <barButtonItem systemItem="trash" id="trash"/>
            </toolbarItems>
            """
        let (shown, root) = try root(of: Self.storyboard(Self.scene(items, navigation: #"toolbarHidden="NO""#)))
        #expect(!shown.isToolbarHidden)
        #expect(root.toolbarItems.map(\.displayTitle) == ["Share", "", "Trash"])
        let recorder = Recorder()
        _ = window(showing: shown, recorder: recorder)
        root.toolbarItems[0].sendActions()
        #expect(shown.topViewController?.title == "Next")

        let (hidden, _) = try self.root(of: Self.storyboard(Self.scene(items)))
        #expect(hidden.isToolbarHidden, "hidden is UIKit's default")
    }

    // MARK: Static cells

    @Test("A static table's sections are read with their titles, and each cell is made once with the scene's view")
    func staticSections() throws {
        let (_, _, _, table) = try settings()
        #expect(table.sections.map(\.headerTitle) == ["Account", "Leave"])
        #expect(table.sections.map(\.footerTitle) == [nil, "Goes back where you came from"])
        #expect(table.sections.map(\.cells.count) == [1, 1])
        let label = try #require(table.sections[0].cells.first?.allViews.compactMap { $0 as? Label }.first)
        #expect(label.text == "Profile")
    }

    @Test("Selecting a static cell runs its segue; its accessory segue runs only from the accessory")
    func staticCellSegues() throws {
        let (navigation, _, settings, table) = try settings()
        let cell = try #require(table.sections[0].cells.first as? Cell)

        cell.accessoryConnections.fire(sender: cell)
        // Presented by the navigation controller, which covers the screen, at Settings' request.
        #expect(navigation.presentedViewController?.title == "Info", "the accessory presents Info")
        #expect(navigation.presentedViewController?.presentationAskedBy === settings)
        #expect(navigation.topViewController === settings, "and does not select the row")
        settings.dismiss(animated: false)
        #expect(navigation.presentedViewController == nil, "Settings' dismiss dismisses what it asked for")

        cell.sendActions()
        #expect(navigation.topViewController?.title == "Detail", "selecting the row shows Detail")
        #expect(navigation.presentedViewController == nil)
    }

    @Test("A static cell's unwind segue (its exit connection) finds the controller below that implements its action")
    func staticCellUnwind() throws {
        let (navigation, home, _, table) = try settings(unwinds: ["leaveSettings:"])
        table.sections[1].cells.first?.sendActions()
        #expect(home.received.map(\.action) == ["leaveSettings:"])
        #expect(navigation.topViewController === home)
    }

    // MARK: Text content

    @Test("Text written as element content is read: a <string key=\"text\"> with line breaks and references, and an attributed text's fragments")
    func textContent() throws {
        let items = """
            <navigationItem key="navigationItem" id="item">
                <view key="titleView" id="titleBox">
                    <subviews>
                        <label id="multi">
                            <string key="text">First line\r\nSecond &amp; last</string>
                        </label>
                        <label id="attributed">
                            <attributedString key="attributedText">
                                <fragment content="Bold "/>
                                <fragment>
                                    <string key="content"><![CDATA[and <plain>]]></string>
                                </fragment>
                            </attributedString>
                        </label>
                    </subviews>
                </view>
            </navigationItem>
            """
        let (_, root) = try root(of: Self.storyboard(Self.scene(items)))
        let labels = try #require(root.navigationItem.titleView).allViews.compactMap { $0 as? Label }
        #expect(labels.first?.text == "First line\nSecond & last", "CR LF is one line break, as XML reads it")
        let attributed = try #require(root.storyboard).document.model.root.descendantsAndSelf.first { $0.name == "attributedString" }
        #expect(attributed?.attributedCharacters == "Bold and <plain>")
        #expect(attributed?.children.first?.text == nil, "an element with children keeps no text: the blanks between them are indentation")
    }

    // MARK: What cannot fire is said

    @Test("A segue or action the terminal can never fire is a lint warning with its line: from a bar button item beside the controller, a switch, a toolbar placed in the view, a swipe")
    func unhonouredConnectionsAreWarned() throws {
        let check = Storyboard.check(contentsOfFile: try Fixtures.url("Unhonoured").path, name: "Unhonoured.storyboard", classes: Self.classes())
        #expect(check.errors.isEmpty, "\(check.errors)")
        let warnings = check.warnings.map { "\($0.line): \($0.message)" }
        #expect(warnings.count == 4, "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("19: the action toggle: of a switch never runs") && $0.contains("no switch") })
        #expect(warnings.contains { $0.hasPrefix("27: the segue \"fromToolbar\" of a bar button item \"Next\" never runs") && $0.contains("toolbar placed in the view, line 22") })
        #expect(warnings.contains { $0.hasPrefix("46: the action apart: of a bar button item \"Apart\" never runs") && $0.contains("beside its controller (line 44)") })
        #expect(warnings.contains { $0.hasPrefix("51: the segue \"fromSwipe\" of a swipe gesture recognizer never runs") && $0.contains("no gestures but taps") })
        #expect(!warnings.contains { $0.contains("fromTap") }, "the tap gesture recognizer attached to the view fires")
    }

    @Test("A tap gesture recognizer beside the controller is made with the view that lists it, and fires its segue")
    func tapGestureRecognizer() throws {
        let storyboard = try Storyboard(contentsOfFile: Fixtures.url("Unhonoured").path, name: "Unhonoured.storyboard", classes: Self.classes())
        let source = try #require(storyboard.instantiateInitialViewController())
        _ = window(showing: source, recorder: Recorder())
        let recognizer = try #require(source.view.gestureRecognizers.first)
        #expect(recognizer.view === source.view)
        recognizer.recognize()
        #expect(source.presentedViewController?.title == "Destination")
        #expect(storyboard.outline.segues.contains { $0.identifier == "fromTap" && $0.trigger == "tap gesture recognizer" },
                "the graph and the lint see its segue")
    }

    @Test("A storyboard whose bars, toolbar and static cells the terminal honours has no such warning")
    func honouredFeaturesAreNotWarned() throws {
        let check = Storyboard.check(contentsOfFile: try Fixtures.url("StaticCells").path, name: "StaticCells.storyboard", classes: Self.classes(unwinds: ["leaveSettings:"]))
        #expect(check.errors.isEmpty, "\(check.errors)")
        #expect(check.warnings.isEmpty, "\(check.warnings)")
    }
}
