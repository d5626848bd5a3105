/// A window's width or height class, as `UIUserInterfaceSizeClass`: the app sets both from the
/// terminal's columns and rows. Split views collapse in a compact width; popovers and sheets
/// adapt (`ModalPresentationStyle.resolved(horizontal:vertical:system:)`).
public enum UserInterfaceSizeClass: String, Hashable, Sendable {
    case compact, regular
}
