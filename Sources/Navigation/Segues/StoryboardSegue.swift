/// A transition between two controllers, as `UIStoryboardSegue`. The storyboard makes one each
/// time a segue is triggered; `perform()` does the transition.
@MainActor
open class StoryboardSegue {
    public let identifier: String?
    public let source: ViewController
    public let destination: ViewController
    /// What `perform()` runs, once; the storyboard sets it to the kind's transition on a segue
    /// of a custom class.
    var performHandler: (@MainActor () -> Void)?

    public required init(identifier: String?, source: ViewController, destination: ViewController) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
    }

    /// A segue whose transition is a closure, run exactly once however often `perform` is called.
    public convenience init(identifier: String?, source: ViewController, destination: ViewController,
                            performHandler: @escaping @MainActor () -> Void) {
        self.init(identifier: identifier, source: source, destination: destination)
        self.performHandler = performHandler
    }

    /// Does the transition. Subclasses override it; the base class runs the perform handler.
    open func perform() {
        guard let handler = performHandler else { return }
        performHandler = nil
        handler()
    }
}

/// Show: pushes onto the source's navigation controller, or presents modally without one.
public final class ShowSegue: StoryboardSegue {
    public override func perform() {
        source.show(destination, sender: nil)
    }
}

/// Present Modally: the source presents the destination over the current context.
public final class PresentationSegue: StoryboardSegue {
    /// The storyboard's `modalPresentationStyle`, when it names one.
    public var modalPresentationStyle: ModalPresentationStyle?

    public override func perform() {
        if let modalPresentationStyle { destination.modalPresentationStyle = modalPresentationStyle }
        source.present(destination, animated: true)
    }
}
