import App
import Foundation
@testable import Navigation
import Storyboards
import StoryboardBehaviours
import Terminal
import Testing
import TestSupport
import Views

/// Constructs of public storyboards that were refused and now run (issue 18): outlet collections,
/// an outlet from a view to a stand-in controller (a text field's delegate).
@MainActor
@Suite("Storyboard constructs that run")
struct StandInConstructsTests {
    static let collections = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Storyboards/Collections.storyboard").path

    final class PadViewController: ViewController, TextFieldDelegate {
        @OutletCollection var digitButtons: [Button]
        override var actions: [Selector: Action] { ["clear:": .target { [unowned self] _ in for button in digitButtons { button.isHidden = true } }] }
    }

    @Test("An outlet collection connects every object, in the order of the file, to an app's @OutletCollection")
    func appCollection() throws {
        let classes = StoryboardClasses.terminal()
        classes.register(PadViewController.self) { PadViewController() }
        let storyboard = try Storyboard(contentsOfFile: Self.collections, classes: classes)
        let pad = try #require(storyboard.instantiateInitialViewController() as? PadViewController)
        pad.loadViewIfNeeded()
        #expect(pad.digitButtons.map(\.title) == ["One", "Two", "Three"])
        try #require(pad.view.allViews.compactMap { $0 as? Button }.first { $0.title == "Clear" }).sendActions()
        #expect(pad.digitButtons.filter(\.isHidden).count == 3)
    }

    @Test("With stand-ins, the collection and the delegate outlet to the stand-in load; the collection is the stand-in's outlet for behaviours")
    func standIns() throws {
        let window = try StoryboardWithoutCode.makeWindow(contentsOfFile: Self.collections)
        let pad = try #require(window.rootViewController as? any StandIn)
        #expect(pad.standingInFor.outlets["digitButtons"] == ["pad-b1", "pad-b2", "pad-b3"])
        pad.changeOutlets([OutletChange(outlet: "digitButtons", property: "isHidden", value: "true")])
        let hidden = pad.view.allViews.compactMap { $0 as? Button }.filter(\.isHidden).map(\.title)
        #expect(hidden == ["One", "Two", "Three"])
    }

