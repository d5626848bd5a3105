import Navigation
import Storyboards
import Testing

/// UIKit's `UIPresentationController.delegate`: "View controllers presented using the
/// formSheet, popover, or custom style must change to use one of the full-screen presentation
/// styles instead. The delegate can also opt to change the presented view controller entirely",
/// by `presentationController(_:viewControllerForAdaptivePresentationStyle:)`, which "Asks the
/// delegate for the view controller to display when adapting to the specified presentation
/// style" and returns "The view controller to display in place of the existing presented view
/// controller" (typically a navigation controller with a Done button around the popover's
/// content). Without its code, a storyboard declares that substitute (`segues: … compact:`),
/// and the popover segue presents it in a compact width only (issue 18, difference 4).
@MainActor
@Suite("Conformance: an adaptive popover's compact-width substitute")
struct RuleAdaptivePopoverSubstituteTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="host">
            <scenes>
                <scene sceneID="s0"><objects>
                    <viewController title="Host" id="host" sceneMemberID="viewController">
                        <view key="view" id="v0"/>
                        <connections><segue destination="pop" kind="popoverPresentation" identifier="showOptions" popoverAnchorView="v0" id="g0"/></connections>
                    </viewController></objects></scene>
                <scene sceneID="s1"><objects>
                    <viewController title="Options" id="pop" sceneMemberID="viewController"><view key="view" id="v1"/></viewController>
                </objects></scene>
                <scene sceneID="s2"><objects>
                    <navigationController title="Options in a navigation controller" storyboardIdentifier="OptionsNavigation" id="onav"
                                          sceneMemberID="viewController">
                        <connections><segue destination="pop" kind="relationship" relationship="rootViewController" id="r0"/></connections>
                    </navigationController></objects></scene>
            </scenes>
        </document>
        """

    /// The host of the storyboard, with the substitute declared, on a window of this width class.
    private func host(_ sizeClass: UserInterfaceSizeClass) throws -> (host: ViewController, window: Window) {
        let standIns = StandIns()
        standIns.behaviours.compactSubstitutes["showOptions"] = .init("OptionsNavigation", file: "test")
        let classes = StoryboardClasses()
        classes.standIns = standIns
        classes.checksUnwindActions = false
        let storyboard = try Storyboard(data: Array(Self.xml.utf8), name: "Popover.storyboard", classes: classes)
        let host = try #require(storyboard.instantiateInitialViewController())
        let window = window(showing: host, recorder: Recorder())
        window.horizontalSizeClass = sizeClass
        return (host, window)
    }

    @Test("In a compact width the segue presents the substitute, as a form sheet (iOS 13 and later); in a regular one, its own destination as a popover")
    func substitutedInCompactWidthOnly() throws {
        let compact = try host(.compact)
        compact.host.performSegue(withIdentifier: "showOptions", sender: nil)
        let presented = try #require(compact.window.topViewController)
        #expect(presented.title == "Options in a navigation controller")
        #expect(presented.adaptivePresentationStyle == .formSheet)

        let regular = try host(.regular)
        regular.host.performSegue(withIdentifier: "showOptions", sender: nil)
        #expect(regular.window.topViewController?.title == "Options")
        #expect(regular.window.topViewController?.adaptivePresentationStyle == .popover)
    }
}
