/// Pages shown one at a time, as `UIPageViewController`: the page shown is its one child. In
/// UIKit the pages come from a data source's `viewControllerBefore`/`After`; here from `pages`,
/// in order (a storyboard has none: the app sets them, or a stand-in takes those its behaviours
/// declare), and `turnPage(forward:)` turns to the next or previous one, as a swipe does.
@MainActor
open class PageViewController: ViewController {
    /// The page shown, as UIKit's `viewControllers` (one page, spine or not).
    public private(set) var viewControllers: [ViewController] = []
    /// Every page, in order.
    public var pages: [ViewController] = []

    public override init() { super.init() }

    open override var childrenForAppearance: [ViewController] { viewControllers }

    /// The index of the page shown in `pages`.
    public var currentPageIndex: Int? {
        viewControllers.first.flatMap { shown in pages.firstIndex { $0 === shown } }
    }

    /// Shows `controllers` (its first) as the page, as `setViewControllers(_:direction:animated:)` does.
    public func setViewControllers(_ controllers: [ViewController], animated: Bool) {
        let arriving = Array(controllers.prefix(1))
        let leaving = viewControllers
        guard arriving.first !== leaving.first else { return }
        if let page = arriving.first { trace(.transition(.selectTab(ControllerID(page), in: ControllerID(self)))) }
        let visible = isAppearingOrAppeared
        transition(from: visible ? leaving : [], to: visible ? arriving : [], animated: animated) {
            leaving.forEach { $0.removeFromParent() }
            arriving.forEach(addChild)
            viewControllers = arriving
        }
    }

    /// Turns to the next or previous page; false at either end, or with no pages.
    @discardableResult
    public func turnPage(forward: Bool) -> Bool {
        guard let index = currentPageIndex ?? (pages.isEmpty ? nil : -1) else { return false }
        let next = index + (forward ? 1 : -1)
        guard pages.indices.contains(next) else { return false }
        setViewControllers([pages[next]], animated: false)
        return true
    }
}
