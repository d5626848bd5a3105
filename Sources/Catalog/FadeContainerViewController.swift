import Navigation

/// A custom container that shows one page at a time and fades from one to the next, as the
/// quiz container of Apple's UnwindSegue sample (its CustomUnwindSegue target) does. It is the
/// one scene of the catalog that needs code: a container must say how it shows its children,
/// and how it takes part in unwinding.
///
/// Its first page comes from the storyboard, through the manual segue `FadeRootPage` it performs
/// when its view loads; the next pages come from `FadeSegue`s performed by the pages. The top
/// page's view goes last in `pageArea`, a view of the scene (the catalog's is a stack view
/// under an explanation), or in the scene's view when the outlet is not connected.
///
/// It unwinds the legacy way of TN2298 (listings 2 and 3): it searches its own pages, from the
/// top down, in `viewControllerForUnwindSegueAction`; when one accepts, the container becomes
/// the unwind executor, and `segueForUnwinding(to:from:identifier:)` hands the unwind a
/// `FadeSegue` that fades back to that page.
public final class FadeContainerViewController: ViewController {
    /// The pages, the first at the bottom; the last one is on screen.
    public private(set) var pages: [ViewController] = []

    public var topPage: ViewController? { pages.last }

    /// Where the top page's view is shown, as `@IBOutlet weak var` in UIKit.
    @Outlet public var pageArea: View!

    /// The identifier of the storyboard segue that gives the container its first page.
    public static let rootPageSegueIdentifier = "FadeRootPage"

    public override func viewDidLoad() {
        super.viewDidLoad()
        performSegue(withIdentifier: Self.rootPageSegueIdentifier, sender: self)
    }

    // MARK: Pages

    func setRootPage(_ page: ViewController) { show(pages: [page]) }

    func pushPage(_ page: ViewController) { show(pages: pages + [page]) }

    func popToPage(_ page: ViewController) {
        guard let index = pages.firstIndex(where: { $0 === page }) else { return }
        show(pages: Array(pages[...index]))
    }

    /// Makes `newPages` the stack: pages that leave stop being children, the new top page's view
    /// takes the old one's place under the explanation. While the container is on screen the
    /// page that goes gets `viewWillDisappear`/`viewDidDisappear` and the page that comes
    /// `viewWillAppear`/`viewDidAppear`, as a container must send them in UIKit.
    private func show(pages newPages: [ViewController]) {
        let leaving = topPage
        let arriving = newPages.last
        let swapping = leaving !== arriving && isOnScreen
        if swapping { leaving?.beginAppearanceTransition(false, animated: true) }
        for page in pages where !newPages.contains(where: { $0 === page }) {
            page.viewIfLoaded?.removeFromSuperview()
            page.removeFromParent()
        }
        for page in newPages where page.parent !== self { addChild(page) }
        pages = newPages
        // Once a child, so that it is in the container's window when it appears.
        if swapping { arriving?.beginAppearanceTransition(true, animated: true) }
        if leaving !== arriving {
            leaving?.viewIfLoaded?.removeFromSuperview()
            if let arriving { (pageArea ?? view).addSubview(arriving.view) }
        }
        if swapping {
            leaving?.endAppearanceTransition()
            arriving?.endAppearanceTransition()
        }
    }

    /// Between `viewWillAppear` and `viewDidDisappear`: the container's pages are on screen.
    private var isOnScreen = false

    public override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        isOnScreen = true
    }

    public override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        isOnScreen = false
    }

    /// Only the page on screen appears and disappears with the container.
    public override var childrenForAppearance: [ViewController] { topPage.map { [$0] } ?? [] }

    // MARK: Unwinding

    /// The pages are searched by `viewControllerForUnwindSegueAction` below, the legacy way, so
    /// that finding one makes this container the executor; the default search must not ask
    /// them a second time.
    public override func allowedChildrenForUnwinding(from source: UnwindSegueSource) -> [ViewController] { [] }

    /// TN2298 listing 2: the pages from the top down, except the one the unwind starts from,
    /// each asked as the default search asks a child; then this controller itself.
    public override func viewControllerForUnwindSegueAction(_ action: Selector, from fromViewController: ViewController,
                                                            withSender sender: Any?) -> ViewController? {
        let containing = page(containing: fromViewController)
        for page in pages.reversed() where page !== containing {
            if let found = page.viewControllerForUnwindSegueAction(action, from: fromViewController, withSender: sender) {
                return found
            }
        }
        return super.viewControllerForUnwindSegueAction(action, from: fromViewController, withSender: sender)
    }

    /// TN2298 listing 3: as the executor, the container supplies the segue, which fades back.
    public override func segueForUnwinding(to destination: ViewController, from source: ViewController,
                                           identifier: String?) -> StoryboardSegue {
        guard destination.parent === self else {
            return super.segueForUnwinding(to: destination, from: source, identifier: identifier)
        }
        let segue = FadeSegue(identifier: identifier, source: source, destination: destination)
        segue.isUnwind = true
        return segue
    }

    /// The page that is, or holds, `controller`, through parents and presentations.
    private func page(containing controller: ViewController) -> ViewController? {
        var current: ViewController? = controller
        while let candidate = current {
            if candidate.parent === self { return candidate }
            current = candidate.parent ?? candidate.presentingViewController
        }
        return nil
    }
}
