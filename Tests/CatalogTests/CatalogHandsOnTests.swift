import App
import Navigation
import Terminal
import Testing

/// What a new user met by hand in the catalog, in a real terminal, that the demos' own tests did
/// not look at: the bottom row's column beside a wide split view, the popover's Esc, and F1.
@MainActor
@Suite("The catalog by hand: what the screen says holds")
struct CatalogHandsOnTests {
    @Test("Wide, the status line after an unwind in the split view starts in the column of the keys it replaces")
    func statusLineInTheSplitViewsColumn() throws {
        let catalog = try CatalogHarness(keys: "4f")
        #expect(catalog.lines.last?.hasPrefix(" f First detail") == true, "\(catalog.text)")
        try catalog.run("u")
        #expect(catalog.lines.last?.hasPrefix(" Unwind unwindToSplit: landed on Split") == true, "\(catalog.text)")
    }

    @Test("Wide, a popover's keys name Esc, and Esc closes it with no unwind")
    func popoverFooterNamesEsc() throws {
        let catalog = try CatalogHarness(keys: "3p")
        #expect(catalog.bottomRow.contains("Esc close"), "\(catalog.bottomRow)")
        try catalog.run("<esc>")
        #expect(catalog.app.window.presentationStack.count == 1)
        #expect(catalog.unwindOutcomes.isEmpty)
    }

    @Test("Narrow, the popover is a form sheet: its keys name Ctrl-D, which pulls it down with no unwind")
    func compactPopoverIsPulledDown() throws {
        let catalog = try CatalogHarness(size: CatalogHarness.narrow, keys: "3p")
        #expect(catalog.flatText.contains("As a form sheet, Ctrl-D pulls it down: no unwind either."), "\(catalog.text)")
        #expect(catalog.bottomRow.contains("^D pull"), "\(catalog.bottomRow)")
        try catalog.run("<c-d>")
        #expect(catalog.app.window.presentationStack.count == 1, "pulled down")
        #expect(catalog.unwindOutcomes.isEmpty)
    }

    @Test("Narrow on iOS 12, the popover is full screen, its keys name Esc, and Esc dismisses it with no unwind")
    func fullScreenPopoverEscStillCloses() throws {
        let catalog = try CatalogHarness(size: CatalogHarness.narrow, keys: "")
        catalog.app.window.systemVersion = .iOS12
        try catalog.run("3p")
        #expect(catalog.app.window.presentationStack.last?.adaptivePresentationStyle == .fullScreen)
        #expect(catalog.bottomRow.contains("Esc close"), "\(catalog.bottomRow)")
        try catalog.run("<esc>")
        #expect(catalog.app.window.presentationStack.count == 1, "UIKit leaves an adapted popover no outside to tap; the terminal's Esc closes it")
        #expect(catalog.unwindOutcomes.isEmpty)
    }

    @Test("Sheets: a page sheet and a form sheet go with Ctrl-D and no unwind; the locked sheet (isModalInPresentation) refuses the pull, and its Close unwinds to unwindToSheets:")
    func sheets() throws {
        for key in ["p", "f"] {
            let catalog = try CatalogHarness(size: CatalogHarness.narrow, keys: "3s\(key)")
            #expect(catalog.app.window.pullableSheet != nil, "\(catalog.text)")
            #expect(catalog.text.contains("━━━━━"))
            try catalog.run("<c-d>")
            #expect(catalog.app.window.presentationStack.count == 1)
            #expect(catalog.unwindOutcomes.isEmpty)
            #expect(catalog.bottomRow.contains("no unwind ran"), "\(catalog.bottomRow)")
        }
        let wide = try CatalogHarness(keys: "3sf")
        #expect(wide.app.window.presentationStack.last?.adaptivePresentationStyle == .formSheet)
        let locked = try CatalogHarness(size: CatalogHarness.narrow, keys: "3sl<c-d>")
        #expect(locked.app.window.presentationStack.count == 2, "refused")
        #expect(locked.bottomRow.contains("isModalInPresentation"), "\(locked.bottomRow)")
        try locked.run("c")
        #expect(locked.app.window.presentationStack.count == 1)
        #expect(locked.unwindOutcomes == ["unwindToSheets: → Sheets"])
    }

    @Test("F1 lists keys that hold in the catalog: no Send, no transfer, which are the wallet's")
    func helpNamesNoSend() throws {
        let catalog = try CatalogHarness(keys: "3<f1>")
        #expect(catalog.flatText.contains("asks while work is under way"), "\(catalog.text)")
        for wallet in ["Send", "transfer", "sending"] {
            #expect(!catalog.flatText.contains(wallet), "\(wallet) in the catalog's help:\n\(catalog.text)")
        }
    }
}

@MainActor
@Suite("The catalog by hand: Ctrl-O where it goes somewhere")
struct CatalogOtherColumnKeyTests {
    @Test("The Embed tab's keys name no ^O: its embedded child has nothing to focus, and Ctrl-O did nothing there")
    func embedNamesNoOtherColumn() throws {
        let catalog = try CatalogHarness(keys: "5")
        #expect(!catalog.bottomRow.contains("^O"), "\(catalog.bottomRow)")
    }

    /// Issue 47: at 80x24 the inspector is a panel over the app, and every line of the Push
    /// tab's paragraph was blanked whole because the panel cut its last word: the left pane
    /// showed nothing but " implements.". Only the word cut goes.
    @Test("Beside the inspector's panel at 80x24, a paragraph keeps what the panel does not cover")
    func paragraphBesideTheInspector() throws {
        let catalog = try CatalogHarness(size: Size(width: 80, height: 24), keys: "2<f2>")
        #expect(catalog.lines[2].hasPrefix(" Show pushes the next scene onto"), "\(catalog.text)")
        #expect(catalog.lines.contains { $0.hasPrefix(" This scene implements") }, "\(catalog.text)")
        // No word is cut by the panel's frame.
        let panel = try #require(catalog.lines[2].firstIndex(of: "│"))
        let before = catalog.lines[2][..<panel]
        #expect(before.last == " ", "\(catalog.lines[2])")
    }

    @Test("The wide split view's keys name ^O: its detail has a button once Show Detail has run")
    func splitNamesOtherColumn() throws {
        let catalog = try CatalogHarness(keys: "4f")
        #expect(catalog.bottomRow.contains("^O column"), "\(catalog.bottomRow)")
    }
}

@MainActor
@Suite("The catalog by hand: the inspector keeps the last segue")
struct CatalogInspectorKeepsLastSegueTests {
    @Test("At 120x30, F2 after the aborted unwind shows that unwind as the last segue")
    func collapseIsNotTheLastSegue() throws {
        let catalog = try CatalogHarness(keys: "6n<f2>")
        #expect(catalog.flatText.contains("unwind unwindToModal:"), "\(catalog.text)")
        #expect(!catalog.flatText.contains("not a segue"), "\(catalog.text)")
    }

    @Test("A Back press after the split view collapsed is still shown as not a segue")
    func backAfterCollapseIsShown() throws {
        let catalog = try CatalogHarness(keys: "2s<f2><esc>")
        #expect(catalog.flatText.contains("not a segue"), "\(catalog.text)")
        #expect(catalog.flatText.contains("pop to UIViewController \"Push\""), "\(catalog.text)")
    }
}
