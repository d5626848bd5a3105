@testable import Navigation
import Storyboards
import Testing

/// Each family of lint's warnings is a function of the storyboard, tested alone: on a storyboard
/// made to have one such mistake it finds that one, at its line, under its rule, and every family
/// lint runs has such a test.
@MainActor
@Suite("Lint's rules, one at a time")
struct LintRuleTests {
    /// A storyboard whose first scene is `home`, a plain view controller with `controls` in its
    /// view and `connections`; then `more` (other scenes, each a whole `<scene>`).
    nonisolated static func storyboard(controls: String = "", connections: String = "", beside: String = "", more: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="home">
            <scenes>
                <scene sceneID="s-home">
                    <objects>
                        <viewController id="home" sceneMemberID="viewController">
                            <view key="view" id="home-view">
                                <subviews>\(controls)</subviews>
                            </view>
                            <connections>\(connections)</connections>
                        </viewController>
                        <exit id="home-exit" sceneMemberID="exit"/>\(beside)
                    </objects>
                </scene>\(more)
            </scenes>
        </document>
        """
    }

    nonisolated static func scene(_ id: String, element: String = "viewController", identifier: String? = nil, marked: Bool = false, inside: String = "") -> String {
        """

                <scene sceneID="s-\(id)"><objects>
                    <\(element) id="\(id)"\(identifier.map { " storyboardIdentifier=\"\($0)\"" } ?? "")\(marked ? " MARK=\"\"" : "") sceneMemberID="viewController">\(inside)</\(element)>
                </objects></scene>
        """
    }

    /// One storyboard for each family, with the mistake it finds marked `MARK`.
    nonisolated static let cases: [(family: String, rule: StoryboardRule, text: String)] = [
        ("unfireableConnections", .unfireableConnection, storyboard(beside: """
            <barButtonItem title="Loose" id="loose"><connections><action selector="done:" destination="home" id="MARK"/></connections></barButtonItem>
            """)),
        ("unimplementedUnwindActions", .unimplementedUnwindAction, storyboard(controls: """
            <button id="back"><connections><segue destination="home-exit" kind="unwind" unwindAction="goHome:" id="MARK"/></connections></button>
            """)),
        ("containerRequirements", .containerRequirements, storyboard(controls: """
            <button id="tabs-button"><connections><segue destination="tabs" kind="show" id="to-tabs"/></connections></button>
            """, more: scene("tabs", element: "tabBarController", identifier: "Tabs", marked: true))),
        ("unperformedManualSegues", .unperformedManualSegue, storyboard(connections: """
            <segue destination="next" kind="show" identifier="toNext" id="MARK"/>
            """, more: scene("next"))),
        ("unreachableScenes", .unreachableScene, storyboard(more: scene("orphan", marked: true))),
        ("popoversWithoutWayBack", .popoverWithoutWayBack, storyboard(controls: """
            <button id="pop"><connections><segue destination="tip" kind="popoverPresentation" popoverAnchorView="pop" id="MARK"/></connections></button>
            """, more: scene("tip"))),
        ("duplicateSegueIdentifiers", .duplicateSegueIdentifier, storyboard(controls: """
            <button id="b1"><connections><segue destination="next" kind="show" identifier="go" id="first"/></connections></button>
            <button id="b2"><connections><segue destination="next" kind="show" identifier="go" id="MARK"/></connections></button>
            """, more: scene("next"))),
        ("droppedContent", .droppedContent, storyboard(controls: """
            <label text="Welcome" id="welcome"/>
            <imageView image="logo" id="logo" MARK=""/>
            """)),
        ("runtimeAttributes", .runtimeAttribute, storyboard(more: scene("next", identifier: "Next", inside: """
            <userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type="number" keyPath="cornerRadius" value="4" MARK=""/></userDefinedRuntimeAttributes>
            """))),
    ]

    static func classes() -> StoryboardClasses {
        let classes = StoryboardClasses()
        classes.registerView(element: "button") { Button() }
        classes.standIns = StandIns()
        // No class of the app is asked: an unwind no scene implements is lint's warning, not an error.
        classes.checksUnwindActions = false
        return classes
    }

    @Test("Each family finds its one mistake, at its line, under its rule, and nothing else", arguments: cases.map(\.family))
    func oneRule(family name: String) throws {
        let (_, rule, text) = try #require(Self.cases.first { $0.family == name })
        let family = try #require(LintRule.all.first { $0.rule == rule }, "\(name) is a family lint runs")
        let classes = Self.classes()
        let check = Storyboard.check(contents: .success(Array(text.utf8)), ofFile: "Lint.storyboard", classes: classes)
        let outline = try #require(check.outline, "\(check.errors)")
        let found = family.check(outline, classes)
        let markLine = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("MARK") }) + 1
        #expect(found.map(\.rule) == [rule], "\(found)")
        #expect(found.map(\.line) == [markLine], "\(found)")
        #expect(check.warnings == found, "lint reports this family's warning and no other family's")
    }

    @Test("Every family lint runs has its test above")
    func everyFamilyTested() {
        #expect(LintRule.all.map(\.rule.id).sorted() == Self.cases.map(\.rule.id).sorted())
    }
}
