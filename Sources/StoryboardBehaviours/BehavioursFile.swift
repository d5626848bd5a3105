import Navigation
import Storyboards

/// A behaviours file (`wallet storyboard run FILE --behaviours BEHAVIOURS.yaml`): what a
/// storyboard's Swift side does, said in YAML, read into `StandInBehaviours`. Everything it
/// cannot take is said at its line with what it takes; nothing in it is executed.
///
///     classes:
///       TourViewController:
///         pages: [Welcome, Features] # a page view controller's pages, by Storyboard ID
///       FirstViewController:
///         performs:                  # an IBAction → performSegue(withIdentifier:sender:)
///           showSecond: toSecond
///         unwinds:                   # an unwind action → what it changes in this scene
///           backToFirst:
///             statusLabel.text: Welcome back
///             statusLabel.isHidden: false
///         prepares:                  # prepare(for:sender:) → what it changes in the destination
///           toDetail:
///             messageLabel.text: Sent from tab 1
///         appears: embedFirst        # performSegue in viewDidLoad/viewDidAppear, the first time
///       DashboardViewController:
///         allowedChildrenForUnwinding: [ActivityViewController]   # the children an unwind searches
///         selects: showDetail        # performSegue in tableView(_:didSelectRowAt:)
///       QuestionViewController#q1:   # one scene of a class, by Storyboard ID or id
///         performs:
///           next: toQ2
///         canPerform:                # an override of canPerformUnwindSegueAction
///           exitToQuizStart: false
///       AmountViewController:
///         sheet:                     # the user's pull-down of the sheet it is shown in
///           modalInPresentation: true
///           shouldDismiss: true      # presentationControllerShouldDismiss's answer
///           didAttemptToDismiss: {alert: "Discard changes?"}   # or {perform: SEGUE_ID}
///           didDismiss: {perform: refresh}
///     segues:
///       showOptions:
///         compact: OptionsNavigation # the scene presented instead in a compact width
public enum BehavioursFile {
    /// The properties a change may set, by their Swift names.
    public static let properties = ["text", "title", "isHidden", "isEnabled", "placeholder"]

    /// The behaviours `bytes` declare, read from the file at `path` (named in messages).
    public static func read(_ bytes: [UInt8], path: String) throws(StoryboardErrors) -> StandInBehaviours {
        var reader = Reader(file: path)
        let root: YAMLNode?
        do {
            root = try YAML.compose(bytes)
        } catch {
            throw StoryboardErrors(errors: [StoryboardDiagnostic(file: path, line: error.line, column: error.column, rule: .behaviours,
                                                            message: "not YAML a behaviours file can be: \(error.message)".escapedForMessage)])
        }
        guard let root else {
            throw StoryboardErrors(errors: [StoryboardDiagnostic(file: path, line: 0, rule: .behaviours,
                message: "the file declares nothing; it has classes: and segues:, as \(example)")])
        }
        let behaviours = reader.behaviours(root)
        if !reader.errors.isEmpty { throw StoryboardErrors(errors: reader.errors) }
        return behaviours
    }

    static let example = "classes: { FirstViewController: { performs: { showSecond: toSecond } } }"

    /// Reads a change's key, `statusLabel.text`: the outlet and the property, or what is wrong.
    static func change(keyPath: String, value: String) -> Result<OutletChange, BehaviourFormError> {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let outlet = parts.first, let property = parts.last, StandInBehaviours.Key.isClassName(outlet), !property.isEmpty else {
            return .failure(BehaviourFormError("\"\(keyPath)\" is not OUTLET.PROPERTY, as in statusLabel.text or doneLabel.isHidden"))
        }
        guard properties.contains(String(property)) else {
            let near = NearestName.to(String(property), among: properties).map { "did you mean \($0)? " } ?? ""
            return .failure(BehaviourFormError("\"\(keyPath)\": the terminal sets no property \(property); \(near)it sets "
                + properties.joined(separator: ", ")))
        }
        if ["isHidden", "isEnabled"].contains(property), View.bool(value) == nil {
            return .failure(BehaviourFormError("\"\(keyPath)\" is true or false, not \"\(value)\""))
        }
        return .success(OutletChange(outlet: String(outlet), property: String(property), value: value))
    }

    /// An unwind action's selector: `backToFirst` is `backToFirst:`, as an unwind action takes
    /// its segue.
    static func unwindSelector(_ name: String) -> Selector {
        Selector(name.hasSuffix(":") ? name : name + ":")
    }
}

