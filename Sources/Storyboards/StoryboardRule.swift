/// A kind of problem `wallet storyboard lint` reports: an id for CI and scripts to match (`[xml]`
/// at the end of a line, `"rule"` in JSON), its severity, and a line of what it finds.
/// `wallet storyboard lint --rules` lists them.
public struct StoryboardRule: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }

    public let id: String
    public let severity: Severity
    public let summary: String

    public var description: String { id }

    // Errors: what loading refuses.
    public static let file = StoryboardRule(id: "file", severity: .error,
        summary: "the file cannot be read: it is missing, a folder, a device, or not readable")
    public static let xml = StoryboardRule(id: "xml", severity: .error,
        summary: "the file is not UTF-8 XML a storyboard can be: not well-formed, another encoding, a DOCTYPE or an entity")
    public static let limits = StoryboardRule(id: "limits", severity: .error,
        summary: "the file, or the storyboards it opens, exceed what one run reads: size, elements, nesting, containment depth")
    public static let document = StoryboardRule(id: "document", severity: .error,
        summary: "the document is not a storyboard Interface Builder writes: another root element, a scene without a controller")
    public static let initialViewController = StoryboardRule(id: "initial-view-controller", severity: .error,
        summary: "there is no initial view controller to start from (or no scene with the --storyboard-id given)")
    public static let connections = StoryboardRule(id: "connections", severity: .error,
        summary: "a class, outlet, action, destination or segue kind the app cannot honour, or an unwind action no class implements")
    public static let references = StoryboardRule(id: "references", severity: .error,
        summary: "a storyboard reference to a file or scene that is missing, or that cannot be opened")
    public static let behaviours = StoryboardRule(id: "behaviours", severity: .error,
        summary: "a declared behaviour (--behaviours, --performs…) names a class, action, segue, outlet, property or Storyboard ID the storyboard has not")

    // Warnings: what loads, but Xcode would warn about.
    public static let noEntryPoint = StoryboardRule(id: "no-entry-point", severity: .warning,
        summary: "no initial view controller: only Storyboard IDs make its scenes (lint or run it with --storyboard-id)")
    public static let unimplementedUnwindAction = StoryboardRule(id: "unimplemented-unwind-action", severity: .warning,
        summary: "no scene of this storyboard implements the unwind action of one of its unwind segues")
    public static let containerRequirements = StoryboardRule(id: "container-requirements", severity: .warning,
        summary: "a container without what it needs to show anything: a tab bar controller with no tabs, a split view with no columns")
    public static let unreachableScene = StoryboardRule(id: "unreachable-scene", severity: .warning,
        summary: "a scene nothing reaches: not the initial one, no Storyboard ID, and no segue leads to it")
    public static let duplicateSegueIdentifier = StoryboardRule(id: "duplicate-segue-identifier", severity: .warning,
        summary: "two segues of one scene with one identifier: performSegue(withIdentifier:) runs only one")
    public static let unfireableConnection = StoryboardRule(id: "unfireable-connection", severity: .warning,
        summary: "a segue or action the terminal can never fire: from an object beside the controller, or a control it does not draw")
    public static let popoverWithoutWayBack = StoryboardRule(id: "popover-without-way-back", severity: .warning,
        summary: "a popover whose content has no unwind and no action: adapted to full screen in a compact width, it leaves no way back on iOS")
    public static let unperformedManualSegue = StoryboardRule(id: "unperformed-manual-segue", severity: .warning,
        summary: "with stand-ins: a manual segue (performed from code) that no behaviour performs (--performs, --appears, --selects)")
    public static let selectedTwice = StoryboardRule(id: "selected-twice", severity: .warning,
        summary: "with stand-ins: --selects names a segue the row's cell already triggers, so a selection would perform it twice")
    public static let droppedContent = StoryboardRule(id: "dropped-content", severity: .warning,
        summary: "a view the terminal does not draw (an image, a switch, a text view…): what it shows on iOS is not on the screen")
    public static let runtimeAttribute = StoryboardRule(id: "runtime-attribute", severity: .warning,
        summary: "a user-defined runtime attribute the terminal ignores")

    /// Every rule, errors first.
    public static let all: [StoryboardRule] = [
        .file, .xml, .limits, .document, .initialViewController, .connections, .references, .behaviours,
        .noEntryPoint, .unimplementedUnwindAction, .containerRequirements, .unreachableScene, .duplicateSegueIdentifier,
        .unfireableConnection, .popoverWithoutWayBack, .unperformedManualSegue, .selectedTwice, .droppedContent, .runtimeAttribute,
    ]
}
