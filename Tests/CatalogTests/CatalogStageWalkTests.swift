import App
import Foundation
import Navigation
import Terminal
import TestSupport
import Testing

/// Every demo of the catalog, and its shipped script, played as a presenter plays them, at each
/// size the README names, with and without each option a presenter adds (`StageWalk`): every
/// frame checked, and each demo ending where it ends without them. With `--step`, each segue
/// is stepped through with Space, as a presenter does.
@MainActor
@Suite("The catalog's demos, on the presenter's stage")
struct CatalogStageWalkTests {
    /// The keys of each tab's demo, as docs/presenting.md gives them.
    nonisolated static let tabDemos = ["2ssr", "2ssn", "3m<esc>", "3pc", "3cu", "4fsou", "5fnnu", "6a", "6n"]

    static func walk(_ steps: [KeyScriptStep], needs: ScriptNeeds = ScriptNeeds(), size: Size,
                     options: StageWalk.Options) throws -> (walk: StageWalk, place: [String], outcomes: [String]) {
        let catalog = try CatalogHarness(size: size)
        var walk = StageWalk(catalog, options: options, needs: needs)
        walk.play(steps)
        return (walk, StageWalk.place(of: catalog.window), catalog.unwindOutcomes)
    }

    static func check(_ name: String, _ steps: [KeyScriptStep], needs: ScriptNeeds = ScriptNeeds(), size: Size) throws {
        let plain = try walk(steps, needs: needs, size: size, options: StageWalk.Options(inspector: false, step: false, slow: false))
        for options in StageWalk.Options.all {
            let run = options == StageWalk.Options(inspector: false, step: false, slow: false) ? plain : try walk(steps, needs: needs, size: size, options: options)
            let at = "\(name) at \(size.width)x\(size.height), \(options)"
            #expect(run.walk.problems.isEmpty, "\(at):\n\(run.walk.problems.prefix(3).joined(separator: "\n"))")
            #expect(run.place == plain.place, "\(at)")
            #expect(run.outcomes == plain.outcomes, "\(at)")
        }
    }

    @Test("Each tab's demo at 80x24, 120x30 and 200x50, with and without --inspector, --step and --animations slow: every frame as it should be, the same end",
          arguments: tabDemos, StageWalk.sizes)
    func demoOnStage(keys: String, size: Size) throws {
        try Self.check(keys, try KeyNotation.parse(keys), size: size)
    }

    nonisolated static let scripts = ["catalog-push.keys", "catalog-split.keys"]

    @Test("Every catalog script in Assets/Demos is walked here")
    func everyScriptIsWalked() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.demos.path).filter { $0.hasPrefix("catalog-") && $0.hasSuffix(".keys") }
        #expect(Set(files) == Set(Self.scripts))
    }

    nonisolated static let demos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets/Demos")

    @Test("The catalog's shipped scripts at 80x24, 120x30 and 200x50, with and without each option: every frame as it should be, the same end",
          arguments: scripts, StageWalk.sizes)
    func shippedScriptOnStage(file: String, size: Size) throws {
        let text = try String(contentsOf: Self.demos.appendingPathComponent(file), encoding: .utf8)
        try Self.check(file, try KeyNotation.parse(file: text), needs: try ScriptNeeds.parse(file: text), size: size)
    }
}
