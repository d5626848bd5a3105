import Navigation

/// Rules 1 to 8 of the unwind semantics written out plainly, apart from the engine's search:
/// levels from the source's next responder outwards (rule 1), where a presented controller's
/// is the controller that made the presentation, found here from the one that asked for it as
/// UIKit's `present(_:animated:completion:)` says: the nearest ancestor that defines the
/// presentation context for a current-context one (else the top), the top of the asker's
/// hierarchy, which covers the screen, for any other; at each, its allowed children
/// depth first, then itself (rule 2); the allowed children are the children minus the one on the
/// way to the source, a navigation stack from the top down (rule 3), or what a custom container
/// allows (rule 6, `children`); a controller accepts when it implements the action and is not
/// the source (rule 4); nobody: nil (rule 7).
@MainActor
public enum ReferenceUnwindSearch {
    public static func destination(of action: Selector, from source: ViewController,
                                   children: @MainActor (ViewController) -> [ViewController] = children(of:)) -> ViewController? {
        var path: [ViewController] = []
        var next: ViewController? = source
        while let controller = next {
            path.append(controller)
            next = controller.parent ?? presenter(of: controller)
        }
        func search(_ controller: ViewController) -> ViewController? {
            for child in children(controller) where !path.contains(where: { $0 === child }) {
                if let found = search(child) { return found }
            }
            return controller !== source && controller.responds(to: action) ? controller : nil
        }
        for level in path.dropFirst() {
            if let found = search(level) { return found }
        }
        return nil
    }

    /// The controller that made the presentation `presented` is the top of, by the rule, from
    /// the one that asked for it; nil when it is not presented.
    static func presenter(of presented: ViewController) -> ViewController? {
        guard let presenting = presented.presentingViewController else { return nil }
        let asker = presented.presentationAskedBy ?? presenting
        let ancestors = Array(sequence(first: asker, next: \.parent))
        if presented.modalPresentationStyle.isCurrentContext, let context = ancestors.first(where: \.definesPresentationContext) {
            return context
        }
        return ancestors.last
    }

    /// A level's children in the order they are asked: a navigation stack from the top down.
    public static func children(of level: ViewController) -> [ViewController] {
        (level as? NavigationController)?.viewControllers.reversed() ?? level.children
    }
}
