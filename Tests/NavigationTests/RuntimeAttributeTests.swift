import Foundation
@testable import Navigation
@testable import Storyboards
import Testing

/// User-defined runtime attributes, as Xcode writes them on controllers and views: every type
/// read; `unwindActions` and the key paths a view decodes applied; the rest reported by lint.
@MainActor
@Suite("User-defined runtime attributes")
struct RuntimeAttributeTests {
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="vc">
            <scenes><scene sceneID="s1"><objects>
                <viewController id="vc" sceneMemberID="viewController">
                    <view key="view" id="v1"><subviews>
                        <label text="From the storyboard" id="l1">
                            <userDefinedRuntimeAttributes>
                                <userDefinedRuntimeAttribute type="string" keyPath="text" value="Set at runtime"/>
                                <userDefinedRuntimeAttribute type="number" keyPath="layer.cornerRadius">
                                    <real key="value" value="8.5"/>
                                </userDefinedRuntimeAttribute>
                                <userDefinedRuntimeAttribute type="boolean" keyPath="layer.masksToBounds" value="YES"/>
                                <userDefinedRuntimeAttribute type="point" keyPath="anchor">
                                    <point key="value" x="4" y="3"/>
                                </userDefinedRuntimeAttribute>
                                <userDefinedRuntimeAttribute type="size" keyPath="shadowOffset">
                                    <size key="value" width="1" height="2"/>
                                </userDefinedRuntimeAttribute>
                                <userDefinedRuntimeAttribute type="rect" keyPath="hitArea">
                                    <rect key="value" x="1" y="2" width="3" height="4"/>
                                </userDefinedRuntimeAttribute>
                                <userDefinedRuntimeAttribute type="range" keyPath="selection">
                                    <range key="value" location="2" length="5"/>
                                </userDefinedRuntimeAttribute>
                                <userDefinedRuntimeAttribute type="color" keyPath="borderColor">
                                    <color key="value" systemColor="systemRedColor"/>
                                </userDefinedRuntimeAttribute>
                                <userDefinedRuntimeAttribute type="image" keyPath="icon" value="star"/>
                                <userDefinedRuntimeAttribute type="localizedString" keyPath="accessibilityHint" value="Hint"/>
                                <userDefinedRuntimeAttribute type="nil" keyPath="delegate"/>
                            </userDefinedRuntimeAttributes>
                        </label>
                    </subviews></view>
                    <userDefinedRuntimeAttributes>
                        <userDefinedRuntimeAttribute type="string" keyPath="unwindActions" value="unwindToRoot:"/>
                        <userDefinedRuntimeAttribute type="string" keyPath="analyticsName" value="home"/>
                    </userDefinedRuntimeAttributes>
                </viewController>
            </objects></scene></scenes>
        </document>
        """

    private static var classes: StoryboardClasses {
        let classes = StoryboardClasses()
        classes.registerView(element: "label") { Label() }
        return classes
    }

    private static func object(_ name: String) throws -> SceneObject {
        let model = try StoryboardModel.parse(Array(storyboard.utf8), file: "Attributes.storyboard", controllers: { _ in false }).model
        return try #require(model.allObjects.first { $0.elementName == name })
    }

    @Test("Every type Xcode writes is read, with its value")
    func everyType() throws {
        let attributes = try Self.object("label").runtimeAttributes
        #expect(attributes.map(\.value) == [
            .string("Set at runtime"), .number(8.5), .boolean(true), .point(x: 4, y: 3), .size(width: 1, height: 2),
            .rect(x: 1, y: 2, width: 3, height: 4), .range(location: 2, length: 5), .color, .image("star"),
            .localizedString("Hint"), .nil,
        ])
        #expect(attributes.first?.line == 8)
    }

    @Test("A scene declares its stand-in's unwind actions with unwindActions, selectors separated by commas")
    func unwindActionsDeclaration() throws {
        #expect(RuntimeAttribute.declaredUnwindActions(of: try Self.object("viewController")) == ["unwindToRoot:"])
        #expect(RuntimeAttribute.selectors(in: " a:, b:c: ,,") == ["a:", "b:c:"])
    }

    @Test("A key path the view decodes is set from the attribute, over the element's own value")
    func appliedToTheView() throws {
        let storyboard = try Storyboard(data: Array(Self.storyboard.utf8), name: "Attributes.storyboard", classes: Self.classes)
        let controller = try #require(storyboard.instantiateInitialViewController())
        let label = try #require(controller.view.allViews.compactMap { $0 as? Label }.first)
        #expect(label.text == "Set at runtime")
    }

    @Test("lint reports every attribute that means nothing here as a warning with its line, and none of those it applies")
    func lintWarnings() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("Attributes-\(UUID().uuidString).storyboard")
        try Self.storyboard.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let check = Storyboard.check(contentsOfFile: url.path, name: "Attributes.storyboard", classes: Self.classes)
        #expect(check.errors.isEmpty)
        let lines = check.warnings.map(\.description)
        #expect(lines.count == 11, "\(lines)")
        #expect(lines.first == "Attributes.storyboard:9: warning: ignored: keyPath \"layer.cornerRadius\" on a label (line 6): the terminal has no such property")
        #expect(lines.last == "Attributes.storyboard:36: warning: ignored: keyPath \"analyticsName\" on a view controller (line 4): the terminal has no such property")
        #expect(!lines.contains { $0.contains("\"text\"") || $0.contains("unwindActions") })
    }
}
