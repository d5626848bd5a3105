import Storyboards

/// What the engine does with user-defined runtime attributes: a view's that name a property it
/// decodes (a label's `text`, a text field's `placeholder`) set it, as `setValue(_:forKeyPath:)`
/// does after `init(coder:)`; a scene's `unwindActions` declares what its stand-in implements.
/// Every other one is reported by `wallet storyboard lint`, never dropped silently.
extension RuntimeAttribute {
    /// Attributes whose key path is a structural attribute of the element, never a property.
    static let structural: Set<String> = ["id", "customClass", "customModule", "key", "storyboardIdentifier", "reuseIdentifier"]

    /// `QuizViewController (a view controller on line 12)`, or `a label (line 30)`.
    @MainActor
    static func described(_ element: SceneObject, classes: StoryboardClasses) -> String {
        if let custom = element.customClassName {
            return "\(custom) (\(ElementNames.withArticle(element.elementName)) on line \(element.line))"
        }
        return "\(ElementNames.withArticle(element.elementName)) (line \(element.line))"
    }

    /// The type as Xcode's Identity inspector names it.
    var typeName: String {
        switch value {
        case .string: "String"
        case .localizedString: "Localized String"
        case .number: "Number"
        case .boolean: "Boolean"
        case .point: "Point"
        case .size: "Size"
        case .rect: "Rect"
        case .range: "Range"
        case .color: "Color"
        case .image: "Image"
        case .nil: "Nil"
        case .unreadable(let type): type.isEmpty ? "value without a type" : "\"\(type)\""
        }
    }
}
