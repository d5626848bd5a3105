import Navigation

/// One level of the presentation stack as the user sees it: a navigation bar (for a
/// navigation controller) and the content of the controller on top.
@MainActor
public struct Screen {
    /// The controller of the level: a navigation controller, an alert, or a plain controller.
    public let container: ViewController
    /// The controller whose view is the content: the top of a navigation stack, or the container.
    public let controller: ViewController
    public let hasNavigationBar: Bool
    public let leftItem: BarButtonItem?
    /// Whether the left item is the Back button the navigation controller makes.
    public let leftIsBack: Bool
    public let rightItem: BarButtonItem?
    /// The panes, once asked (`panes`).
    let panesOnce = PanesOnce()

    @MainActor
    final class PanesOnce {
        var panes: [Screen]?
    }

    public init(level: ViewController) {
        container = level
        if let navigation = level as? NavigationController, let top = navigation.topViewController {
            controller = Self.contentController(of: navigation) ?? top
            hasNavigationBar = true
            let items = Self.barItems(of: navigation)
            leftItem = items.left
            leftIsBack = items.isBack
            rightItem = items.right
        } else {
            controller = level
            hasNavigationBar = false
            leftItem = nil
            leftIsBack = false
            rightItem = nil
        }
    }

    /// The controller whose view a navigation controller shows: its top, or, when its top is a
    /// navigation controller itself (a collapsed split view pushes its detail's), that one's
    /// top, under the one bar, as UIKit shows it.
    static func contentController(of navigation: NavigationController) -> ViewController? {
        guard let top = navigation.topViewController else { return nil }
        guard let inner = top as? NavigationController else { return top }
        return contentController(of: inner) ?? top
    }

    /// The bar's items: the first of each side of `NavigationController.barItemLists`, which
    /// shows an inner navigation controller's items under the one bar.
    static func barItems(of navigation: NavigationController) -> (left: BarButtonItem?, isBack: Bool, right: BarButtonItem?) {
        navigation.barItems
    }

    public var title: String? { controller.navigationItem.title ?? controller.title }
    public var alert: AlertController? { container as? AlertController }

    /// The views that make the content, in reading order: those of every pane the level shows
    /// (both columns of a split view, an embedded child's).
    public var contentViews: [View] {
        if let alert { return alert.buttons }
        return panes.flatMap(\.ownContentViews)
    }

    /// The views of this screen's own controller, without its panes'.
    var ownContentViews: [View] {
        if let alert { return alert.buttons }
        // Covered by a current-context presentation, which is a pane of its own.
        if controller.currentContextPresentation != nil { return [] }
        return [controller.view]
    }

    /// Buttons of the content that a letter presses: the first letter of the title, when no
    /// other key uses it and no other button starts with it (`n` for New Transfer).
    public var mnemonics: [(key: Character, button: Button)] {
        guard alert == nil else { return [] }
        let reserved: Set<Character> = ["q", "j", "k", "?"]
        var seen: [Character: Int] = [:]
        let buttons = contentViews.flatMap(\.allViewsShown).compactMap { $0 as? Button }.filter { $0.isEnabled }
        let keyed = buttons.compactMap { button -> (Character, Button)? in
            guard let letter = button.title?.lowercased().first(where: \.isLetter), !reserved.contains(letter) else { return nil }
            seen[letter, default: 0] += 1
            return (letter, button)
        }
        return keyed.filter { seen[$0.0] == 1 }.map { (key: $0.0, button: $0.1) }
    }

    /// The letter that presses `item`, a pane's right bar button (Done, Save): its title's first
    /// letter, unless a button of the screen has it or it is reserved. With no text field whose
    /// Enter presses it, the right bar button would otherwise have no key but Tab to it.
    public func mnemonic(of item: BarButtonItem) -> Character? {
        guard alert == nil, item.isEnabled, let letter = item.displayTitle.lowercased().first(where: \.isLetter) else { return nil }
        let taken = Set<Character>(["q", "j", "k", "?"] + mnemonics.map(\.key))
        return taken.contains(letter) ? nil : letter
    }
}
