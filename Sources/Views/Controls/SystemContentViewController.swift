import Navigation

/// A controller of a framework a terminal cannot draw, as storyboards embed it: SwiftUI's
/// hosting controller, AVKit's player, GLKit's view controller. It loads, takes part in segues,
/// presentations and unwinds as any view controller does (an unwind passes through it as
/// through a plain scene), and its screen says what it is, so that a storyboard written today
/// never fails for one (issue 46).
open class SystemContentViewController: ViewController {
    /// What its screen says in place of the content: a sentence, lower case first.
    public let notice: String

    public init(notice: String) {
        self.notice = notice
        super.init()
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        let label = Label()
        label.text = notice
        label.textStyle = .secondary
        label.numberOfLines = 0
        view.addSubview(label)
    }

    /// The notice of a controller element, by the name Interface Builder writes.
    public static let notices = [
        "hostingController": "a SwiftUI view: not drawn in a terminal",
        "avPlayerViewController": "a video player: nothing to play in a terminal",
        "glkViewController": "an OpenGL view: not drawn in a terminal",
    ]
}

/// SwiftUI's `UIHostingController`.
public final class HostingController: SystemContentViewController {
    public init() { super.init(notice: Self.notices["hostingController"]!) }
}

/// AVKit's `AVPlayerViewController`.
public final class PlayerViewController: SystemContentViewController {
    public init() { super.init(notice: Self.notices["avPlayerViewController"]!) }
}

/// GLKit's `GLKViewController`.
public final class GLKViewController: SystemContentViewController {
    public init() { super.init(notice: Self.notices["glkViewController"]!) }
}

/// A stand-in for a subclass of one of them (`customClass` on a `hostingController`): the
/// notice, and what the behaviours declare of its code.
public final class StandInSystemContentViewController: SystemContentViewController, StandIn {
    public let standingInFor: StandInDescription

    public init(standingInFor description: StandInDescription, notice: String) {
        standingInFor = description
        super.init(notice: notice)
    }

    public var pendingOutletChanges: [OutletChange] = []
    public var hasPerformedAppearsSegue = false
    public override var actions: [Selector: Action] { standInActions }
    public override func viewDidLoad() {
        super.viewDidLoad()
        standInViewDidLoad()
    }
    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        standInViewDidAppear()
    }
    public override func prepare(for segue: StoryboardSegue, sender: Any?) { prepareStandIn(for: segue) }
}
