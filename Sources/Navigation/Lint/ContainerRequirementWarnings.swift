import Storyboards

extension LintRule {
    /// A container without what it needs to show anything, which loads all the same
    /// (`ContainerRequirements.warning`): a tab bar controller with no tabs.
    static let containerRequirements = LintRule(rule: .containerRequirements) { outline, _ in
        outline.model.scenes.flatMap(\.objects).compactMap { controller in
            ContainerRequirements.warning(of: controller).map { outline.warning(.containerRequirements, controller.line, controller.column, $0) }
        }
    }
}
