extension ViewController {
    // The unwind process of TN2298 (find the destination; `prepare(for:sender:)` on the
    // source; the destination's unwind action; the transition) is run by `SegueProcess`, one
    // step at a time.

    /// Without a container that took over the search, the executor is the destination if it
    /// was presented, otherwise its parent (rule 13).
    var defaultUnwindExecutor: ViewController {
        if presentingViewController != nil { return self }
        return parent ?? self
    }
}
