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

/// Push: the new screen slides in from the right edge while the old one slides out to the left.
public struct PushTransition: Transition {
    public init() {}
    public func frame(from before: CellBuffer, to after: CellBuffer, progress: Double) -> CellBuffer {
        let shift = Self.distance(after.size.width, progress)
        var frame = CellBuffer(size: after.size)
        frame.draw(before, at: Point(x: -shift, y: 0))
        frame.draw(after, at: Point(x: after.size.width - shift, y: 0))
        return frame
    }

    static func distance(_ length: Int, _ progress: Double) -> Int {
        Int((Double(length) * min(1, max(0, progress))).rounded())
    }
}

/// Pop: the top screen slides out to the right, uncovering the one under it, which stays put.
public struct PopTransition: Transition {
    public init() {}
    public func frame(from before: CellBuffer, to after: CellBuffer, progress: Double) -> CellBuffer {
        var frame = after
        frame.draw(before, at: Point(x: PushTransition.distance(after.size.width, progress), y: 0))
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

/// A cross-dissolve, as a terminal can do one: a cell cannot be half one colour and half
/// another, so each cell turns from the old screen to the new at its own moment, in a scattered
/// order that is the same every run.
public struct CrossDissolveTransition: Transition {
    public init() {}
    public func frame(from before: CellBuffer, to after: CellBuffer, progress: Double) -> CellBuffer {
        mixCells(before, after) { x, y in Self.threshold(x: x, y: y) < progress }
    }

    /// A number from 0 to 1 for each cell, scattered (a 32-bit integer hash of the position).
    static func threshold(x: Int, y: Int) -> Double {
        var h = UInt32(truncatingIfNeeded: x &* 374_761_393 &+ y &* 668_265_263)
        h = (h ^ (h >> 13)) &* 1_274_126_177
        h ^= h >> 16
        return Double(h) / Double(UInt32.max)
    }
}

/// A wipe: the new screen uncovered column by column from the left edge, as a curtain drawn.
public struct WipeTransition: Transition {
    public init() {}
    public func frame(from before: CellBuffer, to after: CellBuffer, progress: Double) -> CellBuffer {
        let edge = PushTransition.distance(after.size.width, progress)
        return mixCells(before, after) { x, _ in x < edge }
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
