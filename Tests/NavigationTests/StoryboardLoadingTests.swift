import Foundation
import Navigation
@testable import Storyboards
import Testing

/// Loading storyboards: every defect reported with its file and line, in words a storyboard
/// author understands; valid storyboards connect their outlets and read past what a terminal
/// has no use for.
@MainActor
@Suite("Storyboard loading")
struct StoryboardLoadingTests {
    /// A defective fixture: the words its one error must use. The line comes from the fixture's
    /// own comment on line 2, "DEFECT line N".
    struct Defect: Sendable, CustomTestStringConvertible {
        let file: String
        let words: [String]
        var testDescription: String { file }
    }

    nonisolated static let defects: [Defect] = [
        Defect(file: "DanglingDestination", words: ["rDS-Ri-NoK", "segue", "no object"]),
        Defect(file: "UnknownOutlet", words: ["FirstViewController", "missingOutlet", "label"]),
        Defect(file: "DuplicateID", words: ["duplicate", "y7z-0w-8L5", "line 39"]),
        Defect(file: "UnknownClass", words: ["NoSuchViewController", "unknown", "FirstViewController"]),
        Defect(file: "MissingInitial", words: ["initialViewController", "E5E-Np-Mfo"]),
        Defect(file: "OtherScenesExit", words: ["another scene's Exit", "\"First\"", "line 20", "its own scene's Exit"]),
    ]

    /// The line the fixture's comment names as its defect.
    static func defectLine(of name: String) throws -> Int {
        let text = try String(contentsOf: Fixtures.url(name), encoding: .utf8)
        let comment = text.split(separator: "\n", omittingEmptySubsequences: false)[1]
        let number = try #require(comment.firstRange(of: "DEFECT line ").map { comment[$0.upperBound...].prefix { $0.isNumber } })
        return try #require(Int(number))
    }

    @Test("A defective storyboard throws one error naming the file, the defect's line and the problem", arguments: defects)
    func defectiveStoryboard(_ defect: Defect) throws {
        let errors = try Fixtures.errors(loading: defect.file)
        #expect(errors.count == 1, "\(errors)")
        let error = try #require(errors.first)
        let line = try Self.defectLine(of: defect.file)
        #expect(error.file == "\(defect.file).storyboard")
        #expect(error.line == line)
        for word in defect.words {
            #expect(error.message.localizedCaseInsensitiveContains(word), "\(error.message) does not mention \(word)")
        }
        #expect(error.description == "\(defect.file).storyboard:\(error.line): error: \(error.message)")
        #expect(StoryboardErrors(errors: errors).description == error.description)
    }

