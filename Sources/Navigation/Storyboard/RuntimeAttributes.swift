import Storyboards

/// What the engine makes of user-defined runtime attributes (`RuntimeAttribute`, which the
/// storyboard model reads).
extension RuntimeAttribute {
    /// The key path by which a scene declares the unwind actions its stand-in implements
    /// (`wallet storyboard run`): a string of selectors separated by commas.
    public static let unwindActionsKeyPath = "unwindActions"

    /// The key path by which a scene sets `isModalInPresentation` (a Boolean), as in UIKit, where
    /// the property's key-value name is `modalInPresentation`: Interface Builder has no box for it.
    public static let modalInPresentationKeyPath = "modalInPresentation"

    /// The controller attributes the engine reads: the stand-ins' unwind actions and
    /// `isModalInPresentation`.
    static let controllerKeyPaths: Set<String> = [unwindActionsKeyPath, modalInPresentationKeyPath]

    /// The Boolean an element sets `isModalInPresentation` to, if it sets one.
    static func modalInPresentation(of element: SceneObject) -> Bool? {
        for attribute in element.runtimeAttributes where attribute.keyPath == modalInPresentationKeyPath {
            if case .boolean(let value) = attribute.value { return value }
        }
        return nil
    }

    /// The selectors of an `unwindActions` value: `"unwindToRoot:, done:"` → `unwindToRoot:`, `done:`.
    static func selectors(in list: String) -> [Selector] {
        list.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }.map { Selector(String($0)) }
    }

    /// The unwind actions an element declares with the `unwindActions` attribute.
    static func declaredUnwindActions(of element: SceneObject) -> [Selector] {
        element.runtimeAttributes.filter { $0.keyPath == unwindActionsKeyPath }.flatMap { attribute -> [Selector] in
            guard case .string(let list) = attribute.value else { return [] }
            return selectors(in: list)
        }
    }
}

extension Substring {
    /// Without spaces and tabs at either end (Foundation's trimming is not available here).
    func trimmingSpaces() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
