import Navigation
import Terminal

/// A JSON value written by hand, so that a trace line has its fields in a fixed, readable order
/// (`seq` and `kind` first) and costs one string per event. Foundation's JSONEncoder sorts keys
/// or leaves their order unspecified, writes `/` as `\/`, and needs a Codable mirror of every
/// event type; none of that helps a line-oriented trace.
indirect enum JSONValue {
    case string(String)
    case number(Int)
    case bool(Bool)
    case null
    /// Fields in the order written.
    case object([(String, JSONValue)])
    case array([JSONValue])

    static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    /// The value as JSON text (RFC 8259), on one line.
    var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    func write(to output: inout String) {
        switch self {
        case .string(let text): JSONString.write(text, to: &output)
        case .number(let number): output += String(number)
        case .bool(let value): output += value ? "true" : "false"
        case .null: output += "null"
        case .object(let fields):
            output += "{"
            for (index, (key, value)) in fields.enumerated() {
                if index > 0 { output += "," }
                JSONString.write(key, to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        }
    }

}

extension NavigationEvent {
    /// The event's name in a JSON trace: the name of its case.
    var kindName: String {
        switch self {
        case .lifeCycle: "lifeCycle"
        case .instantiated: "instantiated"
        case .shouldPerformSegue: "shouldPerformSegue"
        case .segueCreated: "segueCreated"
        case .prepare: "prepare"
        case .perform: "perform"
        case .unwindStarted: "unwindStarted"
        case .unwindAsked: "unwindAsked"
        case .unwindDestination: "unwindDestination"
        case .unwindAborted: "unwindAborted"
        case .unwindAction: "unwindAction"
        case .transition: "transition"
        case .programmingError: "programmingError"
        case .caption: "caption"
        case .standInDidNothing: "standInDidNothing"
        case .pullDown: "pullDown"
        case .presentationController: "presentationController"
        }
    }

    /// The event as one JSON object: `seq`, `kind`, every field of the event (controllers as
    /// objects with their `id`, class and title), then `text`, the line the text trace writes.
    @MainActor
    func json(seq: Int, numbers: ControllerNumbers) -> JSONValue {
        var fields: [(String, JSONValue)] = [("seq", .number(seq)), ("kind", .string(kindName))]
        switch self {
        case .lifeCycle(let call, let controller):
            fields += [("call", .string(call.rawValue)), ("controller", controller.json(numbers))]
        case .instantiated(let controller, let scene):
            fields += [("controller", controller.json(numbers)), ("scene", .string(scene))]
        case .shouldPerformSegue(let identifier, let source, let answer):
            fields += [("identifier", .string(identifier)), ("source", source.json(numbers)), ("answer", .bool(answer))]
        case .segueCreated(let segue), .prepare(let segue), .perform(let segue):
            fields += [("segue", segue.json(numbers))]
        case .unwindStarted(let action, let source):
            fields += [("action", .string(action.name)), ("source", source.json(numbers))]
        case .unwindAsked(let controller, let action, let answer, let reason):
            fields += [("controller", controller.json(numbers)), ("action", .string(action.name)), ("answer", .bool(answer)),
                       ("reason", .string(reason.rawValue)), ("explanation", .string(reason.explanation(for: action, answer: answer)))]
        case .unwindDestination(let destination, let executor):
            fields += [("destination", destination.json(numbers)), ("executor", executor.json(numbers))]
        case .unwindAborted(let action, let source):
            fields += [("action", .string(action.name)), ("source", source.json(numbers))]
        case .unwindAction(let action, let destination):
            fields += [("action", .string(action.name)), ("destination", destination.json(numbers))]
        case .transition(let step):
            fields += step.jsonFields(numbers)
        case .programmingError(let message):
            fields += [("message", .string(message))]
        case .caption(let text):
            fields += [("caption", .string(text))]
        case .standInDidNothing(let controller, let action, let key, let segues):
            fields += [("controller", controller.json(numbers)), ("action", .string(action.name)), ("declares", .string(key.description)),
                       ("segues", .array(segues.map(JSONValue.string)))]
        case .pullDown(let sheet, let step):
            fields += [("sheet", sheet.json(numbers))] + step.jsonFields
        case .presentationController(let call, let sheet, let delegate):
            fields += [("call", .string(call.name)), ("sheet", sheet.json(numbers))]
                + (delegate.map { [("delegate", .string($0))] } ?? [])
            if case .shouldDismiss(let answer) = call { fields.append(("answer", .bool(answer))) }
        }
        fields.append(("text", .string(String(description.drop(while: { $0 == " " })))))
        return .object(fields)
    }
}

extension PullDownStep {
    var jsonFields: [(String, JSONValue)] {
        switch self {
        case .began: [("step", .string("began"))]
        case .sprangBack: [("step", .string("sprangBack"))]
        case .refused(let modal): [("step", .string("refused")), ("by", .string(modal ? "isModalInPresentation" : "presentationControllerShouldDismiss"))]
        case .dismissed(let actions): [("step", .string("dismissed")), ("unwindActionsNotCalled", .array(actions.map { .string($0.name) }))]
        }
    }
}

/// The numbers a JSON trace gives controllers: 1, 2, 3… in the order the trace first names
/// them, each kept for the controller's life and never given to another.
@MainActor
final class ControllerNumbers {
    private var numbers: [ControllerInstance: Int] = [:]

    func number(of controller: ControllerID) -> Int {
        if let number = numbers[controller.instance] { return number }
        let number = numbers.count + 1
        numbers[controller.instance] = number
        return number
    }
}

extension ControllerID {
    /// `id` is the controller's number in this trace: stable for its life, never reused after it.
    @MainActor
    func json(_ numbers: ControllerNumbers) -> JSONValue {
        // `scene` only where the class is shared, which the trace's readers did not see before.
        .object([("id", .number(numbers.number(of: self))), ("class", .string(className)), ("title", .optional(title)),
                 ("rootTitle", .optional(rootTitle))] + (scene.map { [("scene", .string($0))] } ?? []))
    }
}

extension SegueID {
    @MainActor
    func json(_ numbers: ControllerNumbers) -> JSONValue {
        .object([("kind", .string(kind)), ("identifier", .optional(identifier)),
                 ("source", source.json(numbers)), ("destination", destination.json(numbers))])
    }
}

extension TransitionStep {
    /// `transition` names the step; the controllers it moves follow.
    @MainActor
    func jsonFields(_ numbers: ControllerNumbers) -> [(String, JSONValue)] {
        switch self {
        case .setRoot(let controller):
            [("transition", .string("setRoot")), ("controller", controller.json(numbers))]
        case .push(let controller, let navigation):
            [("transition", .string("push")), ("controller", controller.json(numbers)), ("navigationController", navigation.json(numbers))]
        case .pop(let controller, let navigation):
            [("transition", .string("pop")), ("to", controller.json(numbers)), ("navigationController", navigation.json(numbers))]
        case .present(let controller, let presenter, let asked, let style):
            [("transition", .string("present")), ("controller", controller.json(numbers)), ("presenter", presenter.json(numbers))]
                + (asked.map { [("askedBy", $0.json(numbers))] } ?? []) + [("style", .string(style.rawValue))]
        case .dismiss(let controller, let topmost):
            [("transition", .string("dismiss")), ("controller", controller.json(numbers)), ("topmost", topmost.json(numbers))]
        case .custom(let text):
            [("transition", .string("custom")), ("description", .string(text))]
        case .selectTab(let controller, let tabBar):
            [("transition", .string("selectTab")), ("controller", controller.json(numbers)), ("tabBarController", tabBar.json(numbers))]
        case .showDetail(let controller, let split):
            [("transition", .string("showDetail")), ("controller", controller.json(numbers)), ("splitViewController", split.json(numbers))]
        case .collapse(let split):
            [("transition", .string("collapse")), ("splitViewController", split.json(numbers))]
        case .expand(let split):
            [("transition", .string("expand")), ("splitViewController", split.json(numbers))]
        case .adapt(let controller, let style):
            [("transition", .string("adapt")), ("controller", controller.json(numbers)), ("style", .string(style.rawValue))]
        case .embed(let controller, let parent):
            [("transition", .string("embed")), ("controller", controller.json(numbers)), ("parent", parent.json(numbers))]
        }
    }
}
