import Navigation
import Testing

@MainActor
@Suite("Rule 22")
struct Rule22RelationshipAndEmbedSeguesTests {
    @Test("Rule 22: relationship segues set a container's children (navigation root, tab bar items); embed segues put a child controller inside a container view of its parent")
    func relationshipAndEmbed() throws {
        let recorder = Recorder()
        let (_, root) = try ContainerFixtures.launch("Rule22-RelationshipAndEmbedSegues", recorder: recorder)

        #expect(recorder.log == [
            "life viewDidLoad Tabs",
            "life viewWillAppear Tabs",
            "life viewDidLoad navP",
            "life viewWillAppear navP",
            "instantiated Child",
            "segueCreated EmbedSegue embedChild Parent→Child",
            "prepare EmbedSegue embedChild Parent→Child",
            "call prepare on Parent",
            "perform EmbedSegue embedChild Parent→Child",
            "transition embed Child in Parent",
            "life viewDidLoad Child",
            "call viewDidLoad Child",
            "life viewDidLoad Parent",
            "call viewDidLoad Parent",
            "life viewWillAppear Parent",
            "call viewWillAppear Parent",
            "life viewWillAppear Child",
            "call viewWillAppear Child",
            "life viewIsAppearing Tabs",
            "life viewIsAppearing navP",
            "life viewIsAppearing Parent",
            "call viewIsAppearing Parent",
            "life viewIsAppearing Child",
            "call viewIsAppearing Child",
            "life viewDidAppear Tabs",
            "life viewDidAppear navP",
            "life viewDidAppear Parent",
            "call viewDidAppear Parent",
            "life viewDidAppear Child",
            "call viewDidAppear Child",
        ])
        let tabs = try #require(root as? TabBarController)
        let parent = try root.probe("Parent"), child = try root.probe("Child"), other = try root.probe("Other")
        let navP = try #require(parent.navigationController)
        #expect(ids(tabs.viewControllers) == ids([navP, other]))
        #expect(tabs.viewControllers.map(\.tabBarItem.title) == ["Home", "More"])
        #expect(ids(navP.viewControllers) == ids([parent]))
        #expect(ids(parent.children) == ids([child]))
        let container = try #require(parent.view.allViews.compactMap { $0 as? ContainerView }.first)
        #expect(container.embeddedViewController === child)
        #expect(parent.prepared.first?.segue.destination === child)

        // The embedded child disappears and appears with its parent's tab.
        recorder.reset()
        tabs.selectedIndex = 1
        #expect(child.lifeCycle.suffix(2) == ["viewWillDisappear", "viewDidDisappear"])
    }
}
