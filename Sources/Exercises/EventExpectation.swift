import Navigation

/// One navigation event a check asks for (or forbids), by its kind and the controllers, action or
/// segue it names: compared with `NavigationEvent` values, never with their text, so that a
/// change in how the trace reads changes no verdict (issue 44). Written in `exercise.yaml` as a
/// mapping whose first key is the kind:
///
/// ```yaml
/// events:
///   - {unwind: "cancel:", from: ContactsViewController}
///   - {asked: ArchiveViewController, action: "backToInbox:", answer: no}
///   - {dismiss: 'NavigationController (root "Contacts")'}
/// never:
///   - {lands: 'QuestionViewController "Question 2"'}
/// ```
///
/// A controller is named as the trace names it (`QuestionViewController "Question 1"`) or by its
/// class alone.
public struct EventExpectation: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, CaseIterable {
        /// An unwind starts: its action, from a controller (`from`).
        case unwind
        /// The search asks a controller: the action (`action`) and its answer (`answer`).
        case asked
        /// The unwind's destination, or its abort (its action).
        case lands, aborted
        /// The unwind action called, on a controller (`on`).
        case action
        /// A segue by its identifier: performed, prepared for (`from`, `to`).
        case perform, prepare
        /// `shouldPerformSegue(withIdentifier:sender:)` asked of its source (`from`), as only a
        /// segue a control triggers asks it (rule 10).
        case shouldPerform
        /// A transition of a controller.
        case push, pop, present, dismiss
        case selectTab = "select tab", showDetail = "show detail", embed, adapt, collapse, expand
        /// A life-cycle call on a controller.
        case viewDidLoad, viewWillAppear, viewIsAppearing, viewDidAppear, viewWillDisappear, viewDidDisappear

        /// The keys each kind takes beside its own.
        var options: [String] {
            switch self {
            case .unwind: ["from"]
            case .asked: ["action", "answer"]
            case .action: ["on"]
            case .perform, .prepare: ["from", "to"]
            case .shouldPerform: ["from"]
            default: []
            }
        }
    }

    public let kind: Kind
    /// The kind's own value: a controller, an action or a segue's identifier.
    public let value: String
    /// The other keys (`from`, `to`, `on`, `action`, `answer`), as written.
    public let options: [String: String]

    public init(_ kind: Kind, _ value: String, options: [String: String] = [:]) {
        self.kind = kind
        self.value = value
        self.options = options
    }

    /// As the attendee reads it in a verdict, a phrase: "an unwind with cancel: from X".
    public var description: String {
        func option(_ key: String, _ words: String) -> String { options[key].map { " \(words) \($0)" } ?? "" }
        switch kind {
        case .unwind: return "an unwind with \(value)" + option("from", "from")
        case .asked:
            let answer = options["answer"].flatMap(Self.yes).map { $0 ? ", answering yes" : ", answering no" } ?? ""
            return "\(value) asked" + (options["action"].map { " about \($0)" } ?? "") + answer
        case .lands: return "the unwind landing on \(value)"
        case .aborted: return "the unwind \(value) aborted"
        case .action: return "\(value) called" + option("on", "on")
        case .perform, .prepare: return "the segue \"\(value)\" \(kind == .perform ? "performed" : "prepared for")" + option("from", "from") + option("to", "to")
        case .shouldPerform: return "shouldPerformSegue asked for \"\(value)\"" + option("from", "of")
        case .pop: return "pop to \(value)"
        case .viewDidLoad, .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear, .viewDidDisappear: return "\(kind.rawValue) on \(value)"
        default: return "\(kind.rawValue) \(value)"
        }
    }

    /// Whether `event` is one this expectation asks for.
    public func matches(_ event: NavigationEvent) -> Bool {
        func named(_ controller: ControllerID, _ key: String) -> Bool { options[key].map { ExerciseCheck.names(controller, $0) } ?? true }
        switch (kind, event) {
        case (.unwind, .unwindStarted(let action, let source)):
            return action.name == value && named(source, "from")
        case (.asked, .unwindAsked(let controller, let action, let answer, _)):
            return ExerciseCheck.names(controller, value) && (options["action"].map { $0 == action.name } ?? true)
                && (options["answer"].map { Self.yes($0) == answer } ?? true)
        case (.lands, .unwindDestination(let controller, _)):
            return ExerciseCheck.names(controller, value)
        case (.aborted, .unwindAborted(let action, _)):
            return action.name == value
        case (.action, .unwindAction(let action, let destination)):
            return action.name == value && named(destination, "on")
        case (.shouldPerform, .shouldPerformSegue(let identifier, let source, _)):
            return identifier == value && named(source, "from")
        case (.perform, .perform(let segue)), (.prepare, .prepare(let segue)):
            return segue.identifier == value && named(segue.source, "from") && named(segue.destination, "to")
        case (_, .lifeCycle(let call, let controller)):
            return call.rawValue == kind.rawValue && ExerciseCheck.names(controller, value)
        case (_, .transition(let step)):
            return transition(step).map { ExerciseCheck.names($0, value) } ?? false
        default:
            return false
        }
    }

    /// The controller of `step`, when it is a step of this kind.
    private func transition(_ step: TransitionStep) -> ControllerID? {
        switch (kind, step) {
        case (.push, .push(let controller, _)), (.pop, .pop(let controller, _)), (.present, .present(let controller, _, _, _)),
             (.dismiss, .dismiss(let controller, _)), (.selectTab, .selectTab(let controller, _)), (.showDetail, .showDetail(let controller, _)),
             (.embed, .embed(let controller, _)), (.adapt, .adapt(let controller, _)), (.collapse, .collapse(let controller)),
             (.expand, .expand(let controller)):
            controller
        default: nil
        }
    }

    /// YAML's words for true, as an author writes `answer: no`.
    static func yes(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "yes", "true", "y": true
        case "no", "false", "n": false
        default: nil
        }
    }
}
