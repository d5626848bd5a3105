import Navigation
import Terminal

/// What can have keyboard focus: a view in the screen's content, or an item in its bar.
@MainActor
public enum FocusTarget {
    case view(Focusable)
    case barItem(BarButtonItem)

    public var object: AnyObject {
        switch self {
        case .view(let view): return view
        case .barItem(let item): return item
        }
    }
}

/// Decides which object has focus on the screen that takes keys, and moves it with Tab. Each
/// screen remembers its focus, so coming back to the wallet puts it where it was.
@MainActor
public final class FocusEngine {
    /// A screen's focus, held no longer than the screen's controller and the focused object.
    private struct Remembered {
        weak var controller: ViewController?
        weak var focused: AnyObject?
    }

    /// Keyed by the controller's identity, but an entry counts only while its controller is the
    /// one alive at that address: a closed screen's entry must not pass to the next controller
    /// made there, nor keep its views alive.
    private var remembered: [ObjectIdentifier: Remembered] = [:]

    public init() {}

    /// The focus stops of a screen in reading order, pane by pane (a split view's columns, an
    /// embedded child): the bar's items, the content, the title view's controls, then the
    /// toolbar's items.
    public func targets(on screen: Screen) -> [FocusTarget] {
        var targets: [FocusTarget] = []
        for pane in screen.panes {
            let bars = pane.focusableBarItems
            targets += bars.top.map { .barItem($0) }
            // The title view after the content, so that the content, not a control in the bar,
            // takes the first focus of a screen.
            var views: [View] = []
            for view in pane.ownContentViews { view.appendViewsShown(to: &views) }
            pane.titleView?.appendViewsShown(to: &views)
            // Loops, not closures: this runs for every key and frame, and an actor-isolated
            // closure checks its executor at each call.
            for view in views {
                if let focusable = view as? Focusable, focusable.canBecomeFocused {
                    targets.append(.view(focusable))
                } else if let bar = view as? BarItemsView {
                    for item in bar.focusableItems { targets.append(.barItem(item)) }
                } else {
                    // A view that is pressed through a tap gesture recognizer is a stop of its own.
                    for recognizer in view.gestureRecognizers {
                        let stop = TapGestureFocus.stop(for: recognizer)
                        if stop.canBecomeFocused { targets.append(.view(stop)) }
                    }
                }
            }
            targets += bars.bottom.map { .barItem($0) }
        }
        return targets
    }

    /// The focused object on `screen`: what it had, what asked for focus (a text field's
    /// `becomeFirstResponder`), or the first table, text field or button, then the first item.
    public func focus(on screen: Screen) -> FocusTarget? {
        focus(on: screen, stops: targets(on: screen))
    }

    /// The focused object on `screen` whose stops (`targets(on:)`) are `targets`.
    func focus(on screen: Screen, stops targets: [FocusTarget]) -> FocusTarget? {
        if let asking = targets.first(where: { ($0.object as? TextField)?.wantsFocus == true }) {
            for target in targets { (target.object as? TextField)?.wantsFocus = false }
            return remember(asking, on: screen)
        }
        let remembered = rememberedFocusAndPane(on: screen)
        if let current = remembered?.focused, let target = targets.first(where: { $0.object === current }) {
            return target
        }
        func preferred(_ targets: [FocusTarget]) -> FocusTarget? {
            targets.first { if case .view = $0 { return true } else { return false } } ?? targets.first
        }
        // What had focus went (a push in its column): the first stop of that pane, not the
        // screen's, so that focus stays in the column where the user is.
        if let pane = remembered?.pane, let target = preferred(self.targets(on: pane)) {
            return remember(target, on: screen)
        }
        return preferred(targets).map { remember($0, on: screen) }
    }

    /// Moves focus forwards (Tab) or backwards (Shift-Tab), wrapping around.
    public func move(on screen: Screen, forward: Bool) {
        let targets = targets(on: screen)
        guard !targets.isEmpty else { return }
        let current = focus(on: screen)
        let index = targets.firstIndex { $0.object === current?.object } ?? -1
        let next = (index + (forward ? 1 : -1) + targets.count) % targets.count
        _ = remember(targets[next], on: screen)
    }

    /// Puts focus on a target of the screen.
    public func setFocus(_ target: FocusTarget, on screen: Screen) {
        _ = remember(target, on: screen)
    }

    /// What the level had focused: each pane remembers its own focus (by its controller, so a
    /// screen pushed in one column has its own), and the level which pane had it last.
    private func rememberedFocus(on screen: Screen) -> AnyObject? {
        rememberedFocusAndPane(on: screen)?.focused
    }

    /// The remembered object and the pane that remembers it. The pane with focus is known by
    /// its container (a column's navigation controller), which stays when a push or a pop
    /// changes the controller it shows: then it has nothing remembered, and focus stays in it.
    private func rememberedFocusAndPane(on screen: Screen) -> (focused: AnyObject?, pane: Screen)? {
        let panes = screen.panes
        func entry(of pane: Screen) -> AnyObject? {
            guard let entry = remembered[ObjectIdentifier(pane.controller)], entry.controller === pane.controller else { return nil }
            return entry.focused
        }
        if panes.count > 1, let level = remembered[ObjectIdentifier(screen.container)], level.controller === screen.container,
           let active = panes.first(where: { $0.container === level.focused }) {
            return (entry(of: active), active)
        }
        for pane in panes {
            if let focused = entry(of: pane) { return (focused, pane) }
        }
        return nil
    }

    private func remember(_ target: FocusTarget, on screen: Screen) -> FocusTarget {
        if rememberedFocus(on: screen) !== target.object, let table = target.object as? TableView { table.didBecomeFocused() }
        let pane = screen.pane(containing: target.object)
        let key = ObjectIdentifier(pane.controller)
        if remembered[key] == nil { remembered = remembered.filter { $0.value.controller != nil } }
        remembered[key] = Remembered(controller: pane.controller, focused: target.object)
        if screen.panes.count > 1, screen.container !== pane.controller {
            // The level's entry names the pane with focus by its container, as its `focused`.
            remembered[ObjectIdentifier(screen.container)] = Remembered(controller: screen.container, focused: pane.container)
        }
        return target
    }
}

extension View {
    /// This view and the views below it that are not hidden.
    /// A container view's embedded controller is a pane of its own, so its views are not here.
    var allViewsShown: [View] {
        var views: [View] = []
        appendViewsShown(to: &views)
        return views
    }

    /// Adds `allViewsShown` to `views`, depth first: one array for a whole screen, where
    /// joining each view's arrays made one for every view, for every key and frame.
    func appendViewsShown(to views: inout [View]) {
        if isHidden { return }
        views.append(self)
        if self is ContainerView { return }
        for subview in subviews { subview.appendViewsShown(to: &views) }
    }
}
