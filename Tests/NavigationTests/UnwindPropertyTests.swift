import Foundation
@testable import Navigation
import TestSupport
import Testing

/// For seeded random hierarchies of navigation, tab bar and split view controllers, with
/// full-screen, current-context and popover presentations on top, in a compact or regular width,
/// the width changing or not once they show, an unwind of a random action from a controller on screen lands where a plain reading of rules
/// 1 to 8 says, and afterwards the destination is on screen (on top of its stacks, its tab
/// selected, nothing presented over it) and nothing off the path moved.
/// A soak: `Soak`.
@MainActor
@Suite("Unwinds in random hierarchies")
struct UnwindPropertyTests {
    static let defaultHierarchies = 1_500
    static let actions: [Selector] = ["a:", "b:", "c:"]

    @Test("Rules 1 to 8: the engine's destination is the reference's, and the destination is on screen afterwards with nothing else moved")
    func randomHierarchies() throws {
        let seeds = Soak(defaultSteps: Self.defaultHierarchies).seeds
        let count = seeds.count
        let storyboard = try ContainerFixtures.load("Rule12-TabBarSelectsTab", recorder: Recorder())
        Self.landedCount = 0
        for seed in seeds {
            if let problem = try check(seed: seed, storyboard: storyboard) {
                Issue.record("hierarchy \(seed): \(problem)")
                return
            }
        }
        // Both outcomes must be common, or the property would test little.
        #expect(Self.landedCount > Int(count) / 5 && Int(count) - Self.landedCount > Int(count) / 10, "\(Self.landedCount) of \(count) unwinds landed")
    }

    /// How many unwinds found a destination.
    private static var landedCount = 0

