extension Window {
    /// Tells every controller in the window, from the root up through the presentations, that
    /// the width class changed: split views collapse or expand, popovers adapt.
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

    /// The style this presented controller is shown in now: its `modalPresentationStyle`,
    /// adapted to the window's width (a popover is full screen in a compact width).
    public var adaptivePresentationStyle: ModalPresentationStyle {
        guard modalPresentationStyle == .popover else { return modalPresentationStyle }
        return (window ?? lastWindow)?.horizontalSizeClass == .regular ? .popover : .fullScreen
    }

    /// A presented popover whose style in effect changed with the width: traced, and redrawn
    /// by the app. As in UIKit, adapting an existing presentation sends no appearance calls:
    /// the presenter keeps the state it had when the popover was presented (rule 21).
    func adaptPresentationStyle() {
        guard let shown = presentedInStyle, presentingViewController != nil else { return }
        let style = adaptivePresentationStyle
        guard style != shown else { return }
        presentedInStyle = style
        trace(.transition(.adapt(ControllerID(self), to: style)))
    }
}
