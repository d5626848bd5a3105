import App
import Catalog
import Foundation
import Navigation
import Terminal
import Views

/// The catalog on an in-memory terminal with a manual clock, as `wallet catalog --headless`
/// runs it: keys go in as `--keys` notation, the screen comes out as plain text, and every
/// navigation event is recorded.
@MainActor
final class CatalogHarness {
    /// Wide enough for a regular width: the split view side by side, popovers as popovers.
    nonisolated static let wide = Size(width: 120, height: 30)
    /// A compact width: the split view collapsed into one stack, popovers full screen.
    nonisolated static let narrow = Size(width: 80, height: 30)

    let terminal: MemoryTerminal
    let app: Application
    private(set) var events: [NavigationEvent] = []

    init(size: Size = CatalogHarness.wide, keys: String = "") throws {
        terminal = MemoryTerminal(size: size, capabilities: TerminalCapabilities(unicode: true, color: false))
        app = Application(window: try CatalogApp.makeWindow(), backend: terminal, scheduler: Scheduler(clock: .manual))
        CatalogApp.configure(app)
        app.window.addObserver { [weak self] event in self?.events.append(event) }
        app.launch()
        try run(keys)
    }

    func run(_ keys: String) throws { app.run(script: try KeyNotation.parse(keys)) }

    var text: String { terminal.text }
    var lines: [String] { text.components(separatedBy: "\n") }
    /// The bottom row, where the keys show, or what the last unwind did.
    var bottomRow: String { lines.last?.trimmingCharacters(in: .whitespaces) ?? "" }
    /// The screen's words, each row trimmed and the rows joined with spaces, to find a sentence
    /// however it wraps.
    var flatText: String {
        lines.map { String($0.filter { !"│|┃".contains($0) }).trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    var tabBar: TabBarController { app.window.rootViewController as! TabBarController }

    /// The title of the selected tab's item.
    var selectedTab: String? { tabBar.selectedViewController?.tabBarItem.title }

    /// The unwind segues' outcome, in order: where each landed, or "aborted".
    var unwindOutcomes: [String] {
        events.compactMap { event in
            switch event {
            case .unwindAction(let action, let destination): return "\(action) → \(destination.title ?? destination.className)"
            case .unwindAborted(let action, _): return "\(action) aborted"
            default: return nil
            }
        }
    }
}

