/// The width class of a window, as `UIUserInterfaceSizeClass`: the app sets it from the
/// terminal's columns. Split views collapse in a compact width; popovers adapt to full screen.
public enum UserInterfaceSizeClass: String, Hashable, Sendable {
    case compact, regular
}
