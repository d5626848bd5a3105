import Navigation
import Terminal

/// How a transition looks: the frame shown part of the way from the screen before to the screen
/// after, composed from the two, as a `UIViewControllerAnimatedTransitioning` animates views.
///
/// `before` and `after` always have the same size; `progress` goes from 0 (what was shown
/// before) to 1 (the screen after), already eased. The frame at 1 must be `after`, so that the
/// last frame of every animation is the app's real screen.
public protocol Transition: Sendable {
    func frame(from before: CellBuffer, to after: CellBuffer, progress: Double) -> CellBuffer
}

/// A custom segue that defines its own transition, as a `UIStoryboardSegue` subclass sets its
/// destination's `transitioningDelegate`. `TransitionAnimator.register(_:)` makes it known by
/// the segue's class name, which is how the engine names the segue in its events.
@MainActor
public protocol TransitionProvidingSegue {
    static var transition: any Transition { get }
}

/// How fast transitions play: `--animations off|normal|slow`.
public enum AnimationSpeed: String, CaseIterable, Sendable {
    /// Instant, as before animations existed; the default of headless runs and tests.
    case off
    /// About a quarter of a second, as UIKit's.
    case normal
    /// A second and a half, for a room watching a projector.
    case slow

    /// Seconds a transition takes; 0 when off.
    public var duration: Double {
        switch self {
        case .off: return 0
        case .normal: return 0.25
        case .slow: return 1.5
        }
    }
}

// MARK: The built-in transitions

/// Push, as UIKit's: the new screen slides in from the right edge over the old one, which
/// moves a third as far to the left, dimmed, behind it. (Both at full speed, the old screen's
/// right edge, a column of chevrons, met the incoming screen mid-way as if it were part of it.)
/// A blank column runs along the new screen's edge, so that the two screens' words never run
/// together (`Contac‹ Contacts` where a region starts at a back button).
public struct PushTransition: Transition {
    public init() {}
    public func frame(from before: CellBuffer, to after: CellBuffer, progress: Double) -> CellBuffer {
        guard progress > 0 else { return before }
        guard progress < 1 else { return after }
        let shift = Self.distance(after.size.width, progress)
        var frame = CellBuffer(size: after.size)
        frame.draw(before.dimmed, at: Point(x: -shift / 3, y: 0))
        Self.blankEdge(at: after.size.width - shift, of: &frame)
        frame.draw(after, at: Point(x: after.size.width - shift, y: 0))
        return frame
    }

    /// Blanks the columns from `x` on, and the one before it: the moving screen's edge.
    static func blankEdge(at x: Int, of frame: inout CellBuffer) {
        let edge = max(0, x - 1)
        // A wide character that the blank column would halve goes with it.
        for y in 0..<frame.size.height where edge > 0 && frame[edge, y].isContinuation { frame[edge - 1, y] = .blank }
        frame.fill(Rect(x: edge, y: 0, width: frame.size.width - edge, height: frame.size.height))
    }

    static func distance(_ length: Int, _ progress: Double) -> Int {
        Int((Double(length) * min(1, max(0, progress))).rounded())
    }
}

/// Pop, a push backwards: the top screen slides out to the right, uncovering the one under it,
/// which comes back from a third of the way to the left, dimmed until it is in place.
public struct PopTransition: Transition {
    public init() {}
    public func frame(from before: CellBuffer, to after: CellBuffer, progress: Double) -> CellBuffer {
        guard progress > 0 else { return before }
        guard progress < 1 else { return after }
        let shift = PushTransition.distance(after.size.width, progress)
        var frame = CellBuffer(size: after.size)
        frame.draw(after.dimmed, at: Point(x: -(after.size.width - shift) / 3, y: 0))
        PushTransition.blankEdge(at: shift, of: &frame)
        frame.draw(before, at: Point(x: shift, y: 0))
        return frame
    }
}

/// A modal presentation: the new screen rises from the bottom edge over the old one.
public struct RiseTransition: Transition {
    public init() {}
    public func frame(from before: CellBuffer, to after: CellBuffer, progress: Double) -> CellBuffer {
        var frame = before
        frame.draw(after, at: Point(x: 0, y: after.size.height - PushTransition.distance(after.size.height, progress)))
        return frame
    }
}

