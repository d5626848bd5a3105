import StoryboardBehaviours
import Storyboards

/// One exercise of `wallet exercises`: a storyboard with something missing or wrong, what the
/// attendee is asked to make it do, hints in order, and the check that says whether it does.
/// Read from `exercise.yaml` in the exercise's folder of `Assets/Exercises/`, beside the
/// starting point (`start/`) and the solution (`solution/`): an exercise is data, not code.
public struct Exercise: Sendable {
    /// The folder's name, `01-cancel`: its place in the sequence and its name in the working folder.
    public let name: String
    public let title: String
    /// The rules of the unwind this exercise makes the attendee use, by number, with their words.
    public let rules: String
    /// What to make the storyboard do, in a sentence or two.
    public let goal: String
    public let hints: [String]
    /// The app the storyboard runs in.
    public let app: App
    /// The files the attendee edits, by name: the storyboard first, then a behaviours file or,
    /// for the wallet, a copy of its `WalletViewController.swift`.
    public let files: [String]
    /// The one of `files` the lesson is in (`edit:`, the storyboard by default): what the
    /// attendee is told to edit (issue 47: "Edit Quiz.storyboard and Quiz.behaviours.yaml" sent
    /// attendees into the storyboard for a lesson in the behaviours file).
    public var edit: String = ""
    public let check: Check
    /// What the room is asked in a served session, where nobody edits a file.
    public let question: Question?

    public enum App: String, Sendable, CaseIterable {
        /// The wallet's own classes (`wallet --storyboard FILE`): the balance is the sample's.
        case wallet
        /// Stand-ins for every class (`wallet storyboard run FILE --behaviours FILE`).
        case storyboard
    }

    /// The storyboard the attendee edits (the first of `files`).
    public var storyboard: String { files[0] }
    /// The behaviours file beside it, if the exercise has one.
    public var behaviours: String? { files.dropFirst().first { $0.hasSuffix(".yaml") } }
    /// The wallet's Swift code beside it, if the exercise has one: where its balance label is
    /// set (`wallet --code`).
    public var code: String? { files.dropFirst().first { $0.hasSuffix(".swift") } }

    /// What a run of the storyboard must show: data only, so that an author writes it in YAML.
    public struct Check: Sendable {
        /// The keys pressed, in `--keys` notation, from launch.
        public let keys: String
        /// The controller the unwind must land on, as the trace names it (`WalletViewController`,
        /// `QuestionViewController #q1`); `none` when the unwind must be aborted.
        public let destination: String?
        /// The controller on screen at the end (the top of the stack on top).
        public let visible: String?
        /// The wallet's balance at the end, as the wallet shows it (`€ 5,419.67`): the one it
        /// holds and the one its label shows.
        public let balance: String?
        /// Events the run must have, in this order (others may come between).
        public let events: [EventExpectation]
        /// Events the run must not have, anywhere.
        public let never: [EventExpectation]
        /// Text the screen must show at the end.
        public let screen: [String]
        /// Text of the storyboard to point the attendee at (`systemItem="cancel"`): its line is
        /// said when the check fails.
        public let look: String?
    }

    /// A question with lettered choices, the first letter `a`.
    public struct Question: Sendable, Equatable {
        public let text: String
        public let choices: [String]
        /// The index of the right choice.
        public let answer: Int

        public init(text: String, choices: [String], answer: Int) {
            self.text = text
            self.choices = choices
            self.answer = answer
        }
    }
}

extension Exercise {
    /// The exercise `exercise.yaml` (at `path`, named in messages) describes; every problem with
    /// its line.
    public static func read(_ bytes: [UInt8], name: String, path: String) throws(StoryboardErrors) -> Exercise {
        let root: YAMLNode?
        do {
            root = try YAML.compose(bytes)
        } catch {
            throw StoryboardErrors(errors: [StoryboardDiagnostic(file: path, line: error.line, column: error.column, rule: .behaviours,
                                                            message: "not YAML an exercise can be: \(error.message)")])
        }
        var reader = ExerciseReader(file: path)
        guard let root else {
            throw StoryboardErrors(errors: [StoryboardDiagnostic(file: path, line: 0, rule: .behaviours, message: "the file says nothing of the exercise")])
        }
        let exercise = reader.exercise(root, name: name)
        guard let exercise, reader.errors.isEmpty else { throw StoryboardErrors(errors: reader.errors) }
        return exercise
    }
}

