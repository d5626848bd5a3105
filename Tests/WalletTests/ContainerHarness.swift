@testable import App
import Foundation
import Navigation
import Terminal
import TestSupport
import Testing
@testable import Views

/// An app running one of the container fixtures (`Fixtures/NAME.storyboard`, plain controllers
/// and the terminal's views, no Swift class of their own), as `AppHarness` runs an app.
@MainActor
final class ContainerHarness: AppHarness {
    init(_ fixture: String, size: Size, keys: String = "", classes: StoryboardClasses = .terminal()) throws {
        let url = try #require(Bundle.module.url(forResource: fixture, withExtension: "storyboard", subdirectory: "Fixtures"))
        let storyboard = try Storyboard(contentsOfFile: url.path, name: "\(fixture).storyboard", classes: classes)
        try super.init(size: size, keys: keys) { terminal, scheduler in
            let window = Window()
            window.rootViewController = storyboard.instantiateInitialViewController()
            return Application(window: window, backend: terminal, scheduler: scheduler)
        }
    }

    /// Resizes the terminal as a user drags its corner: the app hears `.resize` and draws again.
    func resize(to size: Size) {
        terminal.size = size
        app.turn(with: .resize)
    }

    var tabBar: TabBarController? { window.rootViewController as? TabBarController }
    var split: SplitViewController? { window.rootViewController as? SplitViewController }

    /// The button titled `title` among the views on screen that take keys.
    func button(_ title: String) -> Button? {
        app.currentScreen?.contentViews.flatMap(\.allViews).compactMap { $0 as? Button }.first { $0.title == title }
    }
}
