import Navigation
import Testing

/// Large titles, as Apple's pages say: `UINavigationBar.prefersLargeTitles` ("when this
/// property is true, the navigation bar allows the title to be displayed out-of-line and using
/// a larger font"), and `UINavigationItem.LargeTitleDisplayMode`: `always`, `never`, and
/// `automatic`, "inherit the large-title setting from the previous navigation item in the
/// navigation stack".
/// https://developer.apple.com/documentation/uikit/uinavigationitem/largetitledisplaymode-swift.enum
@MainActor
@Suite("Conformance: a large title follows prefersLargeTitles and each item's largeTitleDisplayMode")
struct RuleLargeTitleDisplayModeTests {
    private func stack(_ modes: [NavigationItem.LargeTitleDisplayMode], prefers: Bool = true) -> NavigationController {
        let navigation = NavigationController()
        navigation.prefersLargeTitles = prefers
        let controllers = modes.map { mode in
            let controller = ViewController()
            controller.navigationItem.largeTitleDisplayMode = mode
            return controller
        }
        navigation.setViewControllers(controllers, animated: false)
        return navigation
    }

    @Test("A bar that does not prefer large titles shows none, whatever the item says")
    func notPreferred() {
        #expect(!stack([.always], prefers: false).displaysLargeTitle)
    }

    @Test("The root's automatic shows one; always and never decide for themselves")
    func rootAndExplicit() {
        #expect(stack([.automatic]).displaysLargeTitle)
        #expect(stack([.never, .always]).displaysLargeTitle)
        #expect(!stack([.always, .never]).displaysLargeTitle)
    }

    @Test("Automatic inherits from the item below it, however far down the one that decides is")
    func automaticInherits() {
        #expect(!stack([.automatic, .never, .automatic, .automatic]).displaysLargeTitle)
        #expect(stack([.never, .always, .automatic]).displaysLargeTitle)
        #expect(stack(Array(repeating: .automatic, count: 50)).displaysLargeTitle)
        // Popping back to an item that said never: the title is small again.
        let navigation = stack([.never, .always])
        #expect(navigation.displaysLargeTitle)
        navigation.popViewController(animated: false)
        #expect(!navigation.displaysLargeTitle)
        // An item's mode changed after the bar was drawn: the next frame follows it.
        navigation.viewControllers[0].navigationItem.largeTitleDisplayMode = .automatic
        #expect(navigation.displaysLargeTitle)
    }
}
