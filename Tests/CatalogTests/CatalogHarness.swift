import App
import Catalog
import Navigation
import Terminal
import TestSupport
import Views

/// The catalog as `wallet catalog --headless` runs it (`AppHarness`).
@MainActor
final class CatalogHarness: AppHarness {
    /// Wide enough for a regular width: the split view side by side, popovers as popovers.
    nonisolated static let wide = Size(width: 120, height: 30)
    /// A compact width: the split view collapsed into one stack, popovers as form sheets.
    nonisolated static let narrow = Size(width: 80, height: 30)

    init(size: Size = CatalogHarness.wide, keys: String = "") throws {
        try super.init(size: size, keys: keys) { terminal, scheduler in
            let app = Application(window: try CatalogApp.makeWindow(), backend: terminal, scheduler: scheduler)
            CatalogApp.configure(app)
            return app
        }
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