    @Test("A malformed storyboard's error names the element left open and the line it was opened on")
    func malformedXML() throws {
        // Malformed.storyboard: the <rect> of line 40 is never closed; the parser notices at </label>, line 44.
        let errors = try Fixtures.errors(loading: "Malformed")
        #expect(errors.count == 1)
        let error = try #require(errors.first)
        let line = try Self.defectLine(of: "Malformed")
        #expect(error.file == "Malformed.storyboard")
        #expect(error.message.contains("not well-formed"))
        #expect(error.message.contains("rect"), "the message should name the element left open: \(error.message)")
        #expect(error.line == line || error.message.contains("line \(line)"),
                "the error should lead to line \(line): \(error.description)")
        #expect(!error.message.contains("NSXMLParserErrorDomain"), "a parser's error code means nothing to a storyboard author")
        #expect(error.description == "Malformed.storyboard:\(error.line): error: \(error.message)")
    }

    @Test("Every connection defect of a storyboard is reported at once, in line order: an action the class lacks, an outlet holding the wrong type")
    func connectionDefects() throws {
        let errors = try Fixtures.errors(loading: "ConnectionDefects")
        #expect(errors.map(\.line) == [15, 21])
        let action = try #require(errors.first)
        #expect(action.message.contains("FirstViewController") && action.message.contains("launchRockets:"))
        let outlet = try #require(errors.last)
        #expect(outlet.message.contains("label") && outlet.message.contains("Label") && outlet.message.contains("Button"))
        #expect(StoryboardErrors(errors: errors).description
            == "ConnectionDefects.storyboard:15: error: \(action.message)\nConnectionDefects.storyboard:21: error: \(outlet.message)")
    }

    @Test("A custom segue class the app did not register is reported; registered, the segue's own perform() does the transition")
    func customSegueClass() throws {
        let errors = try Fixtures.errors(loading: "CustomSegue")
        #expect(errors.count == 1)
        let error = try #require(errors.first)
        #expect(error.line == 13)
        #expect(error.message.contains("FadeSegue") && error.message.contains("registerSegue"))

        let classes = Fixtures.classes()
        classes.registerSegue(FadeSegue.self)
        let storyboard = try Fixtures.load("CustomSegue", classes: classes)
        let source = try #require(storyboard.instantiateInitialViewController() as? SourceViewController)
        let recorder = Recorder()
        source.title = "S"
        source.recorder = recorder
        let window = window(showing: source, recorder: recorder)
        recorder.reset()

        try button("Fade", in: source).sendActions()

        #expect(recorder.steps.contains("perform FadeSegue fade S→Detail"))
        #expect(recorder.log.filter { $0 == "call FadeSegue.perform" }.count == 1)
        #expect(source.prepared.first?.segue is FadeSegue)
        #expect(window.topViewController is DetailViewController)
    }

    @Test("A storyboard that cannot be read is reported with its name and the reason")
    func unreadableFile() {
        #expect {
            _ = try Storyboard(contentsOfFile: "/nonexistent/Nowhere.storyboard", classes: Fixtures.classes())
        } throws: { error in
            guard let errors = error as? StoryboardErrors, let first = errors.errors.first else { return false }
            return errors.errors.count == 1 && first.file.hasSuffix("Nowhere.storyboard") && first.message.contains("cannot read")
        }
    }

    @Test("Outlets are connected when the view loads, not before, as in UIKit")
    func outletsConnectWhenTheViewLoads() throws {
        let storyboard = try Fixtures.load("Stack")
        let nav = try #require(storyboard.instantiateInitialViewController() as? NavigationController)
        let first = try #require(nav.topViewController as? FirstViewController)
        #expect(!first.isViewLoaded)
        #expect(first.label == nil)

        first.loadViewIfNeeded()

        let label = try #require(first.label)
        #expect(label.text == "First")
        #expect(first.view.allViews.contains { $0 === label })
        #expect(label.viewController === first)
        #expect(first.lifeCycle == ["viewDidLoad"])
    }

    @Test("Each instantiation makes new controllers, views and outlets")
    func instantiationsAreIndependent() throws {
        let storyboard = try Fixtures.load("Unwinding")
        let one = try #require(storyboard.instantiateViewController(withIdentifier: "detail") as? DetailViewController)
        let two = try #require(storyboard.instantiateViewController(withIdentifier: "detail") as? DetailViewController)
        #expect(one !== two)
        one.loadViewIfNeeded()
        two.loadViewIfNeeded()
        #expect(one.label != nil && two.label != nil && one.label !== two.label)
        #expect(one.label?.text == "Detail")
        #expect(storyboard.instantiateViewController(withIdentifier: "noSuchScene") == nil)
        #expect(storyboard.instantiateInitialViewController() == nil, "Unwinding.storyboard names no initial scene")
    }

    @Test("Elements and attributes a terminal has no use for (constraints, colours, fonts, images, stack views) are read past")
    func unknownElementsAreIgnored() throws {
        // Stack.storyboard: constraints, colours, fonts, layout guides, device, dependencies.
        let stack = try Fixtures.load("Stack")
        let nav = try #require(stack.instantiateInitialViewController() as? NavigationController)
        let first = try #require(nav.topViewController as? FirstViewController)
        #expect(first.view.subviews.count == 3, "the label and two buttons; constraints and colours make no views")
        #expect(first.view.subviews.first is Label)
        #expect(first.view.subviews.dropFirst().allSatisfy { $0 is Button })
        #expect(try button("Next", in: first).title == "Next")
        #expect(try button("Present", in: first).title == "Present")

        // Ornate.storyboard: unknown elements become plain views, unknown attributes are ignored.
        let ornate = try Fixtures.load("Ornate")
        let controller = try #require(ornate.instantiateInitialViewController() as? FirstViewController)
        controller.loadViewIfNeeded()
        #expect(controller.label?.text == "Inside a stack")
        let stackView = try #require(controller.view.subviews.first)
        #expect(type(of: stackView) == View.self)
        #expect(stackView.subviews.count == 2)
        #expect(stackView.subviews.last === controller.label)
        #expect(controller.navigationItem.title == "Ornate")
    }

    @Test("A title the controller's initialiser sets survives instantiation from a scene that sets none, as with UIKit's init(coder:)")
    func initialiserTitleSurvives() throws {
        // SourceViewController's initialiser titles it "Source"; the "source" scene has no title.
        #expect(SourceViewController().title == "Source")
        let storyboard = try Fixtures.load("Unwinding")
        let source = try #require(storyboard.instantiateViewController(withIdentifier: "source"))
        #expect(source.title == "Source")
    }
}

/// A custom segue: it presents without the engine's help, and notes that it ran.
final class FadeSegue: StoryboardSegue {
    override func perform() {
        (source as? Probe)?.recorder?.call("FadeSegue.perform")
        source.present(destination, animated: false)
    }
}
