import App
import Navigation
import Terminal
import Views

/// A demo played as a presenter plays it in front of a room, with the options a presenter adds
/// (`--inspector`, `--step`, `--animations slow`), every frame drawn and checked: each step's,
/// and one every tenth of a second of a wait or a transition. What each frame must be:
/// - the container being demonstrated shown as itself: at a regular width, no split view
///   collapsed and no popover adapted, whatever the inspector takes;
/// - the inspector showing the controller being asked, while a segue waits to ask one;
/// - no marker (`‹ top`, `‹ asking`) at the start of a row of the inspector, away from the
///   name it marks;
/// - no frame of a transition with a word that is in neither the screen before it nor the one
///   after (a part of one cut by an edge is fine).
@MainActor
public struct StageWalk {
    /// The presenter's options, as the command line gives them.
    public struct Options: Sendable, Hashable, CustomStringConvertible {
        public var inspector: Bool
        public var step: Bool
        public var slow: Bool

        public init(inspector: Bool, step: Bool, slow: Bool) {
            self.inspector = inspector
            self.step = step
            self.slow = slow
        }

        /// Each of the eight.
        public static let all: [Options] = [false, true].flatMap { inspector in
            [false, true].flatMap { step in [false, true].map { Options(inspector: inspector, step: step, slow: $0) } }
        }

        public var description: String {
            ([inspector ? "--inspector" : nil, step ? "--step" : nil, slow ? "--animations slow" : nil].compactMap { $0 }
                .joined(separator: " ")).nilIfEmpty ?? "no options"
        }
    }

    /// The sizes the README names: the smallest, the one it recommends, a projector's.
    public nonisolated static let sizes = [Size(width: 80, height: 24), Size(width: 120, height: 30), Size(width: 200, height: 50)]

    let harness: AppHarness
    /// Whether a segue paused by stepping is stepped through with Space, as a presenter does
    /// with a demo that does not step itself.
    let stepsPausedSegues: Bool
    public private(set) var problems: [String] = []
    private var lastWords: [String] = []
    private var transitionBefore: [String]?
    private var transitionFrames: [[String]] = []

    /// The app of `harness` set up as `options` and then the script's `needs` say, in the
    /// command's order.
    public init(_ harness: AppHarness, options: Options, needs: ScriptNeeds = ScriptNeeds()) {
        self.harness = harness
        let app = harness.app
        if options.inspector { app.inspector.isShown = true }
        if options.step { app.inspector.setStepping(true) }
        app.animator.speed = options.slow ? .slow : .off
        app.apply(needs)
        stepsPausedSegues = options.step && needs.step == nil
        harness.within { app.render() }
        lastWords = Self.words(harness.terminal.screen)
        check(at: "launch")
    }

    /// Plays `steps`, checking every frame; the problems found are in `problems`.
    public mutating func play(_ steps: [KeyScriptStep]) {
        let app = harness.app
        for (index, step) in steps.enumerated() where app.isRunning {
            let at = "step \(index + 1) (\(KeyNotation.format(step)))"
            switch step {
            case .wait(let seconds):
                pass(seconds, at: at)
            case .press:
                // A key ends a transition still playing: its last frame is drawn first.
                if app.animator.isAnimating {
                    app.animator.finish()
                    frame(at: at)
                }
                harness.within { app.perform(step) }
                frame(at: at)
                while stepsPausedSegues, app.isRunning, app.inspector.pausedProcess != nil {
                    harness.within { app.perform(.press(.character(" "))) }
                    frame(at: at + ", Space")
                }
            default:
                harness.within { app.perform(step) }
                frame(at: at)
            }
        }
        pass(5, at: "the end")
    }

    /// Lets `seconds` pass, drawing a frame a tenth of a second apart while a transition plays
    /// and one at each timer otherwise (a timer may start one), until no transition plays.
    private mutating func pass(_ seconds: Double, at: String) {
        let app = harness.app
        var left = seconds
        while app.isRunning, left > 0 || app.animator.isAnimating {
            let quiet = max(0.001, min(left, harness.scheduler.timeUntilNextTimer ?? left))
            let slice = app.animator.isAnimating ? 0.1 : quiet
            harness.within { app.perform(.wait(slice)) }
            left -= slice
            frame(at: at)
            if left < -60 { break }
        }
    }

