import Storyboards

extension LintRule {
    /// A user-defined runtime attribute that means nothing here, at its line: a key path no
    /// property of the view decodes, or a value of a type the property does not take.
    static let runtimeAttributes = LintRule(rule: .runtimeAttribute) { outline, classes in
        let (model, file) = (outline.model, outline.file)
        var warnings: [StoryboardDiagnostic] = []
        for element in model.allObjects where element.hasRuntimeAttributes {
            let attributes = element.runtimeAttributes
            let used: Set<String>
            if classes.isControllerElement(element.elementName) {
                used = RuntimeAttribute.controllerKeyPaths
            } else if classes.isViewElement(element.elementName) || element.customClass != nil,
                      case .made(let view) = classes.makeView(for: element) {
                let reads = AttributeReads()
                view.decode(from: StoryboardCoder(object: element, reads: reads))
                used = reads.names.subtracting(RuntimeAttribute.structural)
            } else {
                used = []
            }
            for attribute in attributes {
                let described = "keyPath \"\(attribute.keyPath)\" on \(RuntimeAttribute.described(element, classes: classes))"
                if attribute.keyPath == RuntimeAttribute.unwindActionsKeyPath, used.contains(RuntimeAttribute.unwindActionsKeyPath) {
                    if case .string = attribute.value { continue }
                    warnings.append(StoryboardDiagnostic(file: file, line: attribute.line, rule: .runtimeAttribute, message:
                        "ignored: \(described): unwindActions is a String of selectors separated by commas, as in unwindToRoot:,done:".escapedForMessage))
                } else if attribute.keyPath == RuntimeAttribute.modalInPresentationKeyPath, used.contains(attribute.keyPath) {
                    if case .boolean = attribute.value { continue }
                    warnings.append(StoryboardDiagnostic(file: file, line: attribute.line, rule: .runtimeAttribute, message:
                        "ignored: \(described): modalInPresentation is a Boolean, as UIKit's isModalInPresentation".escapedForMessage))
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

}
