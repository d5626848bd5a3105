import Foundation
import Navigation
import Testing

/// A conformance storyboard (`Storyboards/Conformance/<name>.storyboard`) running in a window:
/// its initial controller on screen, every controller it makes reporting to one recorder.
///
/// The scenes name their classes as an app's storyboard does (`customClass="MenuViewController"`);
/// a test says which unwind actions each class implements, and the scenario registers a `Probe`
/// under that name, so the storyboard reads like an app's and the test like the rule.
@MainActor
struct Scenario {
    let recorder: Recorder
    let storyboard: Storyboard
    let window: Window

    /// - Parameters:
    ///   - classes: each custom class the storyboard names, with the unwind actions it implements.
    ///   - register: registers the test's own classes (and segue classes), made with the recorder.
    ///   - checksUnwindActions: false only for a storyboard whose point is an unwind nobody implements.
    init(_ name: String, classes: [String: Set<Selector>] = [:],
         register: (StoryboardClasses, Recorder) -> Void = { _, _ in },
         checksUnwindActions: Bool = true,
         sourceLocation: SourceLocation = #_sourceLocation) throws {
        let recorder = Recorder()
        let registry = StoryboardClasses()
        registry.registerView(element: "label") { Label() }
        registry.registerView(element: "button") { Button() }
        for (className, actions) in classes {
            registry.register(Probe.self, as: className) { Probe(storyboardClass: className, implements: actions, recorder: recorder) }
        }
        register(registry, recorder)
        registry.checksUnwindActions = checksUnwindActions
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "storyboard", subdirectory: "Storyboards/Conformance"),
                               "Conformance/\(name).storyboard is not among the test resources", sourceLocation: sourceLocation)
        // The storyboards double as examples of the format: they load without a warning.
        let check = Storyboard.check(contentsOfFile: url.path, name: "\(name).storyboard", classes: registry)
        #expect(check.errors.isEmpty && check.warnings.isEmpty,
                "\(check.errors.map(\.description) + check.warnings.map(\.description))", sourceLocation: sourceLocation)
        storyboard = try Storyboard(contentsOfFile: url.path, name: "\(name).storyboard", classes: registry)
        let initial = try #require(storyboard.instantiateInitialViewController(), "\(name).storyboard has no initial scene",
                                   sourceLocation: sourceLocation)
        self.recorder = recorder
        // Observed from the start, so that launching is recorded too.
        window = Window()
        recorder.observe(window)
        window.rootViewController = initial
        window.makeKeyAndVisible()
    }

    // MARK: Finding controllers

    /// Every controller in the window, the root first, then depth first: children, then what a
    /// controller presented.
    var controllers: [ViewController] {
        func walk(_ controller: ViewController) -> [ViewController] {
            [controller] + controller.children.flatMap(walk) + (controller.ownPresentedViewController.map(walk) ?? [])
        }
        return window.rootViewController.map(walk) ?? []
    }

    /// The controller in the window with this name (its navigation item's title, or its title).
    func controller(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ViewController {
        let matches = controllers.filter { Scenario.name(of: $0) == name }
        try #require(matches.count == 1, "\(matches.count) controllers named \(name) in \(hierarchy)", sourceLocation: sourceLocation)
        return matches[0]
    }

    /// The test controller with this name.
    func probe(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Probe {
        try #require(try controller(name, sourceLocation: sourceLocation) as? Probe, sourceLocation: sourceLocation)
    }

    /// The test controllers with this name, from the root out (several instances of one scene).
    func probes(_ name: String) -> [Probe] {
        controllers.compactMap { $0 as? Probe }.filter { $0.name == name }
    }

    // MARK: Acting as the user and the app

    /// Taps the button with this title in the named controller's view.
    func tap(_ title: String, in name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try button(title, in: controller(name, sourceLocation: sourceLocation)).sendActions()
    }

    /// Taps a bar button of the named controller's navigation item.
    func tapBarButton(_ side: BarSide, of name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let item = try controller(name, sourceLocation: sourceLocation).navigationItem
        let button = side == .left ? item.leftBarButtonItem : item.rightBarButtonItem
        try #require(button, "\(name) has no \(side) bar button", sourceLocation: sourceLocation).sendActions()
    }

    enum BarSide { case left, right }

    /// Performs the named controller's segue from code.
    func perform(_ identifier: String, from name: String, sender: Any? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try controller(name, sourceLocation: sourceLocation).performSegue(withIdentifier: identifier, sender: sender)
    }

    // MARK: What happened

    /// Everything recorded, in order, with the life-cycle calls once: as the engine's events,
    /// which also cover the controllers that are not test controllers (navigation controllers).
    var callbacks: [String] { recorder.log.filter { !Self.isLifeCycleCall($0) } }

    private static func isLifeCycleCall(_ line: String) -> Bool {
        ["viewDidLoad", "viewWillAppear", "viewIsAppearing", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"]
            .contains { line.hasPrefix("call \($0) ") }
    }

    /// The hierarchy as it stands: each controller by name, its children in brackets (a
    /// navigation controller's stack from the root up), and what it presented after
    /// "presenting". `nav1 [Wallet presenting nav2 [Contacts, Amount]]`.
    var hierarchy: String {
        func describe(_ controller: ViewController) -> String {
            var text = Scenario.name(of: controller)
            if !controller.children.isEmpty { text += " [" + controller.children.map(describe).joined(separator: ", ") + "]" }
            if let presented = controller.ownPresentedViewController { text += " presenting " + describe(presented) }
            return text
        }
        return window.rootViewController.map(describe) ?? "(no root)"
    }

    /// The name a controller has in the trace and in `hierarchy`.
    static func name(of controller: ViewController) -> String {
        controller.navigationItem.title ?? controller.title ?? String(describing: type(of: controller))
    }
}

extension Probe {
    /// A probe a storyboard makes for a scene of `storyboardClass`: the scene's navigation item
    /// names it.
    convenience init(storyboardClass: String, implements: Set<Selector>, recorder: Recorder) {
        self.init(storyboardClass, implements: implements, recorder: recorder)
        title = nil
    }
}

extension Scenario {
    /// An unwind's callbacks from its start to `perform`, in rule 9's order: the source asked
    /// whether it should perform it; the search (`search`: each controller asked and its answer,
    /// `"asked Master true"`); the destination and the controller that runs the transition; the
    /// segue made and prepared by the source; the destination's unwind action; perform. A nil
    /// `identifier`: the storyboard gave the unwind segue none.
    static func unwind(_ identifier: String?, action: String, from source: String, search: [String], to destination: String,
                       executor: String) -> [String] {
        let segue = "UnwindSegue \(identifier ?? "nil") \(source)→\(destination)"
        return [
            "call shouldPerformSegue \(identifier ?? "") on \(source)",
            "shouldPerformSegue \(identifier ?? "") on \(source) → true",
            "unwindStarted \(action) from \(source)",
        ] + search + [
            "destination \(destination) executor \(executor)",
            "segueCreated \(segue)",
            "prepare \(segue)",
            "call prepare on \(source)",
            "action \(action) on \(destination)",
            "call \(action) on \(destination)",
            "perform \(segue)",
        ]
    }
}

extension Scenario {
    /// A forward segue's callbacks from its start to `perform`, in rule 9's order: the source
    /// asked whether it should perform it, the destination made, the segue (of `segueClass`)
    /// made and prepared by the source, perform.
    static func forward(_ segueClass: String, _ identifier: String, from source: String, to destination: String) -> [String] {
        let segue = "\(segueClass) \(identifier) \(source)→\(destination)"
        return [
            "call shouldPerformSegue \(identifier) on \(source)",
            "shouldPerformSegue \(identifier) on \(source) → true",
            "instantiated \(destination)",
            "segueCreated \(segue)",
            "prepare \(segue)",
            "call prepare on \(source)",
            "perform \(segue)",
        ]
    }
}

extension Scenario {
    /// The appearance callbacks of one transition, in rule 24's order: each controller loaded
    /// for it its did-load; each disappearing controller's will-disappear, each appearing
    /// controller's will-appear, then its is-appearing once its view is in the hierarchy; then
    /// the did calls: did-disappear before did-appear for a container's transition (a push),
    /// did-appear first for a presentation or a dismissal (`presentation`), as UIKit sends them.
    static func appearance(disappearing: [String] = [], loading: [String] = [], appearing: [String] = [],
                           presentation: Bool = false) -> [String] {
        let did = presentation
            ? appearing.map { "life viewDidAppear \($0)" } + disappearing.map { "life viewDidDisappear \($0)" }
            : disappearing.map { "life viewDidDisappear \($0)" } + appearing.map { "life viewDidAppear \($0)" }
        return loading.map { "life viewDidLoad \($0)" } + disappearing.map { "life viewWillDisappear \($0)" }
            + appearing.map { "life viewWillAppear \($0)" } + appearing.map { "life viewIsAppearing \($0)" } + did
    }
}
