@testable import Navigation
import Testing

/// Unwinds through hierarchies 10,000 controllers deep: a navigation stack of 10,000 and a
/// chain of 10,000 presentations. Each lands where the rules say, asks each controller once,
/// and lets every controller it takes off go; releasing the whole hierarchy at once overflows
/// no stack. Work is counted (each controller's questions, the search's events), never timed.
@MainActor
@Suite("Hierarchies 10,000 controllers deep")
struct DeepHierarchyTests {
    static let depth = 10_000
    static let action: Selector = "backToRoot:"

    @Test("An unwind from the top of a stack of 10,000 lands on its root, asks each controller below the top once, and releases the 9,999 it pops")
    func deepStack() throws {
        let counter = WorkCounter()
        let root = Level(counter, accepts: true)
        let navigation = NavigationController(rootViewController: root)
        let window = Window()
        var asked = 0
        window.addObserver { if case .unwindAsked = $0 { asked += 1 } }
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        var above: [WeakReference<ViewController>] = []
        for _ in 1..<Self.depth {
            let level = Level(counter, accepts: false)
            above.append(WeakReference(level))
            navigation.pushViewController(level, animated: false)
        }
        try #require(navigation.viewControllers.count == Self.depth)
        counter.reset()
        try unwind(from: #require(navigation.topViewController))

        #expect(navigation.viewControllers.count == 1 && navigation.topViewController === root)
        #expect(navigation.children.count == 1)
        #expect(counter.actionsRun == 1 && counter.prepared == 1)
        // Every controller under the top answers once; the top is the source, never asked.
        #expect(counter.questions == Self.depth - 1)
        #expect(counter.childrenAsked == Self.depth - 1)
        #expect(asked == Self.depth - 1)
        #expect(above.allSatisfy { $0.object == nil }, "a popped controller is still alive")
    }

    @Test("An unwind from the top of 10,000 presentations lands on the window's root, asks each level once, and releases every presented controller")
    func deepPresentations() throws {
        let counter = WorkCounter()
        let root = Level(counter, accepts: true)
        let window = Window()
        var asked = 0
        window.addObserver { if case .unwindAsked = $0 { asked += 1 } }
        window.rootViewController = root
        window.makeKeyAndVisible()
        let presented = presentChain(on: root, counter: counter)
        try #require(window.presentationStack.count == Self.depth)
        counter.reset()

        try unwind(from: #require(window.topViewController))

        #expect(root.presentedViewController == nil && window.topViewController === root)
        #expect(root.appearance == .appeared)
        #expect(counter.actionsRun == 1 && counter.prepared == 1)
        #expect(counter.questions == Self.depth - 1)
        #expect(asked == Self.depth - 1)
        #expect(presented.allSatisfy { $0.object == nil }, "a dismissed controller is still alive")
    }

    @Test("A window holding 10,000 presentations lets them all go at once without overflowing the stack")
    func releasingDeepPresentations() {
        let counter = WorkCounter()
        var window: Window? = Window()
        var root: Level? = Level(counter, accepts: false)
        window?.rootViewController = root
        window?.makeKeyAndVisible()
        let presented = presentChain(on: root!, counter: counter)
        let rootReference = WeakReference(root!)
        root = nil
        window = nil
        #expect(rootReference.object == nil)
        #expect(presented.allSatisfy { $0.object == nil })
    }

    @Test("A stack of 10,000 whose navigation controller goes lets them all go")
    func releasingDeepStack() {
        let counter = WorkCounter()
        var navigation: NavigationController? = NavigationController(rootViewController: Level(counter, accepts: false))
        var levels: [WeakReference<ViewController>] = []
        for _ in 1..<Self.depth {
            let level = Level(counter, accepts: false)
            levels.append(WeakReference(level))
            navigation?.pushViewController(level, animated: false)
        }
        navigation = nil
        #expect(levels.allSatisfy { $0.object == nil })
    }

    @Test("Setting a stack of 10,000 controllers to its root releases the others and leaves one child")
    func settingADeepStackToItsRoot() throws {
        let counter = WorkCounter()
        let root = Level(counter, accepts: false)
        let navigation = NavigationController(rootViewController: root)
        var levels: [WeakReference<ViewController>] = []
        for _ in 1..<Self.depth {
            let level = Level(counter, accepts: false)
            levels.append(WeakReference(level))
            navigation.pushViewController(level, animated: false)
        }
        navigation.setViewControllers([root], animated: false)
        #expect(navigation.children.count == 1 && root.parent === navigation)
        #expect(levels.allSatisfy { $0.object == nil })
    }

    // MARK: Helpers

    /// Presents `depth - 1` levels, each full screen from the one before; returns them, held weakly.
    private func presentChain(on root: ViewController, counter: WorkCounter) -> [WeakReference<ViewController>] {
        var presenter = root
        var presented: [WeakReference<ViewController>] = []
        for _ in 1..<Self.depth {
            let level = Level(counter, accepts: false)
            presented.append(WeakReference(level))
            presenter.present(level, animated: false)
            presenter = level
        }
        return presented
    }

    private func unwind(from source: ViewController) {
        let template = SegueTemplate(storyboardID: "u", identifier: "u", kind: .unwind(Self.action), destinationID: nil,
                                     storyboard: Self.storyboard)
        source.performSegue(template, sender: nil, triggeredByControl: false)
    }

    /// Any storyboard: an unwind's template names one, though an unwind instantiates nothing.
    private static let storyboard: Storyboard = {
        let xml = #"<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"><scenes/></document>"#
        return try! Storyboard(data: Array(xml.utf8), name: "Deep.storyboard", classes: StoryboardClasses())
    }()
}

/// What an unwind asked of the levels of a deep hierarchy, all of them together.
@MainActor
final class WorkCounter {
    var questions = 0
    var childrenAsked = 0
    var actionsRun = 0
    var prepared = 0

    func reset() { questions = 0; childrenAsked = 0; actionsRun = 0; prepared = 0 }
}

/// A level of a deep hierarchy: it counts what it is asked and keeps nothing it is handed, so
/// that whatever outlives an unwind is the engine's doing.
@MainActor
final class Level: ViewController {
    private let counter: WorkCounter
    private let accepts: Bool

    init(_ counter: WorkCounter, accepts: Bool) {
        self.counter = counter
        self.accepts = accepts
        super.init()
    }

    override var actions: [Selector: Action] {
        accepts ? [DeepHierarchyTests.action: .unwind { [counter] _ in counter.actionsRun += 1 }] : [:]
    }

    override func canPerformUnwindSegueAction(_ action: Selector, from fromViewController: ViewController, sender: Any?) -> Bool {
        counter.questions += 1
        return super.canPerformUnwindSegueAction(action, from: fromViewController, sender: sender)
    }

    override func allowedChildrenForUnwinding(from source: UnwindSegueSource) -> [ViewController] {
        counter.childrenAsked += 1
        return super.allowedChildrenForUnwinding(from: source)
    }

    override func prepare(for segue: StoryboardSegue, sender: Any?) { counter.prepared += 1 }
}
