import Terminal

/// Keys and transitions in the run loop. A key that arrives while a transition plays waits,
/// with any after it, and they are handled in order once it has ended, each on the screen it
/// was typed for: `n` then Down and Enter typed during Contacts' rise still open the second
/// contact. A key that starts another transition holds the rest back again.
extension Application {
    /// One turn of the run loop, after waiting for a key (`keyTimeout`): the key if one came
    /// (and those typed after it, `readingWaitingKeys`), the timers due, a frame, then the keys
    /// that waited if no transition plays any more.
    func turn(with key: Key?, readingWaitingKeys: Bool = false) {
        if let key {
            receive(key)
            if readingWaitingKeys { receiveWaitingKeys(after: key) }
        }
        scheduler.runDue()
        render()
        handleQueuedKeys()
    }

    /// A key read from the terminal.
    func receive(_ key: Key) {
        switch key {
        case .resize, .control("z"), .control("c"):
            // The keys typed before it go first, where they were meant, with no animation: a
            // waiting Enter must not answer the Quit? question that Ctrl-C asks, and a waiting
            // click names a place on the frame drawn before the resize, not on the one after it.
            // Then the frames composed so far have the old size, or the terminal is given away.
            while isRunning, !animator.queuedKeys.isEmpty {
                animator.finish()
                handle(animator.queuedKeys.removeFirst())
                scheduler.runDue()
            }
            animator.finish()
            if isRunning { handle(key) }
        default:
            if animator.isAnimating || !animator.queuedKeys.isEmpty {
                animator.queuedKeys.append(key)
            } else {
                handle(key)
            }
        }
    }

    /// Handles the keys that waited for a transition, once none plays, drawing after each.
    func handleQueuedKeys() {
        while isRunning, !animator.isAnimating, !animator.queuedKeys.isEmpty {
            handle(animator.queuedKeys.removeFirst())
            scheduler.runDue()
            render()
        }
    }

    /// How long the run loop waits for a key: until the next timer, or the next frame of a
    /// transition; nil waits for a key however long it takes.
    var keyTimeout: Double? {
        [scheduler.timeUntilNextTimer, animator.timeUntilNextFrame].compactMap { $0 }.min()
    }

    /// In a script, a key typed while a transition plays ends it first, so that a script
    /// without waits does exactly what it did before animations.
    func finishTransitionForScript() {
        guard animator.isAnimating else { return }
        animator.finish()
    }
}