/// Reads `exercise.yaml`: every key known, every value of its kind, each problem at its line.
private struct ExerciseReader {
    let file: String
    var errors: [StoryboardDiagnostic] = []

    init(file: String) { self.file = file }

    mutating func fail(_ node: YAMLNode, _ message: String) {
        errors.append(StoryboardDiagnostic(file: file, line: node.line, column: node.column, rule: .behaviours, message: message))
    }

    mutating func mapping(_ node: YAMLNode, of what: String, keys: [String]) -> [String: YAMLNode] {
        guard case .mapping(let pairs) = node.value else {
            fail(node, "\(what) is a mapping, not \(node.described)")
            return [:]
        }
        var result: [String: YAMLNode] = [:]
        for (key, value) in pairs {
            guard let name = key.scalar, keys.contains(name) else {
                fail(key, "\(what) has no \(key.scalar.map { "\"\($0)\"" } ?? key.described); it takes \(keys.joined(separator: ", "))")
                continue
            }
            if result[name] != nil { fail(key, "\"\(name)\" is said twice in \(what)") }
            result[name] = value
        }
        return result
    }

    mutating func text(_ node: YAMLNode?, _ what: String, in parent: YAMLNode, required: Bool = true) -> String? {
        guard let node else {
            if required { fail(parent, "\(what) is missing") }
            return nil
        }
        guard let text = node.scalar else {
            fail(node, "\(what) is text, not \(node.described)")
            return nil
        }
        return text
    }

    mutating func texts(_ node: YAMLNode?, _ what: String) -> [String] {
        guard let node else { return [] }
        guard case .sequence(let items) = node.value else {
            fail(node, "\(what) is a list, not \(node.described)")
            return []
        }
        return items.compactMap { item in
            guard let text = item.scalar else {
                fail(item, "each of \(what) is text, not \(item.described)")
                return nil
            }
            return text
        }
    }

    mutating func exercise(_ root: YAMLNode, name: String) -> Exercise? {
        let keys = mapping(root, of: "an exercise", keys: ["title", "rules", "goal", "hints", "app", "files", "edit", "check", "question"])
        let title = text(keys["title"], "title", in: root)
        let rules = text(keys["rules"], "rules", in: root)
        let goal = text(keys["goal"], "goal", in: root)
        let hints = texts(keys["hints"], "hints")
        if hints.isEmpty { fail(keys["hints"] ?? root, "hints are missing: give at least one, the gentlest first") }
        var app = Exercise.App.storyboard
        if let node = keys["app"], let name = text(node, "app", in: root) {
            if let known = Exercise.App(rawValue: name) {
                app = known
            } else {
                fail(node, "app is wallet or storyboard, not \"\(name)\"")
            }
        }
        let files = texts(keys["files"], "files")
        if files.isEmpty || files.count > 2 {
            fail(keys["files"] ?? root, "files names the storyboard the attendee edits, then at most a behaviours file or the wallet's Swift code")
        } else if !files[0].hasSuffix(".storyboard") {
            fail(keys["files"] ?? root, "the first of files is the storyboard, NAME.storyboard, not \"\(files[0])\"")
        } else if let second = files.dropFirst().first {
            if second.hasSuffix(".swift") {
                if app != .wallet { fail(keys["files"] ?? root, "\(second): Swift code is read for app: wallet only (stand-ins take a behaviours file)") }
            } else if !second.hasSuffix(".yaml") {
                fail(keys["files"] ?? root, "the second of files is a behaviours file (NAME.behaviours.yaml) or the wallet's code (NAME.swift), not \"\(second)\"")
            }
        }
        var check: Exercise.Check?
        if let node = keys["check"] { check = self.check(node) } else { fail(root, "check is missing: the keys to press and what they must lead to") }
        var question: Exercise.Question?
        if let node = keys["question"] { question = self.question(node) }
        var edit = files.first ?? ""
        if let node = keys["edit"], let named = text(node, "edit", in: root, required: false) {
            if files.contains(named) { edit = named } else { fail(node, "edit names one of files (\(files.joined(separator: ", "))), not \"\(named)\"") }
        }
        guard let title, let rules, let goal, let check, !files.isEmpty else { return nil }
        var exercise = Exercise(name: name, title: title, rules: rules, goal: goal, hints: hints, app: app, files: files, check: check, question: question)
        exercise.edit = edit
        return exercise
    }

    mutating func check(_ node: YAMLNode) -> Exercise.Check? {
        let keys = mapping(node, of: "check", keys: ["keys", "destination", "visible", "balance", "events", "never", "screen", "look"])
        guard let script = text(keys["keys"], "check's keys", in: node) else { return nil }
        let check = Exercise.Check(
            keys: script,
            destination: text(keys["destination"], "destination", in: node, required: false),
            visible: text(keys["visible"], "visible", in: node, required: false),
            balance: text(keys["balance"], "balance", in: node, required: false),
            events: expectations(keys["events"], "events"),
            never: expectations(keys["never"], "never"),
            screen: texts(keys["screen"], "screen"),
            look: text(keys["look"], "look", in: node, required: false))
        if check.destination == nil, check.visible == nil, check.balance == nil, check.events.isEmpty, check.never.isEmpty, check.screen.isEmpty {
            fail(node, "check asks nothing: give a destination, visible, balance, events, never or screen")
        }
        return check
    }

    /// A list of events, each a mapping whose first key is its kind (`{unwind: "cancel:", from: X}`).
    mutating func expectations(_ node: YAMLNode?, _ what: String) -> [EventExpectation] {
        guard let node else { return [] }
        guard case .sequence(let items) = node.value else {
            fail(node, "\(what) is a list of events, not \(node.described)")
            return []
        }
        let kinds = EventExpectation.Kind.allCases.map(\.rawValue)
        return items.compactMap { item -> EventExpectation? in
            guard case .mapping(let pairs) = item.value, let first = pairs.first else {
                fail(item, "each of \(what) is an event, as in {unwind: \"cancel:\", from: ContactsViewController}, not \(item.described)")
                return nil
            }
            guard let name = first.key.scalar, let kind = EventExpectation.Kind(rawValue: name) else {
                let near = first.key.scalar.flatMap { NearestName.to($0, among: kinds) }.map { " (did you mean \($0)?)" } ?? ""
                fail(first.key, "an event starts with its kind\(near): \(kinds.joined(separator: ", "))")
                return nil
            }
            guard let value = first.value.scalar else {
                fail(first.value, "\(name) names a controller, an action or a segue's identifier, not \(first.value.described)")
                return nil
            }
            var options: [String: String] = [:]
            for (key, optionValue) in pairs.dropFirst() {
                guard let option = key.scalar, kind.options.contains(option), let text = optionValue.scalar else {
                    fail(key, "\(name) takes " + (kind.options.isEmpty ? "nothing beside it" : kind.options.joined(separator: ", ")))
                    continue
                }
                if option == "answer", EventExpectation.yes(text) == nil { fail(optionValue, "answer is yes or no, not \"\(text)\"") }
                options[option] = text
            }
            return EventExpectation(kind, value, options: options)
        }
    }

    mutating func question(_ node: YAMLNode) -> Exercise.Question? {
        let keys = mapping(node, of: "question", keys: ["text", "choices", "answer"])
        let text = text(keys["text"], "question's text", in: node)
        let choices = texts(keys["choices"], "choices")
        if choices.count < 2 || choices.count > 26 { fail(keys["choices"] ?? node, "a question has from 2 to 26 choices") }
        let answer = self.text(keys["answer"], "answer", in: node).flatMap { letter -> Int? in
            guard letter.count == 1, let scalar = letter.unicodeScalars.first, ("a"..."z").contains(scalar),
                  Int(scalar.value - 97) < choices.count else {
                let last = String(UnicodeScalar(UInt8(96 + min(26, max(1, choices.count)))))
                fail(keys["answer"] ?? node, "answer is the letter of a choice, a to \(last)")
                return nil
            }
            return Int(scalar.value - 97)
        }
        guard let text, let answer else { return nil }
        return Exercise.Question(text: text, choices: choices, answer: answer)
    }
}