    @Test("A storyboard that connects a single outlet as a collection, or a collection the class has not, is refused at the line, saying which")
    func mismatches() throws {
        final class Single: ViewController { @Outlet var digitButtons: Button? }
        let classes = StoryboardClasses.terminal()
        classes.register(Single.self, as: "PadViewController") { Single() }
        do {
            _ = try Storyboard(contentsOfFile: Self.collections, classes: classes)
            Issue.record("loaded")
        } catch {
            #expect(error.errors.contains { $0.line == 30 && $0.message.contains("is a single outlet, but the storyboard connects it as an outlet collection") },
                    "\(error)")
        }
    }

    static let toolbar = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Storyboards/Toolbar.storyboard").path

    @Test("A toolbar placed in a view is drawn where it is with its items; an enabled item is a focus stop and fires its segue; lint has nothing to say")
    func toolbarInAView() throws {
        let terminal = MemoryTerminal(size: Size(width: 40, height: 8), capabilities: TerminalCapabilities(unicode: true, color: false))
        let window = try StoryboardWithoutCode.makeWindow(contentsOfFile: Self.toolbar)
        let app = Application(window: window, backend: terminal, scheduler: Scheduler(clock: .manual))
        app.run(script: [])
        let rows = terminal.text.split(separator: "\n")
        #expect(rows.count > 1 && rows[1].contains("Share") && rows[1].contains("Delete"), "\(terminal.text)")
        app.run(script: try KeyNotation.parse("<tab><tab><enter>"))
        #expect(window.rootViewController?.presentedViewController?.title == "Share", "Tab goes round the one stop, Delete being disabled")
        let check = Storyboard.check(contentsOfFile: Self.toolbar, classes: StoryboardWithoutCode.classes())
        #expect(check.warnings.isEmpty, "\(check.warnings)")
    }

    static func storyboard(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Storyboards/\(name).storyboard").path
    }

    @Test("A collection view controller runs as a list of its prototype cells, and a cell's segue runs from its row")
    func collectionView() throws {
        let harness = try AppHarness.storyboardWithoutCode(contentsOfFile: Self.storyboard("Collection"), size: Size(width: 50, height: 8))
        #expect(harness.lines[2].hasPrefix(" Photo") && harness.lines[3].hasPrefix(" AddCell"), "\(harness.text)")
        try harness.run("<enter>")
        #expect((harness.window.rootViewController as? NavigationController)?.topViewController?.title == "Photo", "\(harness.text)")
    }

    /// The Tour storyboard run with its pages declared, after `keys`.
    private func tour(_ keys: String, pages: [String] = ["Welcome", "Features"]) throws -> AppHarness {
        try AppHarness(size: Size(width: 50, height: 8), keys: keys) { terminal, scheduler in
            let standIns = StandIns.terminal()
            standIns.behaviours = try BehaviourFlags.pages("TourViewController=\(pages.joined(separator: ","))")
            return Application(window: try StoryboardWithoutCode.makeWindow(contentsOfFile: Self.storyboard("Pages"), standIns: standIns),
                               backend: terminal, scheduler: scheduler)
        }
    }

    @Test("A page view controller shows the first page declared; Ctrl-N and Ctrl-P turn the pages, stopping at either end; its footer says so")
    func pages() throws {
        let first = try tour("")
        #expect(first.text.contains("Welcome to the tour") && first.text.contains("page 1 of 2"), "\(first.text)")
        #expect(first.bottomRow.hasPrefix("^N/^P page"), "\(first.bottomRow)")
        let turned = try tour("<c-n><c-n>")
        #expect(turned.text.contains("Features") && turned.text.contains("page 2 of 2"), "\(turned.text)")
        let back = try tour("<c-n><c-p><c-p><c-n><c-p>")
        #expect(back.text == first.text)
        let started = try tour("<c-n><enter>")
        #expect(started.window.topViewController?.title == "Home")
    }

    @Test("Without pages declared it loads and says where its pages come from; a page not in the storyboard is refused with the nearest")
    func pagesUndeclared() throws {
        let harness = try AppHarness.storyboardWithoutCode(contentsOfFile: Self.storyboard("Pages"), size: Size(width: 50, height: 8))
        #expect(harness.text.contains("no pages (they come from code: --pages)"), "\(harness.text)")
        do {
            _ = try tour("", pages: ["Welcom"])
            Issue.record("loaded")
        } catch let error as StoryboardErrors {
            #expect(error.errors.first?.message.contains("did you mean \"Welcome\"?") == true, "\(error)")
        }
    }

    @Test("Without its code, a text field's delegate connected to a navigation item (as a public storyboard has it) loads, as UIKit sets it and nothing answers")
    func outletOfAnotherType() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="nav">
                <scenes>
                    <scene sceneID="s0"><objects>
                        <navigationController id="nav" sceneMemberID="viewController">
                            <connections><segue destination="form" kind="relationship" relationship="rootViewController" id="r0"/></connections>
                        </navigationController></objects></scene>
                    <scene sceneID="s1"><objects>
                        <viewController id="form" customClass="FormViewController" sceneMemberID="viewController">
                            <view key="view" id="v1"><subviews><textField placeholder="Name" id="tf">
                                <connections><outlet property="delegate" destination="ni" id="o1"/></connections>
                            </textField></subviews></view>
                            <navigationItem key="navigationItem" title="Form" id="ni"/>
                        </viewController></objects></scene>
                </scenes>
            </document>
            """
        let harness = try AppHarness.storyboardWithoutCode(xml, size: Size(width: 40, height: 8), keys: "abc")
        #expect(harness.text.contains("abc"), "\(harness.text)")
    }

    /// Issue 33, defect 2: a toolbar's `delegate` outlet was refused ("Toolbar has no outlet
    /// \"delegate\"; declare @Outlet var delegate…"), advice `storyboard run` cannot follow.
    /// UIKit's UIToolbar has it, and Xcode connects it.
    @Test("Every outlet UIKit declares on its standard classes loads, a toolbar's delegate among them")
    func uiKitOutlets() throws {
        let folder = try TemporaryFolder("wallet-uikit-outlets")
        for (element, properties) in ConnectionChecker.uiKitOutlets.sorted(by: { $0.key < $1.key }) {
            for property in properties.sorted() {
                let isRecognizer = element.hasSuffix("GestureRecognizer")
                let object = "<\(element) id=\"obj\"><connections><outlet property=\"\(property)\" destination=\"vc\" id=\"o1\"/></connections></\(element)>"
                let text = """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="vc">
                        <scenes><scene sceneID="s1"><objects>
                            <viewController id="vc" customClass="HostViewController" sceneMemberID="viewController">
                                <view key="view" id="v"><subviews>\(isRecognizer ? "" : object)</subviews></view>
                            </viewController>
                            \(isRecognizer ? object : "")
                        </objects></scene></scenes>
                    </document>
                    """
                try folder.write("\(element)-\(property).storyboard", text)
                do {
                    _ = try StoryboardWithoutCode.makeWindow(contentsOfFile: folder.path("\(element)-\(property).storyboard"))
                } catch {
                    #expect(!error.errors.contains { $0.message.contains("no outlet") }, "\(element).\(property): \(error)")
                }
            }
        }
    }

    /// Issue 33, defect 3: an action sent to a controller of another scene was refused with
    /// `StandInTableHostViewController does not implement the action "dispatcherSetting:"`, a
    /// class of ours the author never wrote.
    @Test("An action sent to a stand-in of another scene loads: a stand-in takes any action and does nothing with it")
    func actionToAnotherScenesStandIn() throws {
        let folder = try TemporaryFolder("wallet-cross-scene-action")
        try folder.write("Cross.storyboard", """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="a">
                <scenes>
                    <scene sceneID="s1"><objects>
                        <viewController id="a" customClass="FirstViewController" sceneMemberID="viewController">
                            <view key="view" id="va"><subviews>
                                <button title="Settings" id="b1">
                                    <connections><action selector="dispatcherSetting:" destination="b" eventType="touchUpInside" id="c1"/></connections>
                                </button>
                            </subviews></view>
                        </viewController>
                    </objects></scene>
                    <scene sceneID="s2"><objects>
                        <viewController id="b" customClass="DispatcherViewController" storyboardIdentifier="Dispatcher" sceneMemberID="viewController">
                            <view key="view" id="vb"/>
                        </viewController>
                    </objects></scene>
                </scenes>
            </document>
            """)
        let window = try StoryboardWithoutCode.makeWindow(contentsOfFile: folder.path("Cross.storyboard"))
        let first = try #require(window.rootViewController)
        first.loadViewIfNeeded()
        #expect(first.view.allViews.compactMap { $0 as? Button }.contains { $0.title == "Settings" })
    }
}

