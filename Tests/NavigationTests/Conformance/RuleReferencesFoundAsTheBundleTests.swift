import Foundation
import Navigation
import Storyboards
import Testing

/// UIKit's `UIStoryboard(name:bundle:)`: `name` is "The name of the storyboard resource file
/// without the filename extension", found in "The bundle containing the storyboard file and its
/// related resources"; with none, "an exception is thrown with description: Could not find a
/// storyboard named 'XXXXXX' in bundle". A storyboard reference opens its `storyboardName` the same
/// way, and Xcode copies every storyboard of a target into that one bundle, flat: `Detail` finds
/// `Detail.storyboard` one folder up, in a sibling `.lproj`, or in a group's subfolder, and two
/// files of one name cannot both be in it (issue 18, difference 5).
@MainActor
@Suite("Conformance: a storyboard reference finds its file as the app's bundle would")
struct RuleReferencesFoundAsTheBundleTests {
    /// A project of its own for each test: `App.xcodeproj/` beside `App/Base.lproj/Main.storyboard`.
    private let project: URL

    init() throws {
        project = FileManager.default.temporaryDirectory.appendingPathComponent("lookup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: project.appendingPathComponent("App.xcodeproj"), withIntermediateDirectories: true)
        try write("App/Base.lproj/Main", Self.referring)
    }

    private func write(_ relative: String, _ text: String) throws {
        let url = project.appendingPathComponent(relative + ".storyboard")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// The initial scene is a reference to `Detail`'s initial scene.
    private static let referring = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="ref">
            <scenes><scene sceneID="s1"><objects>
                <viewControllerPlaceholder storyboardName="Detail" id="ref" sceneMemberID="viewController"/>
            </objects></scene></scenes>
        </document>
        """

    private static func detail(_ title: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="t">
            <scenes><scene sceneID="s1"><objects>
                <viewController id="t" title="\(title)" sceneMemberID="viewController"/>
            </objects></scene></scenes>
        </document>
        """
    }

    /// The title of the scene `Main`'s reference makes, or the errors loading gives.
    private func opened(searchPaths: [String] = []) -> Result<String?, StoryboardErrors> {
        let classes = StoryboardClasses()
        classes.referenceSearchPaths = searchPaths
        return Result { () throws(StoryboardErrors) in
            let main = try Storyboard(contentsOfFile: project.appendingPathComponent("App/Base.lproj/Main.storyboard").path, classes: classes)
            return main.instantiateInitialViewController()?.title
        }
    }

    @Test("Beside, one folder up from Base.lproj, in a sibling .lproj, and in a group's subfolder of the project: each is found")
    func eachPlace() throws {
        for (place, title) in [("App/Base.lproj/Detail", "beside"), ("App/Detail", "up"), ("App/en.lproj/Detail", "sibling"),
                               ("App/Features/Detail/Detail", "group")] {
            let fresh = try RuleReferencesFoundAsTheBundleTests()
            try fresh.write(place, Self.detail(title))
            #expect(try fresh.opened().get() == title, "\(place)")
        }
    }

    @Test("Beside wins over the rest of the project; Base.lproj over en.lproj of the same folder, which are one storyboard")
    func order() throws {
        try write("App/Base.lproj/Detail", Self.detail("beside"))
        try write("App/Features/Detail", Self.detail("group"))
        #expect(try opened().get() == "beside")
        let localized = try RuleReferencesFoundAsTheBundleTests()
        try localized.write("App/Features/en.lproj/Detail", Self.detail("en"))
        try localized.write("App/Features/Base.lproj/Detail", Self.detail("base"))
        #expect(try localized.opened().get() == "base")
    }

    @Test("Two files of the name in the project are refused at the reference's line, each listed")
    func ambiguous() throws {
        try write("App/A/Detail", Self.detail("a"))
        try write("App/B/Detail", Self.detail("b"))
        let errors = try #require(opened().failure)
        #expect(errors.errors.count == 1)
        let message = errors.errors[0].description
        #expect(message.contains("Main.storyboard:4: error: the storyboard reference to \"Detail\" could open any of"), "\(message)")
        #expect(message.contains("App/A/Detail.storyboard") && message.contains("App/B/Detail.storyboard"), "\(message)")
    }

    @Test("Outside the project only --storyboard-path finds it; a link that leads back up the tree is not followed")
    func searchPaths() throws {
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("elsewhere-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try Self.detail("elsewhere").write(to: elsewhere.appendingPathComponent("Detail.storyboard"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: project.appendingPathComponent("App/loop"), withDestinationURL: project)
        let errors = try #require(opened().failure)
        #expect(errors.errors[0].message.contains("--storyboard-path DIR adds a folder"), "\(errors)")
        #expect(try opened(searchPaths: [elsewhere.path]).get() == "elsewhere")
    }

    @Test("A file found through another folder is the same file: the reference and Storyboard(named:) share one instance")
    func identityIsTheFile() throws {
        try write("App/Features/Detail", Self.detail("group"))
        let main = try Storyboard(contentsOfFile: project.appendingPathComponent("App/Base.lproj/Main.storyboard").path, classes: StoryboardClasses())
        let detail = try main.storyboard(named: "Detail")
        #expect(main.instantiateInitialViewController()?.storyboard === detail)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
