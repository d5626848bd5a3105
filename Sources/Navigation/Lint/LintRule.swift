import Storyboards

/// One family of `wallet storyboard lint`'s warnings: a function from the storyboard (its
/// outline, which holds the model) and the app's classes to what it finds, each at its line.
/// A family is a file of this folder; adding one is writing its file and listing it in `all`.
/// Errors are not here: they are what loading refuses, and loading finds them.
@MainActor
struct LintRule {
    let rule: StoryboardRule
    let check: @MainActor (StoryboardOutline, StoryboardClasses) -> [StoryboardDiagnostic]

    /// Every family, in the order their warnings are listed on one line.
    static let all: [LintRule] = [
        .unfireableConnections, .unimplementedUnwindActions, .containerRequirements, .unperformedManualSegues, .unreachableScenes,
        .popoversWithoutWayBack, .duplicateSegueIdentifiers, .droppedContent, .runtimeAttributes,
    ]

    /// Every warning of the storyboard, in the order of the file.
    static func warnings(of outline: StoryboardOutline, classes: StoryboardClasses) -> [StoryboardDiagnostic] {
        all.flatMap { $0.check(outline, classes) }
            .enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
    }
}

extension StoryboardOutline {
    /// A warning of `rule` at a line of this file; the storyboard's text in it escaped, so that a
    /// file cannot forge `FILE:LINE: error:` lines.
    func warning(_ rule: StoryboardRule, _ line: Int, _ column: Int, _ message: String) -> StoryboardDiagnostic {
        StoryboardDiagnostic(file: file, line: line, column: column, rule: rule, message: message.escapedForMessage)
    }
}
