import Foundation
import Navigation
@testable import Storyboards
import Testing

@MainActor
@Suite("Split view controllers")
struct SplitViewControllerTests {
    @Test("A detail unwinds into the master of an expanded split view, as Apple's SegueCatalog does: the detail stays")
    func detailUnwindsIntoMaster() throws {
        let recorder = Recorder()
        let (_, root) = try ContainerFixtures.launch("SplitUnwind", sizeClass: .regular, recorder: recorder, folder: nil)
        let split = try #require(root as? SplitViewController)
        let m = try root.probe("M"), d1 = try root.probe("D1")
        m.implemented = ["unwindToMaster:"]
        recorder.reset()

        d1.performSegue(withIdentifier: "toMaster", sender: nil)

        #expect(recorder.steps == [
            "unwindStarted unwindToMaster: from D1",
            "asked M true",
            "destination M executor navM",
            "segueCreated UnwindSegue toMaster D1→M",
            "prepare UnwindSegue toMaster D1→M",
            "call prepare on D1",
            "action unwindToMaster: on M",
            "call unwindToMaster: on M",
            "perform UnwindSegue toMaster D1→M",
        ])
        #expect(ids(split.viewControllers) == ids([try #require(m.navigationController), d1]))
    }

    @Test("Collapsed, the detail is on the master's stack, and unwinding into the master pops it")
    func collapsedDetailUnwindPops() throws {
        let recorder = Recorder()
        let (window, root) = try ContainerFixtures.launch("SplitUnwind", sizeClass: .compact, recorder: recorder, folder: nil)
        let m = try root.probe("M"), d1 = try root.probe("D1")
        let navM = try #require(m.navigationController)
        #expect(ids(navM.viewControllers) == ids([m, d1]))
        m.implemented = ["unwindToMaster:"]
        recorder.reset()

        d1.performSegue(withIdentifier: "toMaster", sender: nil)

        #expect(recorder.transitions == ["transition pop to M in navM"])
        #expect(ids(navM.viewControllers) == ids([m]))
        // Widened with nothing above the master, the split shows its first detail again.
        window.horizontalSizeClass = .regular
        let split = try #require(root as? SplitViewController)
        #expect(!split.isCollapsed)
        #expect(ids(split.viewControllers) == ids([navM, d1]))
    }

    @Test("Resizing collapses and expands the split: the detail moves onto the master's stack and back, staying on screen")
    func collapseAndExpand() throws {
        let recorder = Recorder()
        let (window, root) = try ContainerFixtures.launch("SplitUnwind", sizeClass: .regular, recorder: recorder, folder: nil)
        let split = try #require(root as? SplitViewController)
        let m = try root.probe("M"), d1 = try root.probe("D1")
        let navM = try #require(m.navigationController)
        recorder.reset()

        window.horizontalSizeClass = .compact

        #expect(recorder.log == [
            "transition collapse Split",
            "transition push D1 onto navM",
            "life viewWillDisappear M",
            "call viewWillDisappear M",
            "life viewDidDisappear M",
            "call viewDidDisappear M",
        ])
        #expect(split.isCollapsed)
        #expect(ids(split.viewControllers) == ids([navM]))
        #expect(ids(navM.viewControllers) == ids([m, d1]))
        #expect(d1.lifeCycle.last == "viewDidAppear")

        recorder.reset()
        window.horizontalSizeClass = .regular

        #expect(recorder.log == [
            "transition expand Split",
            "life viewWillAppear M",
            "call viewWillAppear M",
            "life viewIsAppearing M",
            "call viewIsAppearing M",
            "life viewDidAppear M",
            "call viewDidAppear M",
        ])
        #expect(ids(split.viewControllers) == ids([navM, d1]))
        #expect(ids(navM.viewControllers) == ids([m]))
    }
}

@MainActor
@Suite("Segue classes on every kind")
struct SegueClassOnEveryKindTests {
    @Test("A show segue with a custom class is an instance of it, whose super.perform() pushes")
    func customClassOnShow() throws {
        let recorder = Recorder()
        let (_, root) = try ContainerFixtures.launch("SplitUnwind", sizeClass: .regular, recorder: recorder, folder: nil)
        let m = try root.probe("M")
        recorder.reset()

        try button("Next", in: m).sendActions()

        #expect(recorder.steps == Scenario.forward("RecordingSegue", "next", from: "M", to: "E") + [
            "call RecordingSegue.perform next",
            "transition push E onto navM",
        ])
        #expect(m.prepared.first?.segue is RecordingSegue)
    }

    @Test("An unwind segue with a custom class runs it: its super.perform() does the unwind's transition")
    func customClassOnUnwind() throws {
        let recorder = Recorder()
        let (_, root) = try ContainerFixtures.launch("SplitUnwind", sizeClass: .regular, recorder: recorder, folder: nil)
        let m = try root.probe("M")
        m.implemented = ["unwindToMaster:"]
        try button("Next", in: m).sendActions()
        let e = try root.probe("E")
        recorder.reset()

        e.performSegue(withIdentifier: "back", sender: nil)

        #expect(recorder.steps.suffix(4) == [
            "call unwindToMaster: on M",
            "perform RecordingSegue back E→M",
            "call RecordingSegue.perform back",
            "transition pop to M in navM",
        ])
        #expect(m.received.first?.segue is RecordingSegue)
    }
}

