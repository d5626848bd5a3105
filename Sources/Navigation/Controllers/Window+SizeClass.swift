extension Window {
    /// Tells every controller in the window, from the root up through the presentations, that
    /// a size class (or the iOS) changed: split views collapse or expand, presentations adapt.
    func sizeClassDidChange() {
        for level in presentationStack {
            level.horizontalSizeClassDidChange(to: horizontalSizeClass)
            level.adaptPresentationStyle()
        }
    }
}

extension ViewController {
    /// Passes a width change down a level's containers, parents before children.
    func horizontalSizeClassDidChange(to sizeClass: UserInterfaceSizeClass) {
        adaptToSizeClass(sizeClass)
        for child in children { child.horizontalSizeClassDidChange(to: sizeClass) }
    }

    /// The style this controller is shown in now: its `modalPresentationStyle` as the window's
    /// iOS resolves it for the window's size classes (Automatic is a form sheet on iOS 18, a
    /// popover in a compact width behaves as a form sheet…). Outside a window, as iOS 18 on an
    /// iPhone held upright.
    public var adaptivePresentationStyle: ModalPresentationStyle {
        let window = window ?? lastWindow
        return modalPresentationStyle.resolved(horizontal: window?.horizontalSizeClass ?? .compact,
                                               vertical: window?.verticalSizeClass ?? .regular,
                                               system: window?.systemVersion ?? .iOS18)
    }

    /// A presented controller whose style in effect changed with the size classes (a popover,
    /// a sheet in a compact height): traced, and redrawn by the app. As in UIKit, adapting an existing presentation sends no appearance calls:
    /// the presenter keeps the state it had when the popover was presented (rule 21).
    func adaptPresentationStyle() {
        guard let shown = presentedInStyle, presentingViewController != nil else { return }
        let style = adaptivePresentationStyle
        guard style != shown else { return }
        presentedInStyle = style
        trace(.transition(.adapt(ControllerID(self), to: style)))
    }
}
