import Navigation

/// TN2298's listings 2 and 3: searches its stack from the bottom up, and makes a segue with a
/// perform handler.
final class LegacyNavigationController: NavigationController {
    var recorder: Recorder?
    private(set) var handlerRuns = 0
    private(set) var segues: [StoryboardSegue] = []

    override func viewControllerForUnwindSegueAction(_ action: Selector, from fromViewController: ViewController, withSender sender: Any?) -> ViewController? {
        for controller in viewControllers where controller !== fromViewController
            && controller.canPerformUnwindSegueAction(action, from: fromViewController, sender: sender) {
            return controller
        }
        return super.viewControllerForUnwindSegueAction(action, from: fromViewController, withSender: sender)
    }

    override func segueForUnwinding(to destination: ViewController, from source: ViewController, identifier: String?) -> StoryboardSegue {
        let segue = StoryboardSegue(identifier: identifier, source: source, destination: destination) { [unowned self] in
            handlerRuns += 1
            recorder?.call("performHandler")
        }
        segues.append(segue)
        return segue
    }
}
