/// The segue of an unwind that no container customised: it reveals the destination through
/// every container above it, then dismisses, in one step, whatever was presented above it.
public final class UnwindSegue: StoryboardSegue {
    public override func perform() {
        let destination = self.destination
        // Found before any container moves: a pop below can take the presenter off its stack.
        let presented = presentationAbove(destination)
        // Containers first, so that a pop under a modal happens out of sight and the
        // destination is what the dismissal reveals.
        var path = [destination]
        while let parent = path[0].parent { path.insert(parent, at: 0) }
        for (container, child) in zip(path, path.dropFirst()) {
            container.unwind(for: self, towards: child)
        }
        if let presented, let presenter = presented.presentingViewController {
            presenter.dismissPresentation(of: presented, animated: true, revealing: destination.presentationLevelRoot)
        }
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
