import App
import Foundation
import Navigation
@testable import Storyboards
import Terminal
import Testing
@testable import Views
import WalletAssets

/// A storyboard run without its code lets go of everything once its window goes: a workshop runs
/// one attendee's storyboard after another in one process (the fuzzer does, thousands a minute),
/// so a cycle between a storyboard, its classes and its stand-ins keeps every one of them.
@MainActor
@Suite("Stand-ins are released")
struct StandInReleaseTests {
    static let keys = "1<tab><enter>2s<enter>3mp<esc>c4fo<esc>u5<c-n><c-p><c-o><tab><enter><esc><esc>"

    @Test("Each storyboard of the repository, run with stand-ins and driven by keys, leaves no controller, storyboard or classes alive once its window is gone")
    func nothingOutlivesTheWindow() throws {
        var urls = [WalletAssets.catalogStoryboard]
        let fixtures = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let files = FileManager.default.enumerator(at: fixtures, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        urls += files.filter { $0.pathExtension == "storyboard" }.sorted { $0.path < $1.path }
        var loaded = 0
        for url in urls {
            weak var weakClasses: StoryboardClasses?
            weak var weakStoryboard: Storyboard?
            weak var weakRoot: ViewController?
            do {
                let classes = StoryboardWithoutCode.classes()
                weakClasses = classes
                let storyboard = try Storyboard(contentsOfFile: url.path, name: url.lastPathComponent, classes: classes)
                weakStoryboard = storyboard
                guard let root = storyboard.instantiateInitialViewController() else { continue }
                weakRoot = root
                let window = Window()
                window.rootViewController = root
                let app = Application(window: window, backend: MemoryTerminal(size: Size(width: 110, height: 24)), scheduler: Scheduler(clock: .manual))
                app.run(script: try KeyNotation.parse(Self.keys))
                loaded += 1
            } catch is StoryboardErrors {
                // Refused: what it built must be gone too.
            }
            #expect(weakRoot == nil, "\(url.lastPathComponent): its initial controller outlives its window")
            #expect(weakStoryboard == nil, "\(url.lastPathComponent): its storyboard outlives its window")
            #expect(weakClasses == nil, "\(url.lastPathComponent): its classes outlive its window")
        }
        #expect(loaded > 3)
    }
}
