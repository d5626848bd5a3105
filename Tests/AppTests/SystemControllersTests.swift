import App
import Foundation
import Navigation
import StoryboardBehaviours
import Storyboards
import Terminal
import TestSupport
import Testing
import Views

/// Issue 46: storyboards as today's Xcode writes them, run without their code. A SwiftUI
/// hosting controller and an AVKit player never refuse a file: each is a screen that says what
/// it is, and takes part in segues and unwinds as any controller. A plain scene is UIKit's
/// `UIViewController` (Apple, "UIViewController": a storyboard scene with no custom class is
/// an instance of it), never the app's class that Xcode's template calls `ViewController`.
@MainActor
@Suite("Conformance: plain scenes and system controllers")
struct SystemControllersTests {
    static let storyboard = Bundle.module.path(forResource: "SystemControllers", ofType: "storyboard", inDirectory: "Storyboards") ?? ""

    private func run(_ keys: String, implements: [String] = ["ViewController=unwindToHome:"],
                     appears: [String] = ["SettingsHostingController=showDetail"]) throws -> AppHarness {
        let behaviours = try BehaviourFlags.combined(appears.map(BehaviourFlags.appears))
        let implementations = try implements.map(StandIns.implementation(from:))
        return try AppHarness.storyboardWithoutCode(contentsOfFile: Self.storyboard, size: Size(width: 80, height: 20), keys: keys) {
            let standIns = StandIns.terminal()
            standIns.behaviours = behaviours
            for (key, actions) in implementations { standIns.implementations[key, default: []] += actions }
            return standIns
        }
    }

    private func stack(_ harness: AppHarness) -> [String] {
        ((harness.app.window.rootViewController as? NavigationController)?.viewControllers ?? []).map(\.className)
    }

    @Test("A hosting controller and a player load as screens that say what they are, by UIKit's class or the storyboard's custom class")
    func systemControllersSayWhatTheyAre() throws {
        let pushed = try run("s", appears: [])
        #expect(stack(pushed) == ["ViewController", "SettingsHostingController"])
        #expect(pushed.text.contains("a SwiftUI view: not drawn in a terminal"), "\(pushed.text)")
        let presented = try run("p")
        #expect(presented.app.window.presentationStack.last?.className == "AVPlayerViewController")
        #expect(presented.text.contains("a video player: nothing to play in a terminal"), "\(presented.text)")
    }

    @Test("An unwind passes through a hosting controller as through any scene: asked, it declines, and the search goes on to the app's class")
    func unwindPassesThroughAHostingController() throws {
        let harness = try run("s<wait 1>d<wait 1>")
        #expect(stack(harness) == ["ViewController"])
        let asked = harness.events.compactMap { event -> String? in
            guard case .unwindAsked = event else { return nil }
            return event.description.trimmingCharacters(in: .whitespaces)
        }
        #expect(asked == [
            "ask SettingsHostingController canPerformUnwindSegueAction(unwindToHome:) → false (no such action)",
            "ask ViewController \"Home\" canPerformUnwindSegueAction(unwindToHome:) → true (implements unwindToHome:)",
        ])
    }

    @Test("A plain scene is a UIViewController: --implements ViewController= names only the scene whose custom class is ViewController")
    func plainScenesAreUIViewControllers() throws {
        let about = try run("a")
        #expect(stack(about) == ["ViewController", "UIViewController"])
        let top = try #require((about.app.window.rootViewController as? NavigationController)?.topViewController)
        #expect(ControllerID(top).description == "UIViewController \"About\"")
        #expect(!top.canPerformUnwindSegueAction("unwindToHome:", from: top, sender: nil))
    }

    @Test("--implements naming a class no scene has is refused by run and by lint alike, with the classes there are and the nearest")
    func implementsAgreesWithLint() throws {
        let file = try Storyboard(contentsOfFile: Self.storyboard, classes: StoryboardWithoutCode.classes())
        let standIns = StandIns.terminal()
        for (key, actions) in [try StandIns.implementation(from: "TableViewController=done:")] { standIns.implementations[key] = actions }
        let problems = file.implementationProblems(of: standIns)
        #expect(problems.map(\.message) == [
            "--implements names TableViewController, which is the class of no scene of this storyboard or of those it refers to "
                + "(did you mean UIViewController?); its scenes' classes are AVPlayerViewController, NavigationController, "
                + "SettingsHostingController, UIViewController, ViewController",
        ])
        #expect(throws: StoryboardErrors.self) {
            _ = try StoryboardWithoutCode.makeWindow(contentsOfFile: Self.storyboard, standIns: standIns)
        }
    }

    @Test("A macOS, watchOS or tvOS storyboard gets one error naming its platform, from targetRuntime")
    func otherPlatformsInOneLine() throws {
        for (runtime, platform) in [("MacOSX.Cocoa", "macOS (AppKit)"), ("watchKit", "watchOS (WatchKit)"), ("AppleTV", "tvOS")] {
            let xml = """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB" version="3.0" targetRuntime="\(runtime)" initialViewController="w">
                    <scenes><scene sceneID="s"><objects><windowController id="w" sceneMemberID="viewController"/></objects></scene></scenes>
                </document>
                """
            let check = Storyboard.check(contents: .success(Array(xml.utf8)), ofFile: "Mac.storyboard", classes: StoryboardWithoutCode.classes())
            #expect(check.errors.map(\.message) == ["a \(platform) storyboard (targetRuntime=\"\(runtime)\"): the terminal runs UIKit's, "
                + "written for iOS (targetRuntime=\"iOS.CocoaTouch\")"])
            #expect(check.warnings.isEmpty)
        }
    }

    @Test("A cell's accessoryView and background views, outlets UIKit's cell declares, load")
    func cellOutletsOfUIKit() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" initialViewController="t">
                <scenes><scene sceneID="s"><objects>
                    <tableViewController id="t" sceneMemberID="viewController">
                        <tableView key="view" dataMode="static" id="tv"><sections><tableViewSection id="sec"><cells>
                            <tableViewCell id="c">
                                <tableViewCellContentView key="contentView" id="cv"><subviews><label text="Wi-Fi" id="l"/></subviews></tableViewCellContentView>
                                <connections>
                                    <outlet property="accessoryView" destination="sw" id="o1"/>
                                    <outlet property="backgroundView" destination="bg" id="o2"/>
                                </connections>
                            </tableViewCell>
                        </cells></tableViewSection></sections></tableView>
                    </tableViewController>
                    <switch opaque="NO" contentMode="scaleToFill" on="YES" id="sw"/>
                    <view contentMode="scaleToFill" id="bg"/>
                </objects></scene></scenes>
            </document>
            """
        let harness = try AppHarness.storyboardWithoutCode(xml, size: Size(width: 60, height: 10))
        #expect(harness.text.contains("Wi-Fi"), "\(harness.text)")
    }
}
