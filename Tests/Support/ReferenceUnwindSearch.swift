import Navigation

/// Rules 1 to 8 of the unwind semantics written out plainly, apart from the engine's search:
/// levels from the source's next responder outwards (rule 1), where a presented controller's
/// is the controller that asked for the presentation, as UIKit's log asks it first, while it is
/// still beneath the controller that presented (a split view expanding can move it out); else
/// the presenting controller; at each, its allowed children
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
            next = controller.parent ?? nextLevel(above: controller)
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

    /// The level after a presented controller: the one that asked for the presentation, if
    /// it is still beneath the one that made it; else the one that made it; nil when
    /// `presented` is not presented.
    static func nextLevel(above presented: ViewController) -> ViewController? {
        guard let presenting = presented.presentingViewController else { return nil }
        guard let asker = presented.presentationAskedBy else { return presenting }
        let stillBeneath = sequence(first: asker, next: \.parent).contains { $0 === presenting }
        return stillBeneath ? asker : presenting
    }

    /// A level's children in the order they are asked: a navigation stack from the top down.
    public static func children(of level: ViewController) -> [ViewController] {
        (level as? NavigationController)?.viewControllers.reversed() ?? level.children
    }
}
