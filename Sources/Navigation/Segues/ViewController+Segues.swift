extension ViewController {
    /// Performs the segue with this identifier from this controller's scene. It does not ask
    /// `shouldPerformSegue`. An identifier the scene does not have is a programming error: the
    /// window's observers hear of it (the app shows it), and nothing happens.
    public func performSegue(withIdentifier identifier: String, sender: Any?) {
        guard let template = segueTemplates[identifier] else {
            trace(.programmingError("\(ControllerID(self)) has no segue with identifier \"\(identifier)\" in its storyboard scene"))
            return
        }
        performSegue(template, sender: sender, triggeredByControl: false)
    }

    /// Runs a segue of the storyboard as a `SegueProcess`: for a forward segue, should-perform
    /// (when a control triggered it), instantiate the destination, make the segue,
    /// `prepare(for:sender:)`, `perform()`; for an unwind, the unwind process. Without a
    /// runner on the window it runs to the end before this returns; with one, it returns once
    /// the process is handed over (or queued behind the one the runner is stepping through).
    func performSegue(_ template: SegueTemplate, sender: Any?, triggeredByControl: Bool) {
        let process = SegueProcess(template: template, source: self, sender: sender, triggeredByControl: triggeredByControl)
        if let window = process.window {
            window.begin(process)
        } else {
            process.runInline()
        }
    }
}
