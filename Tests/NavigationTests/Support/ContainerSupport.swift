import Foundation
import Navigation
import Testing

/// Loading and running the container storyboards of the conformance suite
/// (Storyboards/Conformance/), whose scenes are all `Probe`s named by their titles.
@MainActor
enum ContainerFixtures {
    /// The test classes, with every `Probe` scene recording into `recorder`.
    static func classes(recorder: Recorder) -> StoryboardClasses {
        let classes = Fixtures.classes()
        classes.register(Probe.self, as: "Probe") { Probe("Probe", recorder: recorder) }
        classes.registerSegue(RecordingSegue.self)
        return classes
    }

    static func load(_ name: String, recorder: Recorder, folder: String? = "Conformance") throws -> Storyboard {
        let subdirectory = ["Storyboards", folder].compactMap { $0 }.joined(separator: "/")
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "storyboard", subdirectory: subdirectory),
                               "\(subdirectory)/\(name).storyboard is not among the test resources")
        return try Storyboard(contentsOfFile: url.path, name: "\(name).storyboard", classes: classes(recorder: recorder))
    }

    /// A window whose width class is `sizeClass`, observed before it shows the storyboard's
    /// initial controller, so that the recorder sees the launch.
    static func launch(_ name: String, sizeClass: UserInterfaceSizeClass = .compact, recorder: Recorder,
                       folder: String? = "Conformance") throws -> (window: Window, root: ViewController) {
        let storyboard = try load(name, recorder: recorder, folder: folder)
        let root = try #require(storyboard.instantiateInitialViewController())
        let window = Window()
        window.horizontalSizeClass = sizeClass
        recorder.observe(window)
        window.rootViewController = root
        window.makeKeyAndVisible()
        return (window, root)
    }
}

extension ViewController {
    /// The controller titled `title` in this one's hierarchy: itself, its children and what
    /// they present, depth first.
    @MainActor
    func find(_ title: String) -> ViewController? {
        if self.title == title { return self }
        for child in children {
            if let found = child.find(title) { return found }
        }
        return ownPresentedViewController?.find(title)
    }

    @MainActor
    func probe(_ title: String) throws -> Probe {
        try #require(find(title) as? Probe, "no probe \"\(title)\" under \(self.title ?? "the root")")
    }
}

/// A segue class a storyboard names with `customClass` on a segue of any kind: it records
/// its perform, then does the kind's own transition through `super.perform()`.
final class RecordingSegue: StoryboardSegue {
    override func perform() {
        (source as? Probe)?.recorder?.call("RecordingSegue.perform \(identifier ?? "nil")")
        super.perform()
    }
}

/// Controllers by identity, to compare hierarchies.
func ids(_ controllers: [ViewController]) -> [ObjectIdentifier] { controllers.map(ObjectIdentifier.init) }
