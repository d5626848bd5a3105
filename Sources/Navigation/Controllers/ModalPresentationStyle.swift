/// How a presented controller covers its presenter, as `UIModalPresentationStyle`.
public enum ModalPresentationStyle: String, Sendable {
    /// Covers the screen; the presenter disappears.
    case fullScreen
    /// Drawn over the screen; the presenter stays, visible underneath (alerts).
    case overFullScreen
    /// A card over the presenter, which stays in the window, dimmed above it; the user can pull
    /// it down. A form sheet is a smaller card than a page sheet in a regular width; in a
    /// compact width they are the same card.
    case pageSheet, formSheet
    /// Xcode's default, and what a segue without `modalPresentationStyle` means: a sheet for an
    /// ordinary controller from iOS 13 (`resolved(horizontal:vertical:system:)`).
    case automatic
    /// A small window anchored at a control when the width is regular; it adapts otherwise.
    case popover
    /// Covers only the area of the controller that defines the presentation context; what it
    /// covers disappears.
    case currentContext
    /// Drawn over the area of the controller that defines the presentation context; what it
    /// covers stays, visible underneath.
    case overCurrentContext

    /// Whether the presenter gets `viewWillDisappear` when this style, resolved, presents over
    /// it: only the styles that take its views away. A sheet keeps its presenter in the window,
    /// as it always did on an iPad (and on an iPhone from iOS 13).
    public var removesPresenter: Bool {
        switch self {
        case .fullScreen, .currentContext: return true
        case .overFullScreen, .overCurrentContext, .popover, .pageSheet, .formSheet, .automatic: return false
        }
    }

    /// Whether the presentation covers only its context's area rather than the window.
    public var isCurrentContext: Bool { self == .currentContext || self == .overCurrentContext }

    /// Whether this resolved style is a card the user can pull down.
    public var isSheet: Bool { self == .pageSheet || self == .formSheet }

    /// The style UIKit shows, in a window of these size classes on this iOS:
    /// - Automatic: a form sheet from iOS 18, a page sheet on iOS 13–17 (Apple's page for
    ///   `UIModalPresentationStyle.automatic`), full screen before (iOS 12 had no Automatic;
    ///   Xcode's default then, Full Screen on an iPhone, is what the sample was written for).
    /// - Page and form sheets: full screen in a compact height (Apple's `formSheet` page); on
    ///   iOS 12, full screen in a compact width too (an iPhone had no cards).
    /// - Popover: itself when both classes are regular; otherwise, from iOS 13, "the same as
    ///   formSheet" (Apple's `popover` page), and full screen on iOS 12 in a compact width.
    /// - Every other style is itself.
    public func resolved(horizontal: UserInterfaceSizeClass, vertical: UserInterfaceSizeClass,
                         system: SystemVersion) -> ModalPresentationStyle {
        switch self {
        case .automatic:
            let sheet: ModalPresentationStyle = system >= .iOS18 ? .formSheet : system.hasSheets ? .pageSheet : .fullScreen
            return sheet.resolved(horizontal: horizontal, vertical: vertical, system: system)
        case .pageSheet, .formSheet:
            if !system.hasSheets { return horizontal == .compact ? .fullScreen : self }
            return vertical == .compact ? .fullScreen : self
        case .popover:
            if !system.hasSheets { return horizontal == .compact ? .fullScreen : .popover }
            if horizontal == .regular, vertical == .regular { return .popover }
            return ModalPresentationStyle.formSheet.resolved(horizontal: horizontal, vertical: vertical, system: system)
        case .fullScreen, .overFullScreen, .currentContext, .overCurrentContext:
            return self
        }
    }

    /// The style's name as the inspector and the trace say it: "form sheet", "full screen".
    public var displayName: String {
        switch self {
        case .fullScreen: return "full screen"
        case .overFullScreen: return "over full screen"
        case .pageSheet: return "page sheet"
        case .formSheet: return "form sheet"
        case .automatic: return "automatic"
        case .popover: return "popover"
        case .currentContext: return "current context"
        case .overCurrentContext: return "over current context"
        }
    }
}
