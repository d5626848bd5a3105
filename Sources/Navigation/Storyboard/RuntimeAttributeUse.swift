import Storyboards

/// What the engine does with user-defined runtime attributes: a view's that name a property it
/// decodes (a label's `text`, a text field's `placeholder`) set it, as `setValue(_:forKeyPath:)`
/// does after `init(coder:)`; a scene's `unwindActions` declares what its stand-in implements.
/// Every other one is reported by `wallet storyboard lint`, never dropped silently.
extension RuntimeAttribute {
    /// Attributes whose key path is a structural attribute of the element, never a property.
    private static let structural: Set<String> = ["id", "customClass", "customModule", "key", "storyboardIdentifier", "reuseIdentifier"]

    /// The element as a view decodes it: its runtime attributes that have a textual value put over
    /// its own attributes (they come after `init(coder:)` in UIKit, so they win).
    static func decodedForm(of element: StoryboardElement) -> StoryboardElement {
        let attributes = of(element).filter { $0.value.text != nil && !structural.contains($0.keyPath) }
        guard !attributes.isEmpty else { return element }
        var merged = element.attributes
        for attribute in attributes { merged[attribute.keyPath] = attribute.value.text }
        return StoryboardElement(name: element.name, attributes: merged, children: element.children, line: element.line)
    }

    /// A warning for every runtime attribute of the storyboard that means nothing here, at its line.
    @MainActor
    static func warnings(root: StoryboardElement, file: String, classes: StoryboardClasses) -> [StoryboardDiagnostic] {
        var warnings: [StoryboardDiagnostic] = []
        for element in root.descendantsAndSelf where element.child("userDefinedRuntimeAttributes") != nil {
            let attributes = of(element)
            let used: Set<String>
            if classes.isControllerElement(element.name) {
                used = [unwindActionsKeyPath]
            } else if classes.isViewElement(element.name) || element["customClass"] != nil,
                      case .made(let view) = classes.makeView(for: element) {
                let reads = AttributeReads()
                view.decode(from: StoryboardCoder(element: decodedForm(of: element), reads: reads))
                used = reads.names.subtracting(structural)
            } else {
                used = []
            }
            for attribute in attributes {
                let described = "keyPath \"\(attribute.keyPath)\" on \(Self.described(element, classes: classes))"
                if attribute.keyPath == unwindActionsKeyPath, used.contains(unwindActionsKeyPath) {
                    if case .string = attribute.value { continue }
                    warnings.append(StoryboardDiagnostic(file: file, line: attribute.line, rule: .runtimeAttribute, message:
                        "ignored: \(described): unwindActions is a String of selectors separated by commas, as in unwindToRoot:,done:".escapedForMessage))
                } else if used.contains(attribute.keyPath), attribute.value.text != nil {
                    continue
                } else if used.contains(attribute.keyPath) {
                    warnings.append(StoryboardDiagnostic(file: file, line: attribute.line, rule: .runtimeAttribute, message:
                        "ignored: \(described): the terminal takes it as text, and a \(attribute.typeName) is not".escapedForMessage))
                } else {
                    warnings.append(StoryboardDiagnostic(file: file, line: attribute.line, rule: .runtimeAttribute, message:
                        "ignored: \(described): the terminal has no such property".escapedForMessage))
                }
            }
        }
        return warnings
    }

    /// `QuizViewController (a view controller on line 12)`, or `a label (line 30)`.
    @MainActor
    private static func described(_ element: StoryboardElement, classes: StoryboardClasses) -> String {
        if let custom = element["customClass"] {
            return "\(custom.split(separator: ".").last.map(String.init) ?? custom) (\(ElementNames.withArticle(element.name)) on line \(element.line))"
        }
        return "\(ElementNames.withArticle(element.name)) (line \(element.line))"
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
