import Benchmark
import Navigation
import Terminal
import Views

/// An unwind through a hierarchy 10,000 controllers deep, from its top to the root at its bottom,
/// through the engine's public API: a storyboard whose Level scene has a manual unwind segue to
/// the root's action, 9,999 Levels pushed on the root's navigation stack or each presented by
/// the one below, and `performSegue(withIdentifier:)` on the top one. The app redraws afterwards,
/// as it would after the key that started the unwind.
enum DeepUnwind {
    static let depth = 10_000

    /// How the Levels are stacked over the root.
    enum Stacking: String, CaseIterable {
        case pushed = "a navigation stack"
        case presented = "presentations"
    }

    static func register() {
        let configuration = Benchmark.Configuration(warmupIterations: 1, maxDuration: .seconds(5), maxIterations: 20)
        for stacking in Stacking.allCases {
            Benchmark("Unwind through \(depth) controllers, \(stacking.rawValue)", configuration: configuration) { @MainActor benchmark async in
                let (app, top) = deepHierarchy(stacking)
                benchmark.startMeasurement()
                top.performSegue(withIdentifier: "backToRoot", sender: nil)
                app.render()
                benchmark.stopMeasurement()
                let root = app.window.rootViewController as? NavigationController
                precondition(root?.viewControllers.count == 1 && root?.presentedViewController == nil, "the unwind did not reach the root")
                blackHole(app)
            }
        }
    }

    /// The root, which implements `backToRoot:`, and the Levels stacked over it.
    @MainActor
    static func deepHierarchy(_ stacking: Stacking) -> (Application, ViewController) {
        let classes = StoryboardClasses.terminal()
        classes.register(DeepRootViewController.self) { DeepRootViewController() }
        let storyboard: Storyboard
        do {
            storyboard = try Storyboard(data: Array(deepStoryboard.utf8), name: "Deep.storyboard", classes: classes)
        } catch {
            fatalError("Deep.storyboard does not load: \(error)")
        }
        guard let navigation = storyboard.instantiateInitialViewController() as? NavigationController else {
            fatalError("Deep.storyboard starts with its navigation controller")
        }
        let window = Window()
        window.rootViewController = navigation
        let app = Application(window: window, backend: MemoryTerminal(size: Size(width: 80, height: 24)), scheduler: Scheduler(clock: .manual))
        app.launch()
        var top: ViewController = navigation
        for _ in 1..<depth {
            guard let level = storyboard.instantiateViewController(withIdentifier: "Level") else {
                fatalError("Deep.storyboard has a Level scene")
            }
            switch stacking {
            case .pushed: navigation.pushViewController(level, animated: false)
            case .presented: top.present(level, animated: false)
            }
            top = level
        }
        app.render()
        return (app, top)
    }
}

/// The bottom of the hierarchy: where `backToRoot:` lands.
final class DeepRootViewController: ViewController {
    @IBAction func backToRoot(_ unwindSegue: StoryboardSegue) {}

    override var actions: [Navigation.Selector: Action] { ["backToRoot:": .unwind(backToRoot)] }
}

/// A navigation controller whose root is DeepRootViewController, and a Level scene with a manual
/// unwind segue to `backToRoot:`, as Interface Builder writes them.
let deepStoryboard = """
<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" initialViewController="nav-00-001">
    <scenes>
        <scene sceneID="scn-00-001">
            <objects>
                <navigationController id="nav-00-001" sceneMemberID="viewController">
                    <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar-00-001"/>
                    <connections>
                        <segue destination="roo-00-001" kind="relationship" relationship="rootViewController" id="rel-00-001"/>
                    </connections>
                </navigationController>
            </objects>
        </scene>
        <scene sceneID="scn-00-002">
            <objects>
                <viewController id="roo-00-001" customClass="DeepRootViewController" sceneMemberID="viewController">
                    <view key="view" contentMode="scaleToFill" id="vie-00-001"/>
                    <navigationItem key="navigationItem" title="Root" id="itm-00-001"/>
                </viewController>
            </objects>
        </scene>
        <scene sceneID="scn-00-003">
            <objects>
                <viewController storyboardIdentifier="Level" id="lvl-00-001" sceneMemberID="viewController">
                    <view key="view" contentMode="scaleToFill" id="vie-00-002"/>
                    <navigationItem key="navigationItem" title="Level" id="itm-00-002"/>
                    <connections>
                        <segue destination="exi-00-001" kind="unwind" identifier="backToRoot" unwindAction="backToRoot:" id="unw-00-001"/>
                    </connections>
                </viewController>
                <exit id="exi-00-001" userLabel="Exit" sceneMemberID="exit"/>
            </objects>
        </scene>
    </scenes>
</document>
"""
