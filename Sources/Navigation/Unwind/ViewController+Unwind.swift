extension ViewController {
    /// The unwind process of TN2298: find the destination; `prepare(for:sender:)` on the source;
    /// the destination's unwind action; the transition. When nothing accepts the action, nothing
    /// happens but a trace of why.
    func performUnwind(_ action: Selector, identifier: String?, sender: Any?) {
        let window = self.window ?? lastWindow
        let emit: (NavigationEvent) -> Void = { window?.emit($0) }
        emit(.unwindStarted(action: action, source: ControllerID(self)))

        let search = DestinationSearch(source: self, action: action, sender: sender)
        guard let destination = search.run() else {
            emit(.unwindAborted(action: action, source: ControllerID(self)))
            return
        }
        let executor = search.overridingLevel ?? destination.defaultUnwindExecutor
        emit(.unwindDestination(ControllerID(destination), executor: ControllerID(executor)))

        let segue = executor.segueForUnwinding(to: destination, from: self, identifier: identifier)
        let segueID = SegueID(segue)
        emit(.segueCreated(segueID))
        emit(.prepare(segueID))
        prepare(for: segue, sender: sender)
        emit(.unwindAction(action, destination: ControllerID(destination)))
        if case .unwind(let body)? = destination.actions[action] { body(segue) }
        emit(.perform(segueID))
        segue.perform()
    }

    /// Without a container that took over the search, the executor is the destination if it
    /// was presented, otherwise its parent (rule 13).
    var defaultUnwindExecutor: ViewController {
        if presentingViewController != nil { return self }
        return parent ?? self
    }
}