    private mutating func frame(at: String) {
        let app = harness.app
        harness.within { app.render() }
        // The frame's words, and those of the app's own frame, part of which a panel over it
        // hides: a transition moves words out from under the panel.
        let words = Self.words(harness.terminal.screen) + (app.lastScreenFrame.map(Self.words) ?? [])
        if app.animator.isAnimating {
            if transitionBefore == nil { transitionBefore = lastWords }
            transitionFrames.append(words)
        } else if let before = transitionBefore {
            let known = before + words
            for (index, frame) in transitionFrames.enumerated() {
                let strangers = frame.filter { word in !known.contains { $0.contains(word) } }
                if !strangers.isEmpty { problems.append("\(at), frame \(index + 1) of a transition: \(strangers) in neither screen") }
            }
            transitionBefore = nil
            transitionFrames = []
        }
        lastWords = words
        check(at: at)
    }

    /// The checks of a frame that hold whether or not a transition plays.
    private mutating func check(at: String) {
        let app = harness.app
        let size = harness.terminal.size
        let lines = harness.lines
        if size.width >= Application.regularWidthMinimum {
            for controller in app.window.allControllers {
                if let split = controller as? SplitViewController, split.isCollapsed {
                    problems.append("\(at): a split view collapsed at \(size.width) columns")
                }
                if controller.presentingViewController != nil, controller.modalPresentationStyle == .popover,
                   controller.adaptivePresentationStyle != .popover {
                    problems.append("\(at): a popover adapted to \(controller.adaptivePresentationStyle) at \(size.width) columns")
                }
            }
        }
        let inspector = app.inspector
        guard inspector.isShown, size.width >= ScreenRenderer.minimumSize.width, size.height >= ScreenRenderer.minimumSize.height else { return }
        let panel = inspector.isZoomed ? Rect(origin: .zero, size: size) : InspectorLayout(size: size).panel
        let rows = lines[panel.y..<min(lines.count, panel.maxY)].map { line in
            String(line.dropFirst(panel.x).prefix(panel.width).drop { "│├└┌┐┘─┼ ".contains($0) })
        }
        for row in rows where row.hasPrefix("‹") {
            problems.append("\(at): a marker alone at the start of a row of the inspector: \"\(row)\"\n\(harness.text)")
        }
        // The marker may wrap onto the next row of its line (`‹ selected tab,` / `asking`).
        if !inspector.isZoomed, case .ask? = inspector.pausedProcess?.nextStep, !rows.joined(separator: " ").contains(/‹[^‹]*asking/) {
            problems.append("\(at): the inspector does not show the controller being asked\n\(harness.text)")
        }
    }

    /// The words of a frame, split at blanks and at the glyphs of frames and rules.
    static func words(_ buffer: CellBuffer) -> [String] {
        let separators: Set<Character> = [" ", "│", "─", "┌", "┐", "└", "┘", "├", "┤", "┼", "┬", "┴", "|", "-", "+", "·", "…"]
        return buffer.text.split(whereSeparator: { $0 == "\n" || separators.contains($0) }).map(String.init)
    }

    /// Where the user is: the controller on screen on each level of the presentation stack
    /// (down its selected tab, its stack's top, the columns of an expanded split view), by class
    /// and title. Two runs that end at the same place end with equal lists.
    public static func place(of window: Window) -> [String] {
        func shown(_ controller: ViewController) -> [String] {
            if let tabBar = controller as? TabBarController, let selected = tabBar.selectedViewController { return shown(selected) }
            if let navigation = controller as? NavigationController, let top = navigation.topViewController { return shown(top) }
            if let split = controller as? SplitViewController { return split.viewControllers.prefix(split.isCollapsed ? 1 : 2).flatMap(shown) }
            return ["\(controller.className) \"\(controller.navigationItem.title ?? controller.title ?? "")\""]
        }
        return window.presentationStack.flatMap(shown)
    }
}

private extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
