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

    /// The keys no mnemonic takes: quitting, moving in a table, the help.
    static let reservedKeys: Set<Character> = ["q", "j", "k", "?"]

    /// Buttons of the content that a key presses, each its own, in reading order: the first
    /// letter of its title (`n` for New Transfer), else the first letter of another of its
    /// words, else another of its letters, as menus give accelerators; a title without letters
    /// (`+`, a systemItem's) its first character. Two buttons that start alike both get a key
    /// (issue 32: neither did).
    public var mnemonics: [(key: Character, button: Button)] {
        guard alert == nil else { return [] }
        var taken = Self.reservedKeys
        var keyed: [(key: Character, button: Button)] = []
        var views: [View] = []
        for view in contentViews { view.appendViewsShown(to: &views) }
        for view in views {
            guard let button = view as? Button, button.isEnabled,
                  let key = Self.mnemonicCandidates(of: button.title ?? "").first(where: { !taken.contains($0) }) else { continue }
            taken.insert(key)
            keyed.append((key, button))
        }
        return keyed
    }

    /// The keys a title may be pressed by, best first: its first letter, its words' first
    /// letters, its other letters; a title without letters, its first character that is not a
    /// space, a digit (digits select tabs) or a control.
    static func mnemonicCandidates(of title: String) -> [Character] {
        let lowered = title.lowercased()
        let words = lowered.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        let initials = words.compactMap { $0.first(where: \.isLetter) }
        let letters = lowered.filter(\.isLetter)
        var candidates: [Character] = []
        for character in initials + Array(letters) where !candidates.contains(character) && character.isASCII { candidates.append(character) }
        if candidates.isEmpty, let symbol = lowered.first(where: { ($0.isPunctuation || $0.isSymbol) && $0.isASCII }) { candidates.append(symbol) }
        return candidates
    }

    /// The key that presses `item`, a pane's right bar button (Done, Save, a systemItem's +), as
    /// a button's is chosen, among the keys no button of the screen has. With no text field whose
    /// Enter presses it, the right bar button would otherwise have no key but Tab to it.
    /// `mnemonics`: the buttons' (`Screen.mnemonics`), found once by the caller.
    func mnemonic(of item: BarButtonItem, besides mnemonics: [(key: Character, button: Button)]) -> Character? {
        guard alert == nil, item.isEnabled else { return nil }
        var taken = Self.reservedKeys
        for mnemonic in mnemonics { taken.insert(mnemonic.key) }
        return Self.mnemonicCandidates(of: item.displayTitle).first { !taken.contains($0) }
    }
}
