/// The user's pull-down of a sheet (a key, or a drag of its grabber), as UIKit runs it since
/// iOS 13 (rule 29): no segue, no `prepare`, no unwind action. Only the presentation
/// controller's delegate hears of it:
/// 1. `isModalInPresentation` (on the sheet or the controllers it shows): refused, and the
///    delegate gets `presentationControllerDidAttemptToDismiss`;
/// 2. else `presentationControllerShouldDismiss`; false is refused the same way;
/// 3. else `presentationControllerWillDismiss`, and the sheet's controllers get
///    `viewWillDisappear` as it follows the finger;
/// 4. let go past a third of the card: dismissed, `viewDidDisappear`, then
///    `presentationControllerDidDismiss`; before it: the sheet springs back, and its
///    controllers appear again, with no `DidDismiss` (UIKit's cancelled transition).
/// The presenter gets no appearance call at any step: a sheet never took it off screen.
extension Window {
    /// The sheet on top that the user can pull down now: the top level, presented as a page or
    /// form sheet (as resolved: a sheet in a compact height is full screen and cannot be
    /// pulled), while no segue is paused or under way.
    public var pullableSheet: ViewController? {
        guard activeSegueProcess == nil, !isRunningSegueStep, let top = screenLevels.last, top.presentingViewController != nil,
              top.adaptivePresentationStyle.isSheet else { return nil }
        return top
    }

    /// The pull-down under way, begun and not yet let go of.
    public var isPullingDown: Bool { sheetBeingPulled != nil }

    /// The user starts pulling the top sheet: steps 1 to 3. False when there is no sheet to
    /// pull or the pull was refused (the sheet stays, the delegate told).
    @discardableResult
    public func beginPullDown() -> Bool {
        guard sheetBeingPulled == nil, let sheet = pullableSheet, let presentation = sheet.presentationController else { return false }
        let id = ControllerID(sheet)
        let delegate = presentation.delegate
        let delegateName = delegate.map(Self.name(ofDelegate:))
        if sheet.isModalInPresentationShown {
            emit(.pullDown(id, .refused(byModalInPresentation: true)))
            emit(.presentationController(.didAttemptToDismiss, presented: id, delegate: delegateName))
            delegate?.presentationControllerDidAttemptToDismiss(presentation)
            return false
        }
        let answer = delegate?.presentationControllerShouldDismiss(presentation) ?? true
        emit(.presentationController(.shouldDismiss(answer: answer), presented: id, delegate: delegateName))
        guard answer else {
            emit(.pullDown(id, .refused(byModalInPresentation: false)))
            emit(.presentationController(.didAttemptToDismiss, presented: id, delegate: delegateName))
            delegate?.presentationControllerDidAttemptToDismiss(presentation)
            return false
        }
        emit(.presentationController(.willDismiss, presented: id, delegate: delegateName))
        delegate?.presentationControllerWillDismiss(presentation)
        // The delegate may have dismissed or covered it meanwhile: then there is nothing to pull.
        guard pullableSheet === sheet else { return false }
        emit(.pullDown(id, .began))
        sheetBeingPulled = sheet
        for controller in [sheet] + sheet.presentationsAbove { controller.beginAppearanceTransition(false, animated: true) }
        return true
    }

    /// Let go: step 4. `dismissing` false springs the sheet back.
    public func endPullDown(dismissing: Bool) {
        guard let sheet = sheetBeingPulled else { return }
        sheetBeingPulled = nil
        let id = ControllerID(sheet)
        guard dismissing, let presenter = sheet.presentingViewController else {
            emit(.pullDown(id, .sprangBack))
            let chain = [sheet] + sheet.presentationsAbove
            sheet.transition(from: [], to: chain.filter { $0.appearance == .disappearing }, animated: true, presentation: true) {}
            return
        }
        let presentation = sheet.presentationController
        let notCalled = sheet.unwindActionsOnScreen
        presenter.dismissPresentation(of: sheet, animated: true)
        emit(.pullDown(id, .dismissed(unwindActionsNotCalled: notCalled)))
        let delegate = presentation?.delegate
        emit(.presentationController(.didDismiss, presented: id, delegate: delegate.map(Self.name(ofDelegate:))))
        if let presentation { delegate?.presentationControllerDidDismiss(presentation) }
    }

    /// The whole pull at once, as the pull-down key does: begun and let go of past a third.
    /// False when there was no sheet or it was refused.
    @discardableResult
    public func pullDownTopSheet() -> Bool {
        guard beginPullDown() else { return false }
        endPullDown(dismissing: true)
        return true
    }

    /// A delegate as the trace names it: a controller as controllers are named, else its type.
    static func name(ofDelegate delegate: any AdaptivePresentationControllerDelegate) -> String {
        if let controller = delegate as? ViewController { return ControllerID(controller).description }
        return typeName(type(of: delegate))
    }
}

extension ViewController {
    /// Whether this presented controller, or a controller it shows, sets `isModalInPresentation`
    /// (Amount, on top of the presented navigation stack, may set it for the whole sheet).
    var isModalInPresentationShown: Bool {
        isModalInPresentation || childrenForAppearance.contains { $0.isModalInPresentationShown }
    }

    /// The unwind actions of the controls of the controllers this level shows: what a button of
    /// the sheet would have sent had the user tapped it rather than pulled the sheet down.
    var unwindActionsOnScreen: [Selector] {
        var actions: [Selector] = []
        func visit(_ controller: ViewController) {
            if let storyboard = controller.storyboard, let id = controller.storyboardElementID {
                for action in storyboard.unwindActions(inSceneOf: id) where !actions.contains(action) { actions.append(action) }
            }
            controller.childrenForAppearance.forEach(visit)
        }
        visit(self)
        return actions
    }
}
