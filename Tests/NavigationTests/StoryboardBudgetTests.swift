import Foundation
import Navigation
@testable import Storyboards
import TestSupport
import Testing

/// A folder of storyboards is read within one budget: each file once whatever spells it, a
/// bounded number of files, bytes and elements, and containment no deeper than the limit, with
/// a message naming the limit.
@MainActor
@Suite("Storyboard budget")
struct StoryboardBudgetTests {
    private let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder("budget") }

    private func write(_ file: String, _ text: String) throws { try folder.write(file, text) }

    private func path(_ file: String) -> String { folder.path(file) }

    private func load(_ file: String) throws(StoryboardErrors) -> Storyboard {
        try Storyboard(contentsOfFile: path(file), classes: StoryboardClasses())
    }

    /// The errors loading `file` reports, or none.
    private func errors(loading file: String) -> [StoryboardDiagnostic] {
        do {
            _ = try load(file)
            return []
        } catch {
            return error.errors
        }
    }

    @Test("Two references to one file, spelled /X and ./X, open it once")
    func twoSpellingsOfOneFile() throws {
        try write("X.storyboard", HostileStoryboards.references(to: ["/X", "./X"]))
        let storyboard = try load("X.storyboard")
        #expect(storyboard.filesOpen.count == 1)
    }

    @Test("A storyboard that refers to itself, as /X, ./X, ../d/X or X, is one storyboard")
    func selfReference() throws {
        for name in ["/X", "./X", "../d/X", "X", "/./X"] {
            try write("d/X.storyboard", HostileStoryboards.references(to: [name]))
            let storyboard = try load("d/X.storyboard")
            #expect(storyboard.filesOpen.count == 1, "\(name)")
            // Each reference leads to the file's initial scene, made from the same storyboard.
            #expect(storyboard.instantiateInitialViewController() != nil)
        }
    }

    @Test("A file and a hard link to it are one file")
    func hardLink() throws {
        try write("X.storyboard", HostileStoryboards.references(to: ["Y"]))
        try FileManager.default.linkItem(atPath: path("X.storyboard"), toPath: path("Y.storyboard"))
        #expect(try load("X.storyboard").filesOpen.count == 1)
    }

    @Test("Containment 64 levels deep loads; 65 and 30,000 and 100,000 are refused with the line, for every kind")
    func containmentDepth() throws {
        let limit = StoryboardBudget.maximumContainmentDepth
        for kind in HostileStoryboards.Containment.allCases {
            try write("\(kind).storyboard", HostileStoryboards.chain(kind, levels: limit))
            let storyboard = try load("\(kind).storyboard")
            #expect(storyboard.instantiateInitialViewController() != nil, "\(kind)")
            for levels in [limit + 1, 30_000, 100_000] {
                try write("\(kind)-\(levels).storyboard", HostileStoryboards.chain(kind, levels: levels))
                let found = errors(loading: "\(kind)-\(levels).storyboard")
                #expect(found.count == 1, "\(kind) \(levels)")
                #expect(found.first.map { $0.message.contains("levels deep") || $0.message.contains("elements") || $0.message.contains("MiB") } == true,
                        "\(kind) \(levels): \(found)")
            }
            #expect(errors(loading: "\(kind)-\(limit + 1).storyboard").first?.line == 4, "\(kind): the first scene's line")
        }
    }

    @Test("Containment is counted across storyboard references")
    func containmentAcrossReferences() throws {
        // A's tab holds a reference to B, whose chain is the limit deep: one level too many.
        try write("B.storyboard", HostileStoryboards.chain(.tab, levels: StoryboardBudget.maximumContainmentDepth))
        try write("A.storyboard", HostileStoryboards.tabHoldingReference(to: "B"))
        let found = errors(loading: "A.storyboard")
        #expect(found.count == 1)
        #expect(found.first?.message.contains("more than \(StoryboardBudget.maximumContainmentDepth) levels deep") == true, "\(found)")
    }

    @Test("Two files whose tab bars hold each other through references are refused with the chain of file:line steps")
    func containmentCycleAcrossFiles() throws {
        try write("A.storyboard", HostileStoryboards.tabHoldingReference(to: "B"))
        try write("B.storyboard", HostileStoryboards.tabHoldingReference(to: "./A"))
        let messages = errors(loading: "A.storyboard").map(\.description).joined(separator: "\n")
        #expect(messages.contains("contain themselves through storyboard references"), "\(messages)")
        #expect(messages.contains("B.storyboard:5") && messages.contains("A.storyboard:5"), "\(messages)")
    }

    @Test("A chain of 8,000 referenced files is refused at the 101st file, with one message")
    func fileChain() throws {
        for (name, text) in HostileStoryboards.fileChain(count: 8_000) { try write(name, text) }
        let found = errors(loading: "F0.storyboard")
        #expect(found.count == 1, "\(found.prefix(3))")
        #expect(found.first?.file.hasSuffix("F\(StoryboardBudget.maximumFiles).storyboard") == true)
        #expect(found.first?.message.contains("at most \(StoryboardBudget.maximumFiles)") == true)
        // A chain within the budget loads.
        for (name, text) in HostileStoryboards.fileChain(count: StoryboardBudget.maximumFiles) { try write("short/" + name, text) }
        #expect(errors(loading: "short/F0.storyboard").isEmpty)
    }

    @Test("Files that together pass 16 MiB are refused, naming the run's budget")
    func bytesInAll() throws {
        let third = StoryboardBudget.maximumBytes / 3 + 1024
        try write("A.storyboard", HostileStoryboards.references(to: ["B", "C"]))
        try write("B.storyboard", HostileStoryboards.padded(toBytes: third))
        try write("C.storyboard", HostileStoryboards.references(to: ["D"]) + "<!--" + String(repeating: "x", count: third) + "-->")
        try write("D.storyboard", HostileStoryboards.padded(toBytes: third))
        let found = errors(loading: "A.storyboard")
        #expect(found.count == 1)
        #expect(found.first?.message.contains("16 MiB of storyboards in all") == true, "\(found)")
    }

    @Test("Files that together pass 250,000 elements are refused, naming the run's budget")
    func elementsInAll() throws {
        try write("A.storyboard", HostileStoryboards.references(to: ["B", "C"]))
        try write("B.storyboard", HostileStoryboards.largest(views: 1, resources: StoryboardBudget.maximumElements / 2))
        try write("C.storyboard", HostileStoryboards.largest(views: 1, resources: StoryboardBudget.maximumElements / 2))
        let found = errors(loading: "A.storyboard")
        #expect(found.count == 1)
        #expect(found.first?.message.contains("elements in the storyboards of this run") == true, "\(found)")
    }

    @Test("References that lead to each other are a cycle named with each file:line step")
    func referenceCycleSteps() throws {
        let placeholder = { (name: String) in
            HostileStoryboards.references(to: []).replacingOccurrences(of: "initialViewController=\"root\"", with: "initialViewController=\"p\"")
                .replacingOccurrences(of: "</scenes>", with: "<scene><objects><viewControllerPlaceholder storyboardName=\"\(name)\" id=\"p\" sceneMemberID=\"viewController\"/></objects></scene>\n</scenes>")
        }
        try write("A.storyboard", HostileStoryboards.references(to: ["B"]))
        try write("B.storyboard", placeholder("C"))
        try write("C.storyboard", placeholder("./B"))
        let messages = errors(loading: "A.storyboard").map(\.description).joined(separator: "\n")
        #expect(messages.contains("lead to each other and never to a scene"), "\(messages)")
        #expect(messages.contains("B.storyboard:5 → ") && messages.contains("C.storyboard:5"), "\(messages)")
    }

    @Test("A scene of more than 10,000 views is refused at its line; 10,000 load")
    func viewsPerScene() throws {
        try write("Most.storyboard", HostileStoryboards.labels(StoryboardBudget.maximumViewsPerScene - 1))
        #expect(errors(loading: "Most.storyboard").isEmpty)
        try write("More.storyboard", HostileStoryboards.labels(StoryboardBudget.maximumViewsPerScene))
        let found = errors(loading: "More.storyboard")
        #expect(found.count == 1)
        #expect(found.first?.message.contains("more than the \(StoryboardBudget.maximumViewsPerScene) views a scene may have") == true, "\(found)")
    }
}
