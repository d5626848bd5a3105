import Navigation
import Testing

/// Every demo of the catalog, reached by keyboard from launch as a workshop reaches it: the
/// digits select tabs (1 Start, 2 Push, 3 Present, 4 Split, 5 Embed, 6 Unwind) and each button's
/// first letter presses it. Each test names the screen it must reach, and for an unwind what the
/// bottom row says.
@MainActor
@Suite("The catalog's demos, by keyboard")
struct CatalogDemoTests {
    @Test("At launch the Start tab explains every tab, with the tab bar to switch")
    func start() throws {
        let catalog = try CatalogHarness()
        #expect(catalog.selectedTab == "Start")
        for words in ["Segue Catalog", "Every kind of segue", "Push", "Present", "Split", "Embed", "Unwind"] {
            #expect(catalog.flatText.contains(words), "\(words) missing:\n\(catalog.text)")
        }
    }

    // MARK: Push

    @Test("Show: S on Push pushes Level 2 onto the tab's navigation stack")
    func show() throws {
        let catalog = try CatalogHarness(keys: "2s")
        #expect(catalog.selectedTab == "Push")
        #expect(catalog.flatText.contains("Level 2, pushed by a Show segue"), "\(catalog.text)")
    }

    @Test("Several levels back: R on Level 3 unwinds to unwindToPush:, popping both levels to Push")
    func severalLevelsBack() throws {
        let catalog = try CatalogHarness(keys: "2ssr")
        #expect(catalog.flatText.contains("Show pushes the next scene"), "\(catalog.text)")
        #expect(catalog.unwindOutcomes == ["unwindToPush: → Push"])
        #expect(catalog.bottomRow == "Unwind unwindToPush: landed on Push (from Level 3)")
    }

    @Test("The nearest wins: N on Level 3 unwinds to unwindToNearest:, which Level 2 and Push implement, and lands on Level 2")
    func nearestWins() throws {
        let catalog = try CatalogHarness(keys: "2ssn")
        #expect(catalog.flatText.contains("Level 2, pushed by a Show segue"), "\(catalog.text)")
        #expect(catalog.unwindOutcomes == ["unwindToNearest: → Level 2"])
        #expect(catalog.bottomRow == "Unwind unwindToNearest: landed on Level 2 (from Level 3)")
    }

    // MARK: Present

    @Test("Present Modally: M on Present shows the modal in its own navigation controller")
    func presentModally() throws {
        let catalog = try CatalogHarness(keys: "3m")
        #expect(catalog.flatText.contains("Presented modally"), "\(catalog.text)")
        #expect(catalog.app.window.presentationStack.count == 2)
    }

    @Test("Out of a modal: Esc presses Done, which unwinds to unwindToPresent: and dismisses the modal")
    func outOfAModal() throws {
        let catalog = try CatalogHarness(keys: "3m<esc>")
        #expect(!catalog.flatText.contains("Presented modally"), "\(catalog.text)")
        #expect(catalog.app.window.presentationStack.count == 1)
        #expect(catalog.bottomRow == "Unwind unwindToPresent: landed on Present (from Modal)")
    }

    @Test("Popover: P on Present shows a popover beside Present in a wide terminal")
    func popover() throws {
        let catalog = try CatalogHarness(keys: "3p")
        #expect(catalog.flatText.contains("A popover, anchored at the Popover button"), "\(catalog.text)")
        #expect(catalog.app.window.presentationStack.last?.adaptivePresentationStyle == .popover)
        #expect(catalog.flatText.contains("Ways to show a scene"), "Present should show around the popover:\n\(catalog.text)")
    }

    @Test("Popover in a narrow terminal: a form sheet instead, as iOS 13 and later adapt it")
    func popoverNarrow() throws {
        let catalog = try CatalogHarness(size: CatalogHarness.narrow, keys: "3p")
        #expect(catalog.flatText.contains("A popover, anchored at the Popover button"), "\(catalog.text)")
        #expect(catalog.app.window.presentationStack.last?.adaptivePresentationStyle == .formSheet)
    }

    @Test("Out of a popover: C unwinds to unwindToPresent: and dismisses it")
    func outOfAPopover() throws {
        let catalog = try CatalogHarness(keys: "3pc")
        #expect(!catalog.flatText.contains("A popover, anchored"), "\(catalog.text)")
        #expect(catalog.bottomRow == "Unwind unwindToPresent: landed on Present (from Popover)")
    }

    @Test("Custom segue: C on Present performs CrossDissolveSegue, and U unwinds back to Present")
    func customSegue() throws {
        let catalog = try CatalogHarness(keys: "3c")
        #expect(catalog.flatText.contains("Presented by a segue of kind Custom"), "\(catalog.text)")
        let performed = catalog.events.compactMap { event -> String? in
            if case .perform(let segue) = event { return segue.kind }
            return nil
        }
        #expect(performed.contains("CrossDissolveSegue"))
        try catalog.run("u")
        #expect(catalog.bottomRow == "Unwind unwindToPresent: landed on Present (from Custom Segue)")
    }

