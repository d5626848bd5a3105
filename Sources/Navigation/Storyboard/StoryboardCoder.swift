import Storyboards

/// The attributes of the storyboard element an object is made from, as `NSCoder` hands them to
/// `init(coder:)` in UIKit.
@MainActor
public struct StoryboardCoder {
    public let element: StoryboardElement
    /// Notes which attributes the object read, when a check asks (which user-defined runtime
    /// attributes mean something to the object).
    var reads: AttributeReads? = nil

    /// The attribute, or the `<string key="…">` child Xcode writes instead for text with line breaks.
    public func string(_ attribute: String) -> String? {
        reads?.names.insert(attribute)
        return element.string(attribute)
    }

    public func bool(_ attribute: String) -> Bool? {
        string(attribute).map { $0 == "YES" || $0 == "true" }
    }

    public func int(_ attribute: String) -> Int? { string(attribute).flatMap { Int($0) } }

    public func double(_ attribute: String) -> Double? { string(attribute).flatMap { Double($0) } }

    /// The first child element with this name (and key).
    public func child(_ name: String, key: String? = nil) -> StoryboardElement? { element.child(name, key: key) }
}

/// The attribute names an object read while it decoded itself.
@MainActor
final class AttributeReads {
    var names: Set<String> = []
}
