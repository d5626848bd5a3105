import Terminal

/// Keys that arrive faster than frames are drawn (a paste, a held arrow, keys piped in over a
/// slow link) are handled together, and one frame shows where they led: writing a frame after
/// each would make the screen lag further behind the keyboard with every key, over a slow link
/// most of all, with frames nobody sees. Each key still meets the app laid out as a frame would
/// leave it (`layOut`), so keys do the same typed ahead as typed one at a time.
///
/// A run of keys is drawn before and after a key that needs the screen as drawn: a click names
/// a place on the frame the user saw; a resize, Ctrl-Z and Ctrl-C change or give away the
/// terminal. A run ends after a key that starts a transition: the keys after it wait for
/// it (`receive`). And it ends after `keysPerFrame` keys, so that a long paste still shows
/// progress.
extension Application {
    /// The most keys handled before a frame is drawn.
    public static let keysPerFrame = 64

    /// Handles the keys already typed after `first`, without waiting for any, until the run ends.
    func receiveWaitingKeys(after first: Key) {
        var last = first
        for _ in 1..<Self.keysPerFrame {
            guard isRunning, !last.needsDrawnScreen, !animator.isAnimating, animator.queuedKeys.isEmpty,
                  let next = backend.readKey(timeout: 0) else { return }
            if next.needsDrawnScreen {
                heldKey = next
                return
            }
            scheduler.runDue()
            layOut()
            receive(next)
            last = next
        }
    }
}

extension Key {
    /// A key handled on the screen as last drawn, never in the middle of a run of keys.
    fileprivate var needsDrawnScreen: Bool {
        switch self {
        case .click, .resize, .control("z"), .control("c"): true
        default: false
        }
    }
}