@MainActor
@Suite("Container storyboards checked at load")
struct ContainerLoadErrorTests {
    /// A storyboard of these scenes, as Interface Builder writes the document around them.
    private func errors(_ scenes: String) -> [StoryboardDiagnostic] {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" initialViewController="a">
            <scenes>
        \(scenes)
            </scenes>
        </document>
        """
        do {
            _ = try Storyboard(data: Array(xml.utf8), name: "t.storyboard", classes: ContainerFixtures.classes(recorder: Recorder()))
        } catch {
            return error.errors
        }
        return []
    }

    @Test("A tab bar controller with no tabs loads, as UIKit shows it, and lint warns on its line")
    func tabBarWithoutTabs() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="a">
            <scenes>
        <scene sceneID="s"><objects><tabBarController id="a" sceneMemberID="viewController"/></objects></scene>
            </scenes>
        </document>
        """
        #expect(errors(#"<scene sceneID="s"><objects><tabBarController id="a" sceneMemberID="viewController"/></objects></scene>"#).isEmpty)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("EmptyTabBar-\(UUID()).storyboard").path
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let warnings = Storyboard.check(contentsOfFile: path, name: "t.storyboard", classes: ContainerFixtures.classes(recorder: Recorder())).warnings
        #expect(warnings.map(\.line) == [4])
        #expect(warnings.first?.message.contains("tab bar controller with no tabs shows an empty tab bar") == true, "\(warnings)")
    }

    @Test("A split view controller without a master is refused")
    func splitWithoutMaster() {
        let errors = errors(#"<scene sceneID="s"><objects><splitViewController id="a" sceneMemberID="viewController"/></objects></scene>"#)
        #expect(errors.first?.message.contains("without a master view controller") == true, "\(errors)")
    }

    @Test("A popover segue the controller starts without an anchor is refused, as Xcode refuses it")
    func popoverWithoutAnchor() {
        let errors = errors("""
        <scene sceneID="s1"><objects><viewController id="a" sceneMemberID="viewController"><connections>
        <segue destination="b" kind="popoverPresentation" identifier="pop" id="g"/>
        </connections></viewController></objects></scene>
        <scene sceneID="s2"><objects><viewController id="b" sceneMemberID="viewController"/></objects></scene>
        """)
        #expect(errors.map(\.line) == [5])
        #expect(errors.first?.message.contains("has no anchor") == true, "\(errors)")
    }

    @Test("A segue class that is not registered is refused on a show segue as on a custom one")
    func unknownClassOnShow() {
        let errors = errors("""
        <scene sceneID="s1"><objects><viewController id="a" sceneMemberID="viewController"><connections>
        <segue destination="b" kind="show" identifier="go" customClass="FadeSegue" id="g"/>
        </connections></viewController></objects></scene>
        <scene sceneID="s2"><objects><viewController id="b" sceneMemberID="viewController"/></objects></scene>
        """)
        #expect(errors.map(\.line) == [5])
        #expect(errors.first?.message.contains("\"FadeSegue\" is not registered") == true, "\(errors)")
    }

    @Test("Scenes that contain themselves through tabs and embeds are refused rather than made forever")
    func containmentCycle() {
        let errors = errors("""
        <scene sceneID="s1"><objects><tabBarController id="a" sceneMemberID="viewController"><connections>
        <segue destination="b" kind="relationship" relationship="viewControllers" id="g1"/>
        </connections></tabBarController></objects></scene>
        <scene sceneID="s2"><objects><viewController id="b" sceneMemberID="viewController"><view key="view" id="v"><subviews>
        <containerView id="c"><connections><segue destination="a" kind="embed" id="g2"/></connections></containerView>
        </subviews></view></viewController></objects></scene>
        """)
        #expect(errors.contains { $0.message.contains("contain themselves") }, "\(errors)")
    }
}

@MainActor
@Suite("Popover anchors")
struct PopoverAnchorTests {
    @Test("A popover fired from a bar button item is anchored at it, as popoverAnchorBarButtonItem says")
    func anchoredAtBarButtonItem() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" initialViewController="a">
            <scenes>
                <scene sceneID="s1"><objects><viewController title="Host" id="a" customClass="Probe" sceneMemberID="viewController">
                    <view key="view" id="v"/>
                    <navigationItem key="navigationItem" title="Host" id="n">
                        <barButtonItem key="rightBarButtonItem" title="Info" id="i">
                            <connections><segue destination="b" kind="popoverPresentation" identifier="info" popoverAnchorBarButtonItem="i" id="g"/></connections>
                        </barButtonItem>
                    </navigationItem>
                </viewController></objects></scene>
                <scene sceneID="s2"><objects><viewController title="Pop" id="b" customClass="Probe" sceneMemberID="viewController"/></objects></scene>
            </scenes>
        </document>
        """
        let recorder = Recorder()
        let storyboard = try Storyboard(data: Array(xml.utf8), name: "t.storyboard", classes: ContainerFixtures.classes(recorder: recorder))
        let host = try #require(storyboard.instantiateInitialViewController())
        let window = Window()
        window.horizontalSizeClass = .regular
        window.rootViewController = host
        window.makeKeyAndVisible()
        let info = try #require(host.navigationItem.rightBarButtonItem)

        info.connections.fire(sender: info)

        let pop = try #require(host.presentedViewController)
        #expect(pop.adaptivePresentationStyle == .popover)
        #expect(pop.popoverPresentationController?.barButtonItem === info)
        #expect(pop.popoverPresentationController?.sourceView == nil)
    }
}
