/// What manages a presented controller on screen, as `UIPresentationController`: who presents
/// whom, and the delegate that hears of the user's pull-down of a sheet, which no segue and no
/// unwind action hears of.
@MainActor
open class PresentationController {
    /// The controller it presents.
    public private(set) weak var presentedViewController: ViewController?
    /// The controller that presents it, once presented.
    public var presentingViewController: ViewController? { presentedViewController?.presentingViewController }
    /// Told of the user's pull-down (`AdaptivePresentationControllerDelegate`). Weak, as in UIKit.
    public weak var delegate: (any AdaptivePresentationControllerDelegate)?

    init(presentedViewController: ViewController) {
        self.presentedViewController = presentedViewController
    }
}

/// Where a popover points, as `UIPopoverPresentationController`: the view or the bar button
/// item it is anchored at. A presented controller with the style `.popover` has one.
@MainActor
public final class PopoverPresentationController: PresentationController {
    /// The view the popover points at (storyboard: `popoverAnchorView`).
    public weak var sourceView: View?
    /// The bar button item the popover points at (storyboard: `popoverAnchorBarButtonItem`).
    public weak var barButtonItem: BarButtonItem?
}

/// As `UIAdaptivePresentationControllerDelegate`: what the app hears when the user pulls a sheet
/// down. UIKit calls none of these for a dismissal in code (an unwind included). Every method
/// has a default: a delegate implements the ones it needs.
@MainActor
public protocol AdaptivePresentationControllerDelegate: AnyObject {
    /// Asked when the user starts pulling the sheet down; false keeps it (UIKit then calls
    /// `presentationControllerDidAttemptToDismiss`). Apple's page: it may be called at any
    /// time, and is not always followed by the will and did calls.
    func presentationControllerShouldDismiss(_ presentationController: PresentationController) -> Bool
    /// The pull began; the user may still let go, and the sheet springs back.
    func presentationControllerWillDismiss(_ presentationController: PresentationController)
    /// The pull dismissed the sheet: the one place an app learns of it.
    func presentationControllerDidDismiss(_ presentationController: PresentationController)
    /// The pull was refused (`isModalInPresentation`, or `presentationControllerShouldDismiss`
    /// answered false): where apps ask "Discard changes?".
    func presentationControllerDidAttemptToDismiss(_ presentationController: PresentationController)
}

extension AdaptivePresentationControllerDelegate {
    public func presentationControllerShouldDismiss(_ presentationController: PresentationController) -> Bool { true }
    public func presentationControllerWillDismiss(_ presentationController: PresentationController) {}
    public func presentationControllerDidDismiss(_ presentationController: PresentationController) {}
    public func presentationControllerDidAttemptToDismiss(_ presentationController: PresentationController) {}
}
