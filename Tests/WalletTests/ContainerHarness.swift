@testable import App
import Foundation
import Navigation
import Terminal
import Testing
@testable import Views

/// An app running one of the container fixtures (`Fixtures/NAME.storyboard`, plain controllers
/// and the terminal's views, no Swift class of their own) on an in-memory terminal.
@MainActor
final class ContainerHarness {
    let terminal: MemoryTerminal
    let app: Application

    init(_ fixture: String, size: Size, keys: String = "", classes: StoryboardClasses = .terminal()) throws {
        let url = try #require(Bundle.module.url(forResource: fixture, withExtension: "storyboard", subdirectory: "Fixtures"))
        let storyboard = try Storyboard(contentsOfFile: url.path, name: "\(fixture).storyboard", classes: classes)
        let window = Window()
        window.rootViewController = storyboard.instantiateInitialViewController()
        terminal = MemoryTerminal(size: size)
        app = Application(window: window, backend: terminal, scheduler: Scheduler(clock: .manual))
        app.launch()
        try run(keys)
    }

    func run(_ keys: String) throws {
        app.run(script: try KeyNotation.parse(keys))
    }

    /// Resizes the terminal as a user drags its corner: the app hears `.resize` and draws again.
    func resize(to size: Size) {
        terminal.size = size
        app.turn(with: .resize)
    }

    var text: String { terminal.text }
    var lines: [String] { text.components(separatedBy: "\n") }
    var window: Window { app.window }
    var focusedObject: AnyObject? { app.currentScreen.flatMap { app.focus.focus(on: $0)?.object } }
    var tabBar: TabBarController? { window.rootViewController as? TabBarController }
    var split: SplitViewController? { window.rootViewController as? SplitViewController }

    /// The button titled `title` among the views on screen that take keys.
    func button(_ title: String) -> Button? {
        app.currentScreen?.contentViews.flatMap(\.allViews).compactMap { $0 as? Button }.first { $0.title == title }
    }
}
