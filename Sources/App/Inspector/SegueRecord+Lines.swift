import Navigation
import Views

extension SegueRecord {
    /// The record as the inspector writes it under "Last segue", in the order things happened:
    /// for an unwind its action and source, each controller asked with its answer and why, the
    /// destination and executor (or the abort and why), prepare, the action, the transitions;
    /// for a forward segue should-perform and its answer, the instantiation, prepare and the
    /// transitions.
    public var lines: [InspectorLine] {
        var lines: [InspectorLine] = []
        switch kind {
        case .unwind(let action, let source):
            lines.append(InspectorLine("unwind \(action)", role: .heading))
            lines.append(InspectorLine("from \(source)", prefix: " "))
        case .forward(let identifier, let source):
            let name = identifier.map { $0.isEmpty ? "segue (no identifier)" : "segue \"\($0)\"" } ?? "segue"
            lines.append(InspectorLine(name, role: .heading))
            if let source { lines.append(InspectorLine("from \(source)", prefix: " ")) }
        case .withoutSegue:
            lines.append(InspectorLine("not a segue", role: .heading))
            lines.append(InspectorLine("no prepare, no unwind action", prefix: " "))
        case .pullDown(let sheet):
            lines.append(InspectorLine("pulled down, not a segue", role: .heading))
            lines.append(InspectorLine("sheet \(sheet)", prefix: " "))
        }
        var saidAsked = false
        var askedCount = 0
        for entry in entries {
            switch entry {
            case .shouldPerform(_, _, let answer):
                lines.append(InspectorLine("should perform? \(answer ? "yes" : "no: nothing happens")", prefix: " ", role: answer ? .plain : .problem))
            case .instantiated(let controller, let scene):
                lines.append(InspectorLine("instantiate \(controller) from scene \(scene)", prefix: " "))
            case .asked(let controller, let answer, let reason):
                if !saidAsked {
                    lines.append(InspectorLine("asked, in order:", prefix: " "))
                    saidAsked = true
                }
                askedCount += 1
                let action = actionName ?? Selector("")
                lines.append(InspectorLine("\(askedCount) \(controller)", prefix: "  ", role: answer ? .yes : .plain, continuation: "    "))
                lines.append(InspectorLine("\(answer ? "yes" : "no"): \(reason.explanation(for: action, answer: answer))", prefix: "    ", role: answer ? .yes : .plain))
            case .destination(let destination, let executor):
                lines.append(InspectorLine("destination \(destination)", prefix: " ", role: .yes))
                lines.append(InspectorLine("executor \(executor)", prefix: " "))
            case .aborted:
                let action = actionName.map(\.description) ?? "its action"
                let why = asked.isEmpty
                    ? "no controller behind the source to ask"
                    : "every controller asked said no to \(action)"
                lines.append(InspectorLine("aborted: \(why); nothing moved", prefix: " ", role: .problem))
            case .segueCreated(let segue):
                let identifier = segue.identifier.map { " \"\($0)\"" } ?? ""
                lines.append(InspectorLine("segue \(segue.kind)\(identifier)", prefix: " "))
            case .prepare(let segue):
                lines.append(InspectorLine("prepare(for:sender:) on \(segue.source)", prefix: " "))
            case .action(let action, let destination):
                lines.append(InspectorLine("action \(action) on \(destination)", prefix: " "))
            case .perform(let segue):
                lines.append(InspectorLine("perform \(segue.kind)", prefix: " "))
            case .transition(let step):
                lines.append(InspectorLine(step.description, prefix: "   "))
            case .error(let message):
                lines.append(InspectorLine("error: \(message)", prefix: " ", role: .problem))
            case .presentationController(let call, let delegate):
                lines.append(InspectorLine("\(call)", prefix: " "))
                lines.append(InspectorLine(delegate.map { "on delegate \($0)" } ?? "no delegate: nobody hears it", prefix: "   ",
                                           role: delegate == nil ? .problem : .plain))
            case .pullDown(let step):
                lines += Self.lines(for: step)
            }
        }
        return lines
    }

    /// What the room must learn from a pull-down, in words.
    private static func lines(for step: PullDownStep) -> [InspectorLine] {
        switch step {
        case .began:
            return [InspectorLine("the sheet follows the pull", prefix: " ")]
        case .sprangBack:
            return [InspectorLine("let go before a third: it springs back", prefix: " ")]
        case .refused(let modal):
            return [InspectorLine(modal ? "refused: isModalInPresentation" : "refused: ShouldDismiss said no", prefix: " ", role: .problem),
                    InspectorLine("the sheet springs back", prefix: " ")]
        case .dismissed(let actions):
            var lines = [InspectorLine("dismissed by the pull: no unwind ran,", prefix: " ", role: .problem),
                         InspectorLine("no prepare, no segue", prefix: "   ", role: .problem)]
            for action in actions { lines.append(InspectorLine("\(action) was not called", prefix: "   ", role: .problem)) }
            return lines
        }
    }

    private var actionName: Selector? {
        if case .unwind(let action, _) = kind { return action }
        return nil
    }
}
