import App
import Foundation
import Navigation
import StoryboardBehaviours
import Storyboards
import Terminal
import TestSupport
import Testing
import Views

/// The code side of a sheet, declared for stand-ins (`sheet:` and `canPerform:` in a behaviours
/// file), on the wallet's own storyboard run without its code (`wallet storyboard run
/// Assets/Main.storyboard --behaviours FILE`).
@MainActor
@Suite("Sheet behaviours, declared")
struct SheetBehavioursTests {
    static let main = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets/Main.storyboard").path

    private func run(_ yaml: String, keys: String) throws -> AppHarness {
        let standIns = StandIns.terminal()
        standIns.behaviours = try BehavioursFile.read(Array(yaml.utf8), path: "b.yaml")
        return try AppHarness(size: Size(width: 80, height: 24), keys: keys) { terminal, scheduler in
            let window = try StoryboardWithoutCode.makeWindow(contentsOfFile: Self.main, standIns: standIns)
            let app = Application(window: window, backend: terminal, scheduler: scheduler)
            app.setUpForAnyStoryboard()
            return app
        }
    }

    @Test("Amount declared modal in presentation, with a Discard changes? alert: the pull is refused, the alert asks, and Discard Changes dismisses the sheet with no unwind")
    func modalWithDiscardAlert() throws {
        let harness = try run("""
            classes:
              TransactionViewController:
                sheet:
                  modalInPresentation: true
                  didAttemptToDismiss: {alert: "Discard changes?"}
            """, keys: "n<enter>12")
        #expect(harness.text.contains("Amount"), "\(harness.text)")
        try harness.run("<c-d>")
        #expect(harness.text.contains("Discard changes?"), "\(harness.text)")
        #expect(harness.events.contains { $0.description.hasPrefix("presentationControllerDidAttemptToDismiss") && $0.description.contains("delegate") })
        #expect(harness.app.window.presentationStack.count == 3, "the sheet and the alert over it")
        try harness.run("<enter>")
        #expect(harness.app.window.presentationStack.count == 1, "Discard Changes dismissed the sheet:\n\(harness.text)")
        #expect(!harness.events.contains { if case .unwindStarted = $0 { true } else { false } })
    }

    @Test("A delegate that says no to presentationControllerShouldDismiss keeps the sheet, and the status line says so")
    func shouldDismissAndDidDismiss() throws {
        let refused = try run("""
            classes:
              ContactsViewController:
                sheet: {shouldDismiss: false}
            """, keys: "n<c-d>")
        #expect(refused.app.window.presentationStack.count == 2)
        #expect(refused.events.contains { $0.description.hasPrefix("presentationControllerShouldDismiss → false") })
        #expect(refused.text.contains("said no"), "\(refused.text)")
    }

    @Test("canPerform: declares an override of canPerformUnwindSegueAction: the wallet's no reads as the override's, and the unwind is aborted")
    func canPerformOverride() throws {
        let harness = try run("""
            classes:
              WalletViewController:
                canPerform: {cancel: false}
            """, keys: "n<esc>")
        let asked = harness.events.compactMap { event -> String? in
            if case .unwindAsked(let controller, _, let answer, let reason) = event, controller.className == "WalletViewController" {
                return "\(answer) \(reason)"
            }
            return nil
        }
        #expect(asked == ["false overridden"])
        #expect(harness.events.contains { if case .unwindAborted = $0 { true } else { false } })
    }

    @Test("A sheet behaviour's form is checked: a reaction that is neither perform nor alert, a Boolean that is not one, a segue the scene has not")
    func form() throws {
        #expect(throws: StoryboardErrors.self) {
            _ = try BehavioursFile.read(Array("classes:\n  A:\n    sheet: {modalInPresentation: maybe}\n".utf8), path: "b.yaml")
        }
        #expect(throws: StoryboardErrors.self) {
            _ = try BehavioursFile.read(Array("classes:\n  A:\n    sheet: {didDismiss: {go: x}}\n".utf8), path: "b.yaml")
        }
        let standIns = StandIns.terminal()
        standIns.behaviours = try BehavioursFile.read(Array("classes:\n  ContactsViewController:\n    sheet: {didDismiss: {perform: nowhere}}\n".utf8),
                                                      path: "b.yaml")
        #expect(throws: StoryboardErrors.self) {
            _ = try StoryboardWithoutCode.makeWindow(contentsOfFile: Self.main, standIns: standIns)
        }
    }

    @Test("The flags say what the file says: --sheet and --can-perform; a malformed one shows its form")
    func flags() throws {
        let sheet = try BehaviourFlags.sheet("TransactionViewController=modalInPresentation,didAttemptToDismiss=alert:Discard changes?")
        let declared = try #require(sheet.classes["TransactionViewController"]?.sheet?.value)
        #expect(declared == StandInBehaviours.SheetBehaviour(isModalInPresentation: true, didAttemptToDismiss: .alert("Discard changes?")))
        let canPerform = try BehaviourFlags.canPerform("QuestionViewController#q2.exitToQuizStart=false")
        #expect(canPerform.classes[StandInBehaviours.Key(className: "QuestionViewController", scene: "q2")]?.canPerform["exitToQuizStart:"]?.value == false)
        #expect(throws: BehaviourFormError.self) { _ = try BehaviourFlags.sheet("A=didDismiss=go:x") }
        #expect(throws: BehaviourFormError.self) { _ = try BehaviourFlags.canPerform("A.x=maybe") }
    }

    @Test("A sheet with two unwind buttons, pulled down: the status line says both were not called, in words")
    func twoActionsNotCalled() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" initialViewController="home">
                <scenes>
                    <scene sceneID="s1"><objects>
                        <viewController id="home" customClass="HomeViewController" sceneMemberID="viewController">
                            <view key="view" id="v1"><subviews>
                                <button id="b1"><state key="normal" title="Edit"/><connections><segue destination="editor" kind="presentation" id="g1"/></connections></button>
                            </subviews></view>
                        </viewController>
                    </objects></scene>
                    <scene sceneID="s2"><objects>
                        <viewController id="editor" sceneMemberID="viewController">
                            <view key="view" id="v2"><subviews>
                                <button id="b2"><state key="normal" title="Save"/><connections><segue destination="x2" kind="unwind" unwindAction="save:" id="u1"/></connections></button>
                                <button id="b3"><state key="normal" title="Cancel"/><connections><segue destination="x2" kind="unwind" unwindAction="cancel:" id="u2"/></connections></button>
                            </subviews></view>
                        </viewController>
                        <exit id="x2" sceneMemberID="exit"/>
                    </objects></scene>
                </scenes>
            </document>
            """
        let harness = try AppHarness.storyboardWithoutCode(xml, size: Size(width: 120, height: 24), keys: "e<c-d>")
        #expect(harness.bottomRow.contains("no unwind ran; save: and cancel: were not called"), "\(harness.bottomRow)")
    }
}
