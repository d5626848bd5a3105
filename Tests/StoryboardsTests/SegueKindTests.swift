@testable import Storyboards
import Testing

/// A segue's kind is read once, from what Interface Builder writes, into the model that loading,
/// lint and graph share: legacy kinds read as what replaced them, unknown ones are kept as written.
@Suite("Segue kinds as Interface Builder writes them")
struct SegueKindTests {
    static func kind(_ attributes: String) throws -> SegueKind {
        let xml = "<document><segue id=\"s\" destination=\"d\" \(attributes)/></document>"
        let bytes = Array(xml.utf8)
        let root = try bytes.withUnsafeBufferPointer { buffer throws(StoryboardDiagnostic) in
            try StoryboardParser.parse(buffer, file: "T.storyboard", elementAllowance: 10).root
        }
        return SegueKind(of: try #require(root.children.first))
    }

    @Test("Each kind, and the legacy kind that it replaced, reads as one", arguments: [
        ("kind=\"show\"", SegueKind.show), ("kind=\"push\"", .show),
        ("kind=\"showDetail\"", .showDetail), ("kind=\"replace\"", .showDetail),
        ("kind=\"presentation\" modalPresentationStyle=\"formSheet\"", .presentation(style: "formSheet")),
        ("kind=\"modal\"", .presentation(style: nil)),
        ("kind=\"popoverPresentation\" popoverAnchorView=\"b\"", .popover(anchorID: "b")), ("kind=\"popover\"", .popover(anchorID: nil)),
        ("kind=\"relationship\" relationship=\"rootViewController\"", .relationship("rootViewController")),
        ("kind=\"embed\"", .embed), ("kind=\"custom\" customClass=\"FadeSegue\"", .custom(className: "FadeSegue")),
        ("kind=\"unwind\" unwindAction=\"cancel:\"", .unwind(action: "cancel:")), ("kind=\"curl\"", .unknown("curl")),
    ])
    func reads(attributes: String, expected: SegueKind) throws {
        #expect(try Self.kind(attributes) == expected)
    }

    @Test("Containment is a relationship or an embed; only a navigation controller's root relationship is its root")
    func containment() throws {
        #expect(try Self.kind("kind=\"embed\"").isContainment)
        #expect(try Self.kind("kind=\"relationship\" relationship=\"viewControllers\"").isContainment)
        #expect(try !Self.kind("kind=\"relationship\" relationship=\"viewControllers\"").isRootViewController)
        #expect(try !Self.kind("kind=\"show\"").isContainment)
    }
}
