extension Window {
    /// Tells every controller in the window, from the root up through the presentations, that
    /// the width class changed: split views collapse or expand, popovers adapt.
    func sizeClassDidChange() {
        for level in presentationStack {
            level.horizontalSizeClassDidChange(to: horizontalSizeClass)
        }
    }
}

extension ViewController {
    /// Passes a width change down a level's containers, parents before children.
    func horizontalSizeClassDidChange(to sizeClass: UserInterfaceSizeClass) {
        adaptToSizeClass(sizeClass)
        for child in children { child.horizontalSizeClassDidChange(to: sizeClass) }
    }

    /// What a container does when the width class changes: a split view collapses or expands.
    /// The style this presented controller is shown in now: its `modalPresentationStyle`,
    /// adapted to the window's width (a popover is full screen in a compact width).
    public var adaptivePresentationStyle: ModalPresentationStyle {
        guard modalPresentationStyle == .popover else { return modalPresentationStyle }
        return (window ?? lastWindow)?.horizontalSizeClass == .regular ? .popover : .fullScreen
    }
}
