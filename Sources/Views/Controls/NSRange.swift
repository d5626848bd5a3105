/// UIKit's range of UTF-16 offsets, as `textField(_:shouldChangeCharactersIn:replacementString:)`
/// gives it, without Foundation (whose `NSRange` would link it, about 20 MB of resident memory).
public struct NSRange: Sendable, Equatable {
    public var location: Int
    public var length: Int

    public init(location: Int, length: Int) {
        self.location = location
        self.length = length
    }

    /// The characters of `text` these UTF-16 offsets cover, as Foundation's `Range(_:in:)` gives
    /// them; nil when they fall outside `text` or inside a character's UTF-16 units.
    public func range(in text: String) -> Range<String.Index>? {
        let utf16 = text.utf16
        guard location >= 0, length >= 0, location + length <= utf16.count,
              let lower = utf16.index(utf16.startIndex, offsetBy: location).samePosition(in: text),
              let upper = utf16.index(utf16.startIndex, offsetBy: location + length).samePosition(in: text)
        else { return nil }
        return lower..<upper
    }
}
