import App
import Navigation
import Terminal
import Testing
@testable import Views

/// The inspector's tree names what the containers show: the selected tab, whether a split view
/// is collapsed, a popover's style in effect.
@MainActor
struct ContainerInspectorTests {
    private func tree(_ harness: ContainerHarness) -> [String] {
        HierarchyTree(glyphs: .unicode).lines(of: harness.window, limit: 100).lines.map(\.text)
    }

    @Test("The tree marks the tab shown, and follows the tab keys")
    func selectedTab() throws {
        let harness = try ContainerHarness("Tabs", size: ContainerScreenTests.wide)
        #expect(tree(harness).contains { $0.hasPrefix("NavigationController") && $0.hasSuffix("selected tab") }, "\(tree(harness))")
        try harness.run("<c-n>")
        #expect(tree(harness).contains("UIViewController \"Search\" ‹ selected tab"), "\(tree(harness))")
    }

    @Test("The tree says whether a split view is collapsed, as the width changes")
    func splitCollapsed() throws {
        let harness = try ContainerHarness("Split", size: ContainerScreenTests.wide)
        #expect(tree(harness).first == "SplitViewController (expanded)")
        harness.resize(to: WalletHarness.regular)
        #expect(tree(harness).first == "SplitViewController (collapsed)")
    }

    @Test("A popover adapted to a compact width is named with the style in effect")
    func popoverStyle() throws {
        let harness = try ContainerHarness("Tabs", size: WalletHarness.regular)
        let popover = ViewController()
        popover.title = "Pop"
        popover.modalPresentationStyle = .popover
        harness.tabBar?.present(popover, animated: false)
        #expect(tree(harness).contains("presents ViewController \"Pop\" (form sheet (popover on iOS 18))"), "\(tree(harness))")
        harness.resize(to: ContainerScreenTests.wide)
        #expect(tree(harness).contains("presents ViewController \"Pop\" (popover)"), "\(tree(harness))")
    }
}
