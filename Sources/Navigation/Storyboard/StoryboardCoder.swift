import Storyboards

/// What a storyboard says of the object being made, as `NSCoder` hands it to `init(coder:)` in
/// UIKit: typed values by key, never the XML they were written in. The object's user-defined
/// runtime attributes that have a textual value come over its own properties, as UIKit sets
/// them after `init(coder:)`.
@MainActor
public struct StoryboardCoder {
    private let object: SceneObject
    /// Runtime attributes with a textual value, by key path.
    private let overrides: [String: String]
    /// Notes which properties the object read, when a check asks (which user-defined runtime
    /// attributes mean something to the object).
    var reads: AttributeReads? = nil

    init(object: SceneObject, reads: AttributeReads? = nil) {
        self.object = object
        self.reads = reads
        var overrides: [String: String] = [:]
        if object.hasRuntimeAttributes {
            for attribute in object.runtimeAttributes where !RuntimeAttribute.structural.contains(attribute.keyPath) {
                if let text = attribute.value.text { overrides[attribute.keyPath] = text }
            }
        }
        self.overrides = overrides
    }

    /// The property as text: an attribute, or the `<string key="…">` Xcode writes instead for
    /// text with line breaks.
    public func string(_ key: String) -> String? {
        reads?.names.insert(key)
        return overrides[key] ?? object.string(forKey: key)
    }

    public func bool(_ key: String) -> Bool? {
        string(key).map { $0 == "YES" || $0 == "true" }
    }

    public func int(_ key: String) -> Int? { string(key).flatMap { Int($0) } }

    public func double(_ key: String) -> Double? { string(key).flatMap { Double($0) } }

    /// The characters of the attributed text `key` (`attributedText`), whose fonts and colours a
    /// terminal drops.
    public func attributedString(_ key: String) -> String? { object.attributedString(forKey: key) }

    /// A cell's list content configuration: its text, secondary text and image name.
    public var listContent: (text: String?, secondaryText: String?, image: String?)? { object.listContent }

    /// The title a person reads on a button, by the one rule the tools describe it by too.
    public var displayedTitle: String? {
        reads?.names.insert("title")
        return overrides["title"] ?? object.displayedTitle
    }

    /// The object's font, as far as a terminal can show one.
    public var fontDescription: SceneObject.FontDescription? { object.fontDescription }
}

/// The attribute names an object read while it decoded itself.
@MainActor
final class AttributeReads {
    var names: Set<String> = []
}