    private func check(seed: UInt64, storyboard: Storyboard) throws -> String? {
        var random = RandomSource(seed: seed)
        var made: [Probe] = []
        func probe() -> Probe {
            let implemented = Set(Self.actions.filter { _ in random.next(3) == 0 })
            let controller = Probe("P\(made.count)", implements: implemented)
            made.append(controller)
            return controller
        }
        func stack() -> NavigationController {
            let navigation = NavigationController(rootViewController: probe())
            for _ in 0..<random.next(3) { navigation.pushViewController(probe(), animated: false) }
            return navigation
        }
        func container(_ depth: Int) -> ViewController {
            switch random.next(depth == 0 ? 4 : 5) {
            case 0: return stack()
            case 1:
                let tabs = TabBarController()
                tabs.setViewControllers((0..<(2 + random.next(2))).map { _ in random.next(3) == 0 ? probe() : stack() }, animated: false)
                tabs.selectedIndex = random.next(tabs.viewControllers.count)
                return tabs
            case 2:
                let split = SplitViewController()
                split.setViewControllers([stack(), random.next(2) == 0 ? probe() : stack()])
                return split
            case 3:
                // A custom container: one or two children embedded in a plain controller.
                let parent = probe()
                for _ in 0...random.next(2) { parent.addChild(random.next(2) == 0 ? probe() : stack()) }
                return parent
            default: return probe()
            }
        }

        let window = Window()
        var events: [NavigationEvent] = []
        window.addObserver { events.append($0) }
        window.horizontalSizeClass = random.next(2) == 0 ? .compact : .regular
        window.rootViewController = container(0)
        window.makeKeyAndVisible()
        for _ in 0..<random.next(3) {
            guard let top = window.topViewController else { break }
            // Mostly what the user sees deepest (a tab's child, a split's column, an embedded
            // child), sometimes a container above it: each asks, and another may make it.
            let askers = Array(sequence(first: visibleLeaf(top), next: \.parent))
            let presenter = random.next(3) == 0 ? askers[random.next(askers.count)] : askers[0]
            let presented = container(1)
            switch random.next(4) {
            case 0:
                presented.modalPresentationStyle = .currentContext
                // The context: some controller between the presenter and its level, or none.
                var ancestors: [ViewController] = []
                var current: ViewController? = presenter
                while let controller = current { ancestors.append(controller); current = controller.parent }
                ancestors[random.next(ancestors.count)].definesPresentationContext = random.next(4) != 0
            case 1: presented.modalPresentationStyle = .popover
            default: break
            }
            presenter.present(presented, animated: false)
        }
        // The terminal resized once everything is shown: split views collapse or expand, popovers adapt.
        if random.next(3) == 0 { window.horizontalSizeClass = window.horizontalSizeClass == .compact ? .regular : .compact }
        // Any controller on screen may start the unwind: a split's primary as well as its detail.
        let candidates = onScreen(window).filter { $0 is Probe }
        guard !candidates.isEmpty else { return nil }
        let source = candidates[random.next(candidates.count)]
        let action = Self.actions[random.next(Self.actions.count)]
        let expected = ReferenceUnwindSearch.destination(of: action, from: source)
        let before = Snapshot(window)
        let sizeClass = window.horizontalSizeClass

        let building = events
        events = []
        let template = SegueTemplate(storyboardID: "u", identifier: "u", kind: .unwind(action), destinationID: nil, storyboard: storyboard)
        if let problem = cacheProblem(window, made: made) { return "before the unwind: \(problem)" }
        // A path found before the hierarchy changes must find itself again after.
        let earlyPath = UnwindPath(source: source)
        source.performSegue(template, sender: nil, triggeredByControl: false)
        if let problem = pathProblem(earlyPath, in: window) { return problem }

        let context = "\(sizeClass), \(before.description), \(action) from \(ControllerID(source))"
        if let problem = cacheProblem(window, made: made) { return "\(problem) (\(context))" }
        if let problem = lifeCycleProblem(in: building + events) { return "\(problem) (\(context))" }
        if let error = events.first(where: { if case .programmingError = $0 { true } else { false } }) {
            return "\(error) (\(context))"
        }
        let landed: ViewController? = events.lazy.compactMap { event -> ObjectIdentifier? in
            if case .unwindDestination(let destination, _) = event { return destination.id }
            return nil
        }.first.flatMap { id in made.first { ObjectIdentifier($0) == id } }
        guard landed === expected else {
            return "landed on \(landed.map { "\(ControllerID($0))" } ?? "nobody"), the rules say \(expected.map { "\(ControllerID($0))" } ?? "nobody") (\(context))"
        }
        guard let destination = expected else {
            // Nobody accepts: nothing moved.
            let after = Snapshot(window)
            return after == before ? nil : "an aborted unwind changed the hierarchy: \(before.description) → \(after.description)"
        }
        if !onScreen(window).contains(where: { $0 === destination }) {
            return "\(ControllerID(destination)) is not on screen after the unwind (\(Snapshot(window).description); \(context))"
        }
        if destination.appearance != .appeared {
            return "\(ControllerID(destination)) is on screen but \(destination.appearance) (\(context))"
        }
        Self.landedCount += 1
        // Nothing off the path moved: every controller still there has the parent it had.
        let after = Snapshot(window)
        for (controller, parent) in after.parents {
            if let old = before.parents[controller], old != parent {
                return "a controller changed parent (\(before.description) → \(after.description); \(context))"
            }
        }
        return nil
    }

    /// The engine's remembered answers agree with fresh ones, for every controller made (in the
    /// window or not): each one's window (`window` remembers the window it found) and, from each
    /// as an unwind's source, the child of every controller that contains it (`UnwindPath`).
    private func cacheProblem(_ window: Window, made: [Probe]) -> String? {
        var all = window.allControllers
        for probe in made where !all.contains(where: { $0 === probe }) { all.append(probe) }
        for controller in all {
            var walked: ViewController? = controller
            var fresh: Window?
            while let current = walked {
                if let installed = current.installedWindow { fresh = installed; break }
                walked = current.parent ?? current.presentingViewController
            }
            if controller.window !== fresh { return "\(ControllerID(controller)) remembers another window than it is in" }
        }
        for source in all {
            let plain = UnwindSegueSource(sourceViewController: source, unwindAction: "a:", sender: nil)
            let withPath = UnwindSegueSource(sourceViewController: source, unwindAction: "a:", sender: nil, path: UnwindPath(source: source))
            for container in all where container.childContaining(plain) !== container.childContaining(withPath) {
                return "from \(ControllerID(source)), the path finds another child of \(ControllerID(container)) than the walk"
            }
        }
        return nil
    }

