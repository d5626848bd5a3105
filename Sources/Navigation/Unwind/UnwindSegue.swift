/// The segue of an unwind that no container customised: it reveals the destination through
/// every container above it, then dismisses, in one step, whatever was presented above it.
public final class UnwindSegue: StoryboardSegue {
    public override func perform() {
        let plan = transitionPlan()
        for reveal in plan.reveals { self.reveal(reveal) }
        if let presented = plan.presented { dismissPresentation(presented) }
    }

    /// One container on the path to the destination and the child it is to show.
    struct Reveal {
        let container: ViewController
        let child: ViewController
    }

    /// The parts of the transition, planned before any of them runs.
    struct TransitionPlan {
        /// Each container on the path from the destination's level root down to it, outermost first.
        let reveals: [Reveal]
        /// The lowest presentation above the destination's level, dismissed with all above it.
        let presented: ViewController?
    }

    /// Plans the transition as it stands now.
    func transitionPlan() -> TransitionPlan {
        // Found before any container moves: a pop below can take the presenter off its stack.
        let presented = presentationAbove(destination) ?? presentationAskedFromThePath()
        // Containers first, so that a pop under a modal happens out of sight and the
        // destination is what the dismissal reveals.
        var upwards = [destination]
        while let parent = upwards[upwards.count - 1].parent { upwards.append(parent) }
        let path = Array(upwards.reversed())
        let reveals = zip(path, path.dropFirst()).map { Reveal(container: $0, child: $1) }
        return TransitionPlan(reveals: reveals, presented: presented)
    }

    /// One container reveals the next controller towards the destination.
    func reveal(_ reveal: Reveal) {
        reveal.container.unwind(for: self, towards: reveal.child)
    }

    /// The presentations from `presented` up go, in one step, revealing the destination's level.
    func dismissPresentation(_ presented: ViewController) {
        guard let presenter = presented.presentingViewController else { return }
        presenter.dismissPresentation(of: presented, animated: true, revealing: destination.presentationLevelRoot)
    }

    /// A presentation on the destination's level that the source, or a controller holding it,
    /// asked for, and that the level's top made (rule 1): it covers the source, and goes with
    /// it, as it went when the asker made it itself.
    private func presentationAskedFromThePath() -> ViewController? {
        guard let presented = destination.presentationLevelRoot.ownPresentedViewController, let asker = presented.presentationAskedBy,
              sequence(first: source, next: \.parent).contains(where: { $0 === asker }),
              !sequence(first: destination, next: \.parent).contains(where: { $0 === asker }) else { return nil }
        return presented
    }

    /// The presentation, on the source's way up, that hangs from the destination's level.
    private func presentationAbove(_ destination: ViewController) -> ViewController? {
        let target = destination.presentationLevelRoot
        var level = source.presentationLevelRoot
        while level !== target {
            guard let presenter = level.presentingViewController else { return nil }
            if presenter.presentationLevelRoot === target { return level }
            level = presenter.presentationLevelRoot
        }
        return nil
    }
}
