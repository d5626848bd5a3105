import Foundation
import Navigation
@testable import Storyboards
import Testing

/// Storyboard references (`viewControllerPlaceholder`): the file `NAME.storyboard` beside the
/// storyboard, the scene with the Storyboard ID `referencedIdentifier` (or its initial scene),
/// checked when the storyboard loads, with the placeholder's line.
@MainActor
@Suite("Storyboard references")
struct StoryboardReferenceTests {
    /// A directory of its own for each test, holding the storyboards it writes.
    private let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("references-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    private func write(_ name: String, _ text: String) throws {
        try text.write(to: directory.appendingPathComponent(name + ".storyboard"), atomically: true, encoding: .utf8)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name + ".storyboard").path }

    /// A storyboard whose initial scene, "Start", has a button "Go" with a show segue to a
    /// reference; `reference` is the placeholder's attributes. The reference is on line 11.
    private static func referring(_ reference: String, initial: Bool = true) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"\(initial ? " initialViewController=\"start\"" : "")>
            <scenes>
                <scene sceneID="s1"><objects>
                    <viewController id="start" storyboardIdentifier="Start" sceneMemberID="viewController">
                        <view key="view" id="v1"><subviews><button id="b1"><state key="normal" title="Go"/>
                            <connections><segue destination="ref" kind="show" id="g1"/></connections></button></subviews></view>
                        <navigationItem key="navigationItem" title="Start" id="n1"/>
                    </viewController></objects></scene>
                <scene sceneID="s2"><objects>
                    <viewControllerPlaceholder \(reference) id="ref" sceneMemberID="viewController"/>
                </objects></scene>
            </scenes>
        </document>
        """
    }

    /// A storyboard with one scene titled `title`, with a Storyboard ID, initial.
    private static func target(title: String, identifier: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="t">
            <scenes><scene sceneID="s1"><objects>
                <viewController id="t" storyboardIdentifier="\(identifier)" sceneMemberID="viewController">
                    <navigationItem key="navigationItem" title="\(title)" id="n1"/>
                </viewController></objects></scene></scenes>
        </document>
        """
    }

    private static var classes: StoryboardClasses {
        let classes = StoryboardClasses()
        classes.registerView(element: "button") { Button() }
        return classes
    }

    /// Loads `Main`, taps Go, and says what was pushed or presented.
    private func go() throws -> ViewController? {
        let storyboard = try Storyboard(contentsOfFile: path("Main"), classes: Self.classes)
        let start = try #require(storyboard.instantiateInitialViewController())
        let window = NavigationTests.window(showing: start, recorder: Recorder())
        try button("Go", in: start).sendActions()
        return window.rootViewController?.presentedViewController
    }

    @Test("A reference leads to the scene with its referencedIdentifier in NAME.storyboard beside the storyboard")
    func referenceByIdentifier() throws {
        try write("Main", Self.referring(#"storyboardName="Detail" referencedIdentifier="Page""#))
        try write("Detail", Self.target(title: "Detail page", identifier: "Page"))
        let shown = try #require(try go())
        #expect(shown.navigationItem.title == "Detail page")
        #expect(shown.storyboard?.name == path("Detail"))
    }

    @Test("A reference without referencedIdentifier leads to the other storyboard's initial scene")
    func referenceToInitialScene() throws {
        try write("Main", Self.referring(#"storyboardName="Detail""#))
        try write("Detail", Self.target(title: "Detail page", identifier: "Page"))
        #expect(try go()?.navigationItem.title == "Detail page")
    }

    @Test("Storyboard(named:) opens the storyboard beside this one, the same one its references use, as UIStoryboard(name:bundle:) does")
    func storyboardNamed() throws {
        try write("Main", Self.referring(#"storyboardName="Detail""#))
        try write("Detail", Self.target(title: "Detail page", identifier: "Page"))
        let main = try Storyboard(contentsOfFile: path("Main"), classes: Self.classes)
        let detail = try main.storyboard(named: "Detail")
        #expect(detail.instantiateViewController(withIdentifier: "Page")?.navigationItem.title == "Detail page")
        #expect(try main.storyboard(named: "Detail") === detail)
        #expect(throws: StoryboardErrors.self) { try main.storyboard(named: "Missing") }
    }

    @Test("A reference to a file that is not there is refused at load, at the placeholder's line, naming the file")
    func missingFile() throws {
        try write("Main", Self.referring(#"storyboardName="Detail" referencedIdentifier="Page""#))
        let error = try #require(errors(loading: "Main").first)
        #expect(error.line == 11)
        #expect(error.file == path("Main"))
        #expect(error.message.contains("Detail.storyboard") && error.message.contains("no such file"), "\(error)")
        // lint finds it too.
        #expect(Storyboard.check(contentsOfFile: path("Main"), classes: Self.classes).errors == [error])
    }

    @Test("A reference to a Storyboard ID the other storyboard does not have is refused at the placeholder's line")
    func missingIdentifier() throws {
        try write("Main", Self.referring(#"storyboardName="Detail" referencedIdentifier="Nope""#))
        try write("Detail", Self.target(title: "Detail page", identifier: "Page"))
        let errors = errors(loading: "Main")
        #expect(errors.count == 1)
        #expect(errors.first?.line == 11)
        #expect(errors.first?.message.contains("Storyboard ID \"Nope\"") == true, "\(errors)")
    }

    @Test("A reference to a storyboard without an initial scene, and no referencedIdentifier, is refused")
    func noInitialScene() throws {
        try write("Main", Self.referring(#"storyboardName="Detail""#))
        try write("Detail", Self.referring(#"referencedIdentifier="Start""#, initial: false))
        let errors = errors(loading: "Main")
        #expect(errors.map(\.line) == [11])
        #expect(errors.first?.message.contains("has none") == true, "\(errors)")
    }

    @Test("Two storyboards that refer to each other load, each once, and a segue goes from one to the other and back")
    func referencesBetweenTwoFiles() throws {
        try write("Main", Self.referring(#"storyboardName="Other" referencedIdentifier="Start""#))
        try write("Other", Self.referring(#"storyboardName="Main" referencedIdentifier="Start""#))
        let main = try Storyboard(contentsOfFile: path("Main"), classes: Self.classes)
        let start = try #require(main.instantiateInitialViewController())
        let window = NavigationTests.window(showing: start, recorder: Recorder())
        try button("Go", in: start).sendActions()
        let other = try #require(window.rootViewController?.presentedViewController)
        #expect(other.storyboard?.name == path("Other"))
        try button("Go", in: other).sendActions()
        #expect(other.presentedViewController?.storyboard === main)
    }

    @Test("References that lead only to each other are refused at load instead of going round forever")
    func referenceCycle() throws {
        // Each storyboard's initial scene is a reference to the other's.
        let loop = { (other: String) in
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="ref">
                <scenes><scene sceneID="s1"><objects>
                    <viewControllerPlaceholder storyboardName="\(other)" id="ref" sceneMemberID="viewController"/>
                </objects></scene></scenes>
            </document>
            """
        }
        try write("Main", loop("Other"))
        try write("Other", loop("Main"))
        let errors = errors(loading: "Main")
        #expect(!errors.isEmpty)
        #expect(errors.contains { $0.message.contains("lead to each other") }, "\(errors)")
    }

    @Test("A navigation controller whose root is, through a reference, a navigation controller (roots going round two files) is refused at load")
    func relationshipCycleAcrossFiles() throws {
        let navigation = { (other: String) in
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="nav">
                <scenes>
                    <scene sceneID="s1"><objects>
                        <navigationController id="nav" storyboardIdentifier="Nav" sceneMemberID="viewController">
                            <connections><segue destination="ref" kind="relationship" relationship="rootViewController" id="r1"/></connections>
                        </navigationController></objects></scene>
                    <scene sceneID="s2"><objects>
                        <viewControllerPlaceholder storyboardName="\(other)" referencedIdentifier="Nav" id="ref" sceneMemberID="viewController"/>
                    </objects></scene>
                </scenes>
            </document>
            """
        }
        try write("Main", navigation("Other"))
        try write("Other", navigation("Main"))
        let errors = errors(loading: "Main")
        // Loading Main opens Other, whose navigation controller's root leads back to Main's.
        #expect(errors.map(\.file) == [path("Main"), path("Other")])
        #expect(errors.first?.message.contains("does not load: 1 error in it") == true, "\(errors)")
        #expect(errors.last?.line == 6)
        #expect(errors.last?.message.contains("is, through the storyboard reference \"ref\", a navigation controller") == true, "\(errors)")
    }

    /// What loading the storyboard `name` of the test's directory reports.
    private func errors(loading name: String) -> [StoryboardDiagnostic] {
        do {
            _ = try Storyboard(contentsOfFile: path(name), classes: Self.classes)
            return []
        } catch {
            return error.errors
        }
    }
}
