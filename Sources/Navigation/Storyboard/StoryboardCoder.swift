/// The attributes of the storyboard element an object is made from, as `NSCoder` hands them to
/// `init(coder:)` in UIKit.
@MainActor
public struct StoryboardCoder {
    public let element: StoryboardElement

    /// The attribute, or the `<string key="…">` child Xcode writes instead for text with line breaks.
    public func string(_ attribute: String) -> String? { element.string(attribute) }

    public func bool(_ attribute: String) -> Bool? {
        element[attribute].map { $0 == "YES" || $0 == "true" }
    }

    public func int(_ attribute: String) -> Int? { element[attribute].flatMap { Int($0) } }

    public func double(_ attribute: String) -> Double? { element[attribute].flatMap { Double($0) } }

    /// The first child element with this name (and key).
    public func child(_ name: String, key: String? = nil) -> StoryboardElement? { element.child(name, key: key) }
}
