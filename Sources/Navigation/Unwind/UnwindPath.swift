/// The way from an unwind's source up to the top of its hierarchy, through parents and
/// presenters (`nextResponderForUnwinding`), found once for a whole search.
///
/// Every level of the search asks which of its children contains the source
/// (`childContaining(_:)`), and so does every controller searched below a level. Walking up
/// from the source each time made an unwind through 10,000 presentations 50 million steps;
/// with the path, each question is one look-up. The path is found again whenever a parent or a
/// presenter changed since (`ViewController.hierarchyGeneration`), so its answers are always
/// the walk's.
@MainActor
final class UnwindPath {
    let source: ViewController
    private weak var window: Window?
    private var generation: Int
    /// The controllers on the path, held so that none goes, nor its identity is reused, while
    /// the path is kept; each controller's parent is on the path too.
    private var controllers: [ViewController] = []
    /// For each container on the path, its child on the path: the one containing the source.
    private var childOnPath: [ObjectIdentifier: ViewController] = [:]

    init(source: ViewController) {
        self.source = source
        window = source.window
        generation = window?.hierarchyGeneration ?? -1
        find()
    }

    /// The child of `container` that contains the source, if the source is below it.
    func child(containingSourceIn container: ViewController) -> ViewController? {
        if let window, generation == window.hierarchyGeneration {
            return childOnPath[ObjectIdentifier(container)]
        }
        window = source.window
        generation = window?.hierarchyGeneration ?? -1
        find()
        return childOnPath[ObjectIdentifier(container)]
    }

    private func find() {
        controllers = []
        childOnPath = [:]
        var current: ViewController? = source
        while let controller = current {
            controllers.append(controller)
            // The walk stops at the first child of a container, as `childContaining` did.
            if let parent = controller.parent, childOnPath[ObjectIdentifier(parent)] == nil {
                childOnPath[ObjectIdentifier(parent)] = controller
            }
            current = controller.nextResponderForUnwinding
        }
    }
}
