import App
import Catalog
import Foundation
import Navigation
import Terminal
import Testing
import Views

/// A page that implements the unwind action the last page uses, as the catalog's page 1
/// declares it.
final class PageViewController: ViewController {
    private(set) var unwoundHere = 0
    func unwindToFirstPage(_ segue: StoryboardSegue) { unwoundHere += 1 }
    override var actions: [Selector: Action] { ["unwindToFirstPage:": .unwind(unwindToFirstPage)] }
}

@MainActor
@Suite("The fade container")
struct FadeContainerTests {
    /// The container's storyboard on an 80x24 in-memory terminal, with every event recorded.
    @MainActor
    final class Harness {
        let terminal = MemoryTerminal(size: Size(width: 80, height: 24), capabilities: TerminalCapabilities(unicode: true, color: false))
        let app: Application
        private(set) var events: [NavigationEvent] = []

        init() throws {
            let classes = CatalogApp.classes()
            classes.register(PageViewController.self) { PageViewController() }
            let url = Bundle.module.url(forResource: "FadeContainer", withExtension: "storyboard", subdirectory: "Storyboards")!
            let window = try CatalogApp.makeWindow(storyboardPath: url.path, classes: classes)
            app = Application(window: window, backend: terminal, scheduler: Scheduler(clock: .manual))
            CatalogApp.configure(app)
            app.window.addObserver { [weak self] event in self?.events.append(event) }
            app.launch()
        }

        func run(_ keys: String) throws { app.run(script: try KeyNotation.parse(keys)) }

        var container: FadeContainerViewController {
            (app.window.rootViewController as! NavigationController).viewControllers[0] as! FadeContainerViewController
        }
        var pageTitles: [String] { container.pages.map { $0.navigationItem.title ?? "" } }
        var text: String { terminal.text }
    }

    @Test("The container performs its FadeRootPage segue when it loads, and shows page 1 under its own view")
    func rootPage() throws {
        let harness = try Harness()
        #expect(harness.pageTitles == ["Page 1"])
        #expect(harness.container.children.count == 1)
        #expect(harness.text.contains("Above the pages"))
        #expect(harness.text.contains("Page 1 of 3"))
    }

    @Test("A FadeSegue from a page pushes its destination as the container's next page, in place of the one shown")
    func nextPage() throws {
        let harness = try Harness()
        try harness.run("nn")
        #expect(harness.pageTitles == ["Page 1", "Page 2", "Page 3"])
        #expect(harness.text.contains("Page 3 of 3"))
        #expect(!harness.text.contains("Page 1 of 3"))
        #expect(!harness.text.contains("Page 2 of 3"))
    }

    @Test("Pages swapped on screen get their appearance calls, the page that goes before the page that comes, as UIKit's containers send them")
    func pagesAppearAndDisappear() throws {
        let harness = try Harness()
        let before = harness.events.count
        try harness.run("n")
        let calls = harness.events[before...].compactMap { event -> String? in
            if case .lifeCycle(let call, let controller) = event, controller.title?.hasPrefix("Page") == true {
                return "\(call) \(controller.title!)"
            }
            return nil
        }
        // A custom container calls begin and end itself: viewIsAppearing comes when it ends the
        // transition, before viewDidAppear (UIKit sends it when the view is added, between them).
        #expect(calls == [
            "viewWillDisappear Page 1", "viewDidLoad Page 2", "viewWillAppear Page 2",
            "viewDidDisappear Page 1", "viewIsAppearing Page 2", "viewDidAppear Page 2",
        ])
    }

    @Test("Unwinding from page 3 to page 1 makes the container the executor (TN2298 listings 2 and 3), which fades back with its FadeSegue")
    func unwindThroughTheContainer() throws {
        let harness = try Harness()
        try harness.run("nn")
        let page1 = harness.container.pages[0] as! PageViewController
        try harness.run("u")
        #expect(harness.pageTitles == ["Page 1"])
        #expect(harness.container.children.count == 1)
        #expect(page1.unwoundHere == 1)
        #expect(harness.text.contains("Page 1 of 3"))
        let executor = harness.events.compactMap { event -> ControllerID? in
            if case .unwindDestination(_, let executor) = event { return executor }
            return nil
        }
        #expect(executor.map(\.className) == ["FadeContainerViewController"])
        let performed = harness.events.compactMap { event -> String? in
            if case .perform(let segue) = event { return segue.kind }
            return nil
        }
        #expect(performed.last == "FadeSegue")
        #expect(harness.text.contains("Unwind unwindToFirstPage: landed on Page 1 (from Page 3)"))
    }

    @Test("The container asks its pages from the top down, skipping the page the unwind starts from")
    func searchOrder() throws {
        let harness = try Harness()
        try harness.run("nnu")
        let asked = harness.events.compactMap { event -> String? in
            if case .unwindAsked(let controller, _, let answer, _) = event { return "\(controller.title ?? controller.className) \(answer)" }
            return nil
        }
        #expect(asked == ["Page 2 false", "Page 1 true"])
    }
}
