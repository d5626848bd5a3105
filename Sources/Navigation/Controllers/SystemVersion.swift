/// Which iOS the engine behaves as: the rules that changed between the sample's iOS 12 and the
/// room's iOS 17 and 18 (what `ModalPresentationStyle.automatic` means, what a popover or a
/// sheet becomes in a compact size class). Set per window, as a device runs one iOS.
public enum SystemVersion: Int, CaseIterable, Comparable, Sendable, CustomStringConvertible {
    /// iOS 8–12: Automatic did not exist; a modal presentation on an iPhone covered the screen,
    /// so the presenter disappeared and appeared again (the sample's 2019 code relies on it).
    case iOS12 = 12
    /// iOS 13–17: Automatic is a page sheet, a card the user can pull down.
    case iOS17 = 17
    /// iOS 18 and later: Automatic is a form sheet (the same card in a compact width).
    case iOS18 = 18

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Whether sheets are cards the user can pull down (iOS 13 and later).
    public var hasSheets: Bool { self >= .iOS17 }

    public var description: String { "iOS \(rawValue)" }
}