/// What is wrong with the form of one behaviour, said the same for a file's line and a flag.
public struct BehaviourFormError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Walks a behaviours file's nodes, keeping every problem.
private struct Reader {
    let file: String
    var errors: [StoryboardDiagnostic] = []

    init(file: String) { self.file = file }

    mutating func fail(_ node: YAMLNode, _ message: String) {
        errors.append(StoryboardDiagnostic(file: file, line: node.line, column: node.column, rule: .behaviours, message: message.escapedForMessage))
    }

    func declared<Value>(_ value: Value, at node: YAMLNode) -> StandInBehaviours.Declared<Value> {
        StandInBehaviours.Declared(value, file: file, line: node.line, column: node.column)
    }

    /// The pairs of a mapping whose keys are text, each once; a problem for anything else.
    mutating func pairs(_ node: YAMLNode, of what: String, keys allowed: [String]? = nil) -> [(key: String, keyNode: YAMLNode, value: YAMLNode)] {
        guard case .mapping(let pairs) = node.value else {
            fail(node, "\(what) is a mapping (name: value on lines of their own), not \(node.described)")
            return []
        }
        var seen: [String: Int] = [:]
        var result: [(String, YAMLNode, YAMLNode)] = []
        for (keyNode, value) in pairs {
            guard let key = keyNode.scalar else {
                fail(keyNode, "a key of \(what) is \(keyNode.described); keys are names")
                continue
            }
            if let first = seen[key] {
                fail(keyNode, "\"\(key)\" is said twice in \(what) (first on line \(first)); say it once")
                continue
            }
            seen[key] = keyNode.line
            if let allowed, !allowed.contains(key) {
                let near = NearestName.to(key, among: allowed).map { "did you mean \($0)? " } ?? ""
                fail(keyNode, "\(what) has no \"\(key)\"; \(near)it takes \(allowed.joined(separator: ", "))")
                continue
            }
            result.append((key, keyNode, value))
        }
        return result
    }

    mutating func text(_ node: YAMLNode, of what: String) -> String? {
        guard let text = node.scalar, !text.isEmpty else {
            fail(node, "\(what) is a name, not \(node.described)")
            return nil
        }
        return text
    }

    mutating func behaviours(_ root: YAMLNode) -> StandInBehaviours {
        var behaviours = StandInBehaviours()
        for (key, _, value) in pairs(root, of: "the file", keys: ["classes", "segues"]) {
            if key == "classes" {
                for (name, nameNode, classNode) in pairs(value, of: "classes") {
                    guard let key = StandInBehaviours.Key(name) else {
                        fail(nameNode, "\"\(name)\" is not a class name (letters, digits and _), nor CLASS#SCENE (a Storyboard ID or id)")
                        continue
                    }
                    var declaredClass = classBehaviours(classNode, of: name)
                    declaredClass.declaredAt = declared(name, at: nameNode)
                    behaviours.classes[key] = declaredClass
                }
            } else {
                for (identifier, _, segueNode) in pairs(value, of: "segues") {
                    for (_, _, substitute) in pairs(segueNode, of: "segue \"\(identifier)\"", keys: ["compact"]) {
                        if let id = text(substitute, of: "the Storyboard ID to present in a compact width") {
                            behaviours.compactSubstitutes[identifier] = declared(id, at: substitute)
                        }
                    }
                }
            }
        }
        return behaviours
    }

