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

    /// Runs a segue of the storyboard: for a forward segue, instantiate the destination, make
    /// the segue, `prepare(for:sender:)`, `perform()`; for an unwind, the unwind process.
    func performSegue(_ template: SegueTemplate, sender: Any?, triggeredByControl: Bool) {
        if triggeredByControl {
            let identifier = template.identifier ?? ""
            let answer = shouldPerformSegue(withIdentifier: identifier, sender: sender)
            trace(.shouldPerformSegue(identifier: identifier, source: ControllerID(self), answer: answer))
            guard answer else { return }
        }
        if case .unwind(let action) = template.kind {
            performUnwind(action, identifier: template.identifier, sender: sender)
            return
        }
        guard let destinationID = template.destinationID else { return }
        // Loading refuses segues to scenes it cannot make; should one remain, it does nothing.
        guard let destination = template.storyboard.instantiateScene(withControllerID: destinationID) else {
            trace(.programmingError("the storyboard cannot make the scene \"\(destinationID.escapedForMessage)\" that a segue of \(ControllerID(self)) leads to"))
            return
        }
        trace(.instantiated(ControllerID(destination), scene: destinationID))
        let segue = template.makeSegue(source: self, destination: destination)
        let segueID = SegueID(segue)
        trace(.segueCreated(segueID))
        trace(.prepare(segueID))
        prepare(for: segue, sender: sender)
        trace(.perform(segueID))
        segue.perform()
    }
}
