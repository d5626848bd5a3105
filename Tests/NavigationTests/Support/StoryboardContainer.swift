import Navigation

/// A custom container whose children a storyboard gives it, as apps did before embed segues:
/// its `viewDidLoad` performs its child segues (custom segues of class `AddChildSegue`), in order.
@MainActor
class StoryboardContainer: Probe {
    let childSegues: [String]

    init(storyboardClass: String, childSegues: [String], implements: Set<Selector> = [], recorder: Recorder) {
        self.childSegues = childSegues
        super.init(storyboardClass, implements: implements, recorder: recorder)
        title = nil
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        for identifier in childSegues { performSegue(withIdentifier: identifier, sender: self) }
    }
}

/// Makes the destination a child of the source: a container's relationship to a child, as a
/// custom segue.
final class AddChildSegue: StoryboardSegue {
    override func perform() { source.addChild(destination) }
}
