import Foundation
@testable import Storyboards
import TestSupport
import Testing

/// Issue 15's defects, from outside: the real binary on folders of storyboards built to exhaust
/// it, each run's peak memory measured by the kernel (`wait4`) against a bound, and its end
/// checked for a signal. No time is asserted; a hang ends at the runner's timeout as a failure.
@Suite("Hostile storyboard folders")
struct HostileFolderTests {
    /// What any run on any folder may use: issue 15's bound.
    static let memoryBound = 100 << 20

    /// The commands that read a storyboard.
    static let commands: [[String]] = [
        ["storyboard", "lint"], ["storyboard", "graph"],
        ["storyboard", "run", "--headless", "--keys", "q"], ["--headless", "--keys", "q", "--storyboard"],
    ]

    private let folder: TemporaryFolder
    private var directory: URL { folder.url }

    init() throws { folder = try TemporaryFolder("hostile") }

    private func write(_ file: String, _ text: String) throws { try folder.write(file, text) }

    /// Runs every command on `file`; each must end by itself, without a signal, within the bound.
    private func expectBounded(_ file: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for command in Self.commands {
            let run = try await BoundedRun.run(try WalletBinary.url(), command + [file], in: directory)
            let described = (command + [file]).joined(separator: " ")
            #expect(run.signal == nil, "\(described) ended by signal \(run.signal ?? 0)", sourceLocation: sourceLocation)
            #expect(run.peakMemoryBytes < Self.memoryBound, "\(described) peaked at \(run.peakMemoryBytes >> 20) MB", sourceLocation: sourceLocation)
            #expect(!run.standardError.contains("Fatal error"), "\(described): \(run.standardError.prefix(300))", sourceLocation: sourceLocation)
        }
    }

    @Test("Two references to the same file, /X and ./X, end in bounded memory")
    func twoSpellings() async throws {
        try write("d/X.storyboard", HostileStoryboards.references(to: ["/X", "./X"]))
        try await expectBounded("./d/X.storyboard")
    }

    @Test("A self-reference, /X, ends in bounded memory")
    func selfReference() async throws {
        try write("d/X.storyboard", HostileStoryboards.references(to: ["/X"]))
        try await expectBounded("d/X.storyboard")
    }

    @Test("30,000 levels of every kind of containment end without a signal", arguments: HostileStoryboards.Containment.allCases)
    func deepContainment(kind: HostileStoryboards.Containment) async throws {
        try write("Deep.storyboard", HostileStoryboards.chain(kind, levels: 30_000))
        try await expectBounded("Deep.storyboard")
    }

    @Test("64 levels of every kind of containment, the most a run nests, run and draw with the inspector", arguments: HostileStoryboards.Containment.allCases)
    func deepestAllowed(kind: HostileStoryboards.Containment) async throws {
        try write("Deepest.storyboard", HostileStoryboards.chain(kind, levels: 64))
        let run = try await BoundedRun.run(try WalletBinary.url(), ["storyboard", "run", "Deepest.storyboard", "--headless", "--inspector",
                                                                    "--size", "120x40", "--keys", "<tab><enter><tab><enter>"], in: directory)
        #expect(run.status == 0, "\(run.standardError.prefix(500))")
        #expect(run.peakMemoryBytes < Self.memoryBound)
    }

    @Test("A chain of 8,000 referenced files ends without a signal")
    func fileChain() async throws {
        for (name, text) in HostileStoryboards.fileChain(count: 8_000) { try write(name, text) }
        try await expectBounded("F0.storyboard")
    }

    @Test("A 1 GB file beside the storyboard is not read whole")
    func hugeSibling() async throws {
        try write("Main.storyboard", HostileStoryboards.single)
        let big = directory.appendingPathComponent("Big.storyboard").path
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, 1 << 30) == 0)
        try await expectBounded("Main.storyboard")
    }

    @Test("The largest storyboard a run loads, 10,000 views in a scene and 250,000 elements, stays within the bound")
    func largest() async throws {
        // StoryboardBudget: 10,000 views a scene (the root view is one), 250,000 elements a run.
        try write("Largest.storyboard", HostileStoryboards.largest(views: 9_999, resources: 250_000 - 10_010))
        try await expectBounded("Largest.storyboard")
    }
}