    private func pathProblem(_ path: UnwindPath, in window: Window) -> String? {
        let plain = UnwindSegueSource(sourceViewController: path.source, unwindAction: "a:", sender: nil)
        let kept = UnwindSegueSource(sourceViewController: path.source, unwindAction: "a:", sender: nil, path: path)
        for container in window.allControllers where container.childContaining(plain) !== container.childContaining(kept) {
            return "after the unwind, a path found before it finds another child of \(ControllerID(container)) than the walk"
        }
        return nil
    }

    /// Appearance callbacks out of order: each controller goes did-load, will-appear,
    /// did-appear, will-disappear, did-disappear, will-appear again…, never appearing twice.
    private func lifeCycleProblem(in events: [NavigationEvent]) -> String? {
        var last: [ControllerInstance: LifeCycleCall] = [:]
        for event in events {
            guard case .lifeCycle(let call, let controller) = event else { continue }
            let previous = last[controller.instance]
            if !call.allowedAfter.contains(previous) { return "\(call) on \(controller) after \(previous.map(\.rawValue) ?? "nothing")" }
            last[controller.instance] = call
        }
        return nil
    }

    /// What the user sees of a level: a stack's top, a tab bar's selected tab, both columns of an
    /// expanded split view.
    private func visibleLeaf(_ controller: ViewController) -> ViewController {
        if let navigation = controller as? NavigationController, let top = navigation.topViewController { return visibleLeaf(top) }
        if let tabs = controller as? TabBarController, let selected = tabs.selectedViewController { return visibleLeaf(selected) }
        if let split = controller as? SplitViewController, let last = split.viewControllers.last { return visibleLeaf(last) }
        if let embedded = controller.children.last { return visibleLeaf(embedded) }
        return controller
    }

    /// The controllers on screen: those of the top level, and of the levels a current-context
    /// presentation or a popover leaves visible around it, each with the children that show.
    private func onScreen(_ window: Window) -> [ViewController] {
        var visible: [ViewController] = []
        func appear(_ controller: ViewController) {
            visible.append(controller)
            controller.childrenForAppearance.forEach(appear)
        }
        guard let top = window.topViewController else { return [] }
        appear(top)
        return visible
    }

}

/// The hierarchy's shape: each controller's parent, and a readable outline.
@MainActor
private struct Snapshot: Equatable {
    var parents: [ObjectIdentifier: ObjectIdentifier?] = [:]
    var description = ""

    init(_ window: Window) {
        var parts: [String] = []
        func visit(_ controller: ViewController) {
            parents[ObjectIdentifier(controller)] = controller.parent.map(ObjectIdentifier.init)
            var name = (controller as? Probe)?.name ?? String(describing: type(of: controller))
            if let tabs = controller as? TabBarController { name += "#\(tabs.selectedIndex)" }
            if let split = controller as? SplitViewController, split.isCollapsed { name += "(collapsed)" }
            let children = controller.children
            if !children.isEmpty {
                parts.append(name + "[")
                children.forEach(visit)
                parts.append("]")
            } else {
                parts.append(name)
            }
            if let presented = controller.ownPresentedViewController {
                parts.append("presents(\(presented.modalPresentationStyle.rawValue))")
                visit(presented)
            }
        }
        window.rootViewController.map(visit)
        description = parts.joined(separator: " ")
    }
}

/// SplitMix64: the same seed, the same hierarchy.
private struct RandomSource {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