    mutating func classBehaviours(_ node: YAMLNode, of name: String) -> StandInBehaviours.ClassBehaviours {
        var behaviours = StandInBehaviours.ClassBehaviours()
        for (key, _, value) in pairs(node, of: name, keys: ["performs", "unwinds", "prepares", "pages", "appears", "selects",
                                                            "allowedChildrenForUnwinding", "canPerform", "sheet"]) {
            switch key {
            case "canPerform":
                for (action, _, answer) in pairs(value, of: "\(name).canPerform") {
                    if let flag = bool(answer, of: "\(name).canPerform.\(action), canPerformUnwindSegueAction's answer") {
                        behaviours.canPerform[BehavioursFile.unwindSelector(action)] = declared(flag, at: answer)
                    }
                }
            case "sheet":
                if let sheet = sheet(value, of: "\(name).sheet") { behaviours.sheet = declared(sheet, at: value) }
            case "allowedChildrenForUnwinding":
                guard case .sequence(let items) = value.value else {
                    fail(value, "\(name).allowedChildrenForUnwinding is a list of the children's classes, as [ActivityViewController], "
                        + "or [] for none, not \(value.described)")
                    continue
                }
                let classes = items.compactMap { text($0, of: "a child's class") }
                if classes.count == items.count { behaviours.allowedChildrenForUnwinding = declared(classes, at: value) }
            case "appears":
                if let identifier = text(value, of: "the segue \(name) performs when it appears") {
                    behaviours.appears = declared(identifier, at: value)
                }
            case "selects":
                if let identifier = text(value, of: "the segue a row of \(name)'s table performs") {
                    behaviours.selects = declared(identifier, at: value)
                }
            case "pages":
                guard case .sequence(let items) = value.value else {
                    fail(value, "\(name).pages is a list of Storyboard IDs, as [PageOne, PageTwo], not \(value.described)")
                    continue
                }
                let identifiers = items.compactMap { text($0, of: "a page's Storyboard ID") }
                if identifiers.count == items.count { behaviours.pages = declared(identifiers, at: value) }
            case "performs":
                for (action, _, segue) in pairs(value, of: "\(name).performs") {
                    if let identifier = text(segue, of: "the segue \(action) performs") {
                        behaviours.performs[Selector(action)] = declared(identifier, at: segue)
                    }
                }
            case "unwinds":
                for (action, _, changes) in pairs(value, of: "\(name).unwinds") {
                    behaviours.unwinds[BehavioursFile.unwindSelector(action)] = declared(self.changes(changes, of: "\(name).unwinds.\(action)"), at: changes)
                }
            default:
                for (identifier, _, changes) in pairs(value, of: "\(name).prepares") {
                    behaviours.prepares[identifier] = declared(self.changes(changes, of: "\(name).prepares.\(identifier)"), at: changes)
                }
            }
        }
        return behaviours
    }

    /// `true` or `false` (`yes`, `no`), or what is wrong.
    mutating func bool(_ node: YAMLNode, of what: String) -> Bool? {
        guard let text = node.scalar, let flag = View.bool(text) else {
            fail(node, "\(what) is true or false, not \(node.described)")
            return nil
        }
        return flag
    }

    /// A sheet's behaviour: `modalInPresentation`, `shouldDismiss`, `didAttemptToDismiss` and
    /// `didDismiss`, each reaction `{perform: SEGUE_ID}` or `{alert: TITLE}`.
    mutating func sheet(_ node: YAMLNode, of what: String) -> StandInBehaviours.SheetBehaviour? {
        var sheet = StandInBehaviours.SheetBehaviour()
        var valid = true
        for (key, _, value) in pairs(node, of: what, keys: ["modalInPresentation", "shouldDismiss", "didAttemptToDismiss", "didDismiss"]) {
            switch key {
            case "modalInPresentation":
                if let flag = bool(value, of: "\(what).modalInPresentation") { sheet.isModalInPresentation = flag } else { valid = false }
            case "shouldDismiss":
                if let flag = bool(value, of: "\(what).shouldDismiss") { sheet.shouldDismiss = flag } else { valid = false }
            default:
                guard let reaction = reaction(value, of: "\(what).\(key)") else {
                    valid = false
                    continue
                }
                if key == "didDismiss" { sheet.didDismiss = reaction } else { sheet.didAttemptToDismiss = reaction }
            }
        }
        return valid ? sheet : nil
    }

    /// `{perform: SEGUE_ID}` or `{alert: TITLE}`.
    mutating func reaction(_ node: YAMLNode, of what: String) -> StandInBehaviours.SheetBehaviour.Reaction? {
        let entries = pairs(node, of: what, keys: ["perform", "alert"])
        guard entries.count == 1, let (key, _, value) = entries.first else {
            if case .mapping = node.value { fail(node, "\(what) is one of {perform: SEGUE_ID} or {alert: TITLE}") }
            return nil
        }
        guard let text = text(value, of: key == "perform" ? "the segue \(what) performs" : "the title of the alert \(what) presents") else { return nil }
        return key == "perform" ? .perform(text) : .alert(text)
    }

    mutating func changes(_ node: YAMLNode, of what: String) -> [OutletChange] {
        var changes: [OutletChange] = []
        for (keyPath, keyNode, value) in pairs(node, of: what) {
            guard let text = value.scalar else {
                fail(value, "\(keyPath) is set to a text, true or false, not \(value.described)")
                continue
            }
            switch BehavioursFile.change(keyPath: keyPath, value: text) {
            case .success(let change): changes.append(change)
            case .failure(let error): fail(keyNode, error.description)
            }
        }
        return changes
    }
}
