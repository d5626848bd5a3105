import Storyboards

/// What the engine does with user-defined runtime attributes: a view's that name a property it
/// decodes (a label's `text`, a text field's `placeholder`) set it, as `setValue(_:forKeyPath:)`
/// does after `init(coder:)`; a scene's `unwindActions` declares what its stand-in implements.
/// Every other one is reported by `wallet storyboard lint`, never dropped silently.
extension RuntimeAttribute {
    /// Attributes whose key path is a structural attribute of the element, never a property.
    static let structural: Set<String> = ["id", "customClass", "customModule", "key", "storyboardIdentifier", "reuseIdentifier"]

    /// A warning for every runtime attribute of the storyboard that means nothing here, at its line.
    @MainActor
    static func warnings(model: StoryboardModel, classes: StoryboardClasses) -> [StoryboardDiagnostic] {
        let file = model.file
        var warnings: [StoryboardDiagnostic] = []
        for element in model.allObjects where element.hasRuntimeAttributes {
            let attributes = element.runtimeAttributes
            let used: Set<String>
            if classes.isControllerElement(element.elementName) {
                used = [unwindActionsKeyPath]
            } else if classes.isViewElement(element.elementName) || element.customClass != nil,
                      case .made(let view) = classes.makeView(for: element) {
                let reads = AttributeReads()
                view.decode(from: StoryboardCoder(object: element, reads: reads))
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
    private static func described(_ element: SceneObject, classes: StoryboardClasses) -> String {
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