/// A dismissal: the modal screen falls off the bottom edge, uncovering what it covered.
public struct FallTransition: Transition {
    public init() {}
    public func frame(from before: CellBuffer, to after: CellBuffer, progress: Double) -> CellBuffer {
        var frame = after
        frame.draw(before, at: Point(x: 0, y: PushTransition.distance(after.size.height, progress)))
        return frame
    }
}

/// A cross-dissolve, as a terminal can do one. A terminal's cell cannot show half of one letter and half of another, and mixing the two
/// screens cell by cell shows words that are in neither. So the old screen fades (dims) and the
/// new one comes in dimmed and brightens: each frame shows one screen's words, whole.
public struct CrossDissolveTransition: Transition {
    public init() {}
    public func frame(from before: CellBuffer, to after: CellBuffer, progress: Double) -> CellBuffer {
        switch progress {
        case ..<0.25: before
        case ..<0.5: before.dimmed
        case ..<1: after.dimmed
        default: after
        }
    }
}

/// A wipe: the new screen uncovered column by column from the left edge, as a curtain drawn.
/// The curtain's edge is a blank column, so that the two screens' words never run together.
public struct WipeTransition: Transition {
    public init() {}
    public func frame(from before: CellBuffer, to after: CellBuffer, progress: Double) -> CellBuffer {
        guard progress > 0 else { return before }
        guard progress < 1 else { return after }
        let edge = PushTransition.distance(after.size.width, progress)
        var frame = mixCells(before, after) { x, _ in x < edge }
        for y in 0..<after.size.height {
            // A wide character that the blank column would halve goes with it.
            if edge > 0, edge < after.size.width, frame[edge, y].isContinuation { frame[edge - 1, y] = .blank }
            if edge + 1 < after.size.width, frame[edge + 1, y].isContinuation { frame[edge + 1, y] = .blank }
        }
        frame.fill(Rect(x: edge, y: 0, width: 1, height: after.size.height))
        return frame
    }
}

/// A transition played backwards: a dismissal that undoes the presentation's own transition.
public struct ReversedTransition: Transition {
    public let base: any Transition
    public init(_ base: any Transition) { self.base = base }
    public func frame(from before: CellBuffer, to after: CellBuffer, progress: Double) -> CellBuffer {
        progress >= 1 ? after : base.frame(from: after, to: before, progress: 1 - progress)
    }
}

/// Each cell from `after` where `takesAfter` says so, from `before` elsewhere; a wide character
/// is taken whole from one frame, and a half left by the other frame's wide character is blank.
extension CellBuffer {
    /// The same cells, every one dimmed: a screen behind another, or fading.
    var dimmed: CellBuffer {
        var copy = self
        copy.restyle(copy.bounds) { $0.dimmed }
        return copy
    }
}

fileprivate func mixCells(_ before: CellBuffer, _ after: CellBuffer, takesAfter: (Int, Int) -> Bool) -> CellBuffer {
    var frame = after
    let size = after.size
    for y in 0..<size.height {
        var x = 0
        while x < size.width {
            let source = takesAfter(x, y) ? after : before
            let cell = source[x, y]
            frame[x, y] = cell.isContinuation ? Cell(" ", style: cell.style) : cell
            if x + 1 < size.width, source[x + 1, y].isContinuation, !cell.isContinuation {
                frame[x + 1, y] = source[x + 1, y]
                x += 2
            } else {
                x += 1
            }
        }
    }
    return frame
}

/// The custom segue the terminal ships as an example: it presents its destination modally and
/// cross-dissolves into it (and out again when it is dismissed), as `modalTransitionStyle =
/// .crossDissolve` does. A storyboard uses it as `kind="custom" customClass="CrossDissolveSegue"`.
public final class CrossDissolveSegue: StoryboardSegue, TransitionProvidingSegue {
    public static var transition: any Transition { CrossDissolveTransition() }

    public override func perform() {
        source.present(destination, animated: true)
    }
}