    // MARK: Split

    @Test("Show Detail: F and S on the split view's list replace the detail beside it")
    func showDetail() throws {
        let catalog = try CatalogHarness(keys: "4f")
        #expect(catalog.flatText.contains("First detail"), "\(catalog.text)")
        #expect(catalog.flatText.contains("A split view: this list"), "the list should stay beside the detail:\n\(catalog.text)")
        try catalog.run("s")
        #expect(catalog.flatText.contains("Second detail"), "\(catalog.text)")
        #expect(!catalog.flatText.contains("Shown by Show Detail"), "Show Detail replaces the detail:\n\(catalog.text)")
    }

    @Test("Collapsed in a narrow terminal, the split view starts on its detail pushed onto the list's stack; Esc is the list, where Show Detail pushes, and the unwind pops")
    func showDetailNarrow() throws {
        let catalog = try CatalogHarness(size: CatalogHarness.narrow, keys: "4")
        #expect(catalog.flatText.contains("In a narrow terminal the split view is collapsed"), "\(catalog.text)")
        try catalog.run("<esc>f")
        #expect(catalog.flatText.contains("First detail"), "\(catalog.text)")
        #expect(!catalog.flatText.contains("A split view: this list"), "\(catalog.text)")
        try catalog.run("u")
        #expect(catalog.flatText.contains("A split view: this list"), "\(catalog.text)")
        #expect(catalog.bottomRow == "Unwind unwindToSplit: landed on Split (from First Detail)")
    }

    @Test("Across storyboards: O shows a scene of CatalogDetail.storyboard through a reference, and U unwinds to the list")
    func acrossStoryboards() throws {
        let catalog = try CatalogHarness(keys: "4o")
        #expect(catalog.flatText.contains("From another storyboard"), "\(catalog.text)")
        try catalog.run("u")
        #expect(catalog.unwindOutcomes == ["unwindToSplit: → Split"])
        #expect(catalog.bottomRow == "Unwind unwindToSplit: landed on Split (from Another Storyboard)")
    }

    // MARK: Embed

    @Test("Embed: the Embed tab shows its embedded child inside the container view")
    func embed() throws {
        let catalog = try CatalogHarness(keys: "5")
        #expect(catalog.flatText.contains("I am the embedded child"), "\(catalog.text)")
        #expect(catalog.flatText.contains("Under the button is a container view"), "\(catalog.text)")
    }

    @Test("Through a custom container: F shows the fade container, N fades to pages 2 and 3, U fades back to page 1")
    func customContainer() throws {
        let catalog = try CatalogHarness(keys: "5f")
        #expect(catalog.flatText.contains("Page 1 of 3"), "\(catalog.text)")
        try catalog.run("nn")
        #expect(catalog.flatText.contains("Page 3 of 3"), "\(catalog.text)")
        try catalog.run("u")
        #expect(catalog.flatText.contains("Page 1 of 3"), "\(catalog.text)")
        let executors = catalog.events.compactMap { event -> String? in
            if case .unwindDestination(_, let executor) = event { return executor.className }
            return nil
        }
        #expect(executors == ["FadeContainerViewController"])
        #expect(catalog.bottomRow == "Unwind unwindToFirstPage: landed on Page 1 (from Page 3)")
    }

    // MARK: Unwind

    @Test("Across a tab bar: A on Unwind unwinds to unwindToPush:, and the tab bar selects Push, popped to its root")
    func acrossATabBar() throws {
        let catalog = try CatalogHarness(keys: "2ss6a")
        #expect(catalog.selectedTab == "Push")
        #expect(catalog.flatText.contains("Show pushes the next scene"), "\(catalog.text)")
        #expect(catalog.unwindOutcomes == ["unwindToPush: → Push"])
        #expect(catalog.bottomRow == "Unwind unwindToPush: landed on Push (from Unwind)")
    }

    @Test("An unwind nobody on screen implements: N is aborted, nothing moves, and an alert says so, as in the wallet, the bottom row too")
    func nobodyImplementsIt() throws {
        let catalog = try CatalogHarness(keys: "6n")
        #expect(catalog.selectedTab == "Unwind")
        #expect(catalog.unwindOutcomes == ["unwindToModal: aborted"])
        #expect(catalog.alert?.title == "Something went wrong", "\(catalog.text)")
        #expect(catalog.flatText.contains("unwinds with unwindToModal:, but no screen behind it accepts that action"), "\(catalog.text)")
        #expect(catalog.bottomRow == "Unwind unwindToModal: aborted: nobody on the way back accepts it")
        try catalog.run("<enter>")
        #expect(catalog.alert == nil && catalog.window.presentationStack.count == 1 && catalog.selectedTab == "Unwind")
        #expect(catalog.flatText.contains("N unwinds to unwindToModal:") && !catalog.bottomRow.contains("aborted"), "\(catalog.text)")
    }
}
