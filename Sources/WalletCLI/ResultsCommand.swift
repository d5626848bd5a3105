import ArgumentParser
import FoundationEssentials
import Views

/// `wallet results FILE`: what a presenter reads after the talk from the file `wallet serve
/// --results FILE` appended to: a line per question (its run, its number, the right answer, how
/// many answered and how many were right) and a line per exercise (how many people tried it,
/// finished it, how many tries it took them, and who is stuck), as text or as CSV.
struct ResultsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "results",
        abstract: "Sum up a workshop's results file (wallet serve --results FILE).",
        discussion: """
            Questions: run, poll, question, right answer, answered, right, share right. Exercises: \
            people who tried, people who finished, the median tries to finish, and the people stuck \
            (tried, not finished). A file several runs of the server appended to is read whole.
            """
    )

    @Argument(help: ArgumentHelp("The results file (JSON Lines).", valueName: "file"))
    var file: String

    @Option(name: .long, help: ArgumentHelp("Print one table as CSV instead of both as text.", valueName: "questions|exercises"))
    var csv: ResultsSummary.Table?

    func run() throws {
        let data: Data
        guard FileManager.default.fileExists(atPath: file) else {
            throw ValidationError("no file at \"\(file)\"; give the file wallet serve --results wrote")
        }
        do {
            data = try Data(contentsOf: URL(filePath: file))
        } catch {
            throw ValidationError("cannot read \(file): \(error); give the file wallet serve --results wrote")
        }
        let summary = ResultsSummary(lines: data.split(separator: UInt8(ascii: "\n")))
        if summary.questions.isEmpty, summary.exercises.isEmpty, summary.unread > 0 {
            throw ValidationError("\(file) has no line of wallet serve's results (\(summary.unread) lines that are not); give the file --results wrote")
        }
        switch csv {
        case .questions?: print(summary.questionsCSV, terminator: "")
        case .exercises?: print(summary.exercisesCSV, terminator: "")
        case nil: print(summary.text(width: 80), terminator: "")
        }
    }
}

/// The results file read and summed up (`wallet results`).
struct ResultsSummary {
    enum Table: String, ExpressibleByArgument, CaseIterable { case questions, exercises }

    struct Question: Equatable {
        var run: String
        var poll: Int
        var text: String
        /// The right answer's letter and choice; nil when taken back.
        var answer: String?
        var answered: Int
        var right: Int
        /// Who took it back, when it was.
        var takenBackBy: String?
        var shareRight: Double? { answer == nil || answered == 0 ? nil : Double(right) / Double(answered) }
    }

    struct ExerciseLine: Equatable {
        var exercise: Int
        var tried: Int
        var finished: Int
        /// The median number of tries of those who finished, the try that finished included.
        var medianTries: Double?
        /// Who tried and did not finish: "run/person".
        var stuck: [String]
    }

    /// A line of the file: the fields `wallet serve` writes, each when its event has it.
    private struct Line: Decodable {
        var event: String
        var run: String?
        var poll: Int?
        var question: String?
        var choices: [String]?
        var answer: String?
        var tally: [String: Int]?
        var answered: Int?
        var by: String?
        var exercise: Int?
        var person: Int?
    }

    private(set) var questions: [Question] = []
    private(set) var exercises: [ExerciseLine] = []
    /// Lines that were not results (blank lines aside): counted, never a failure.
    private(set) var unread = 0

    init(lines: [Data.SubSequence]) {
        var asked: [String: (text: String, choices: [String])] = [:]
        // Per exercise, per "run/person": tries so far, and whether finished.
        var tries: [Int: [String: (count: Int, finished: Bool)]] = [:]
        let decoder = JSONDecoder()
        for line in lines where !line.allSatisfy({ $0 == 32 || $0 == 13 }) {
            guard let object = try? decoder.decode(Line.self, from: Data(line)) else {
                unread += 1
                continue
            }
            let run = object.run ?? "-"
            let poll = object.poll ?? 0
            switch object.event {
            case "ask":
                asked["\(run)/\(poll)"] = (object.question ?? "", object.choices ?? [])
            case "reveal", "taken back":
                let question = asked["\(run)/\(poll)"]
                let letter = object.answer
                let tally = object.tally ?? [:]
                let index = letter.flatMap { $0.unicodeScalars.first.map { Int($0.value) - 97 } }
                let choice = index.flatMap { question?.choices.indices.contains($0) == true ? question?.choices[$0] : nil }
                questions.append(Question(run: run, poll: poll, text: question?.text ?? "", answer: letter.map { "\($0)) " + (choice ?? "") },
                                          answered: object.answered ?? 0, right: letter.flatMap { tally[$0] } ?? 0,
                                          takenBackBy: object.event == "taken back" ? object.by ?? "the presenter" : nil))
            case "attempt", "exercise":
                guard let exercise = object.exercise, let person = object.person else { continue }
                let who = "\(run)/\(person)"
                var record = tries[exercise, default: [:]][who, default: (0, false)]
                guard !record.finished else { continue }
                record.count += 1
                record.finished = object.event == "exercise"
                tries[exercise, default: [:]][who] = record
            default:
                continue
            }
        }
        exercises = tries.keys.sorted().map { exercise in
            let people = tries[exercise] ?? [:]
            let finished = people.values.filter(\.finished).map(\.count).sorted()
            let median: Double? = finished.isEmpty ? nil
                : finished.count % 2 == 1 ? Double(finished[finished.count / 2])
                : Double(finished[finished.count / 2 - 1] + finished[finished.count / 2]) / 2
            return ExerciseLine(exercise: exercise, tried: people.count, finished: finished.count, medianTries: median,
                                stuck: people.filter { !$0.value.finished }.keys.sorted())
        }
    }

    private static func percent(_ share: Double?) -> String { share.map { "\(Int(($0 * 100).rounded()))%" } ?? "-" }
    private static func median(_ value: Double?) -> String {
        guard let value else { return "-" }
        return value == value.rounded() ? "\(Int(value))" : "\(value)"
    }

    /// Both tables, each line at most `width` columns (a question's text is cut to fit).
    func text(width: Int) -> String {
        var out = ""
        let runs = Set(questions.map(\.run)).count
        out += "Questions: \(questions.count)" + (runs > 1 ? " in \(runs) runs" : "") + "\n"
        if !questions.isEmpty {
            // A line of figures, then the question and its answer below it, wrapped.
            out += "run       poll  answered  right  share\n"
            for question in questions {
                out += question.run.rightPadded(8) + "  "
                    + String(question.poll).leftPadded(4) + "  " + String(question.answered).leftPadded(8) + "  "
                    + (question.answer == nil ? "-" : String(question.right)).leftPadded(5) + "  " + Self.percent(question.shareRight).leftPadded(5) + "\n"
                for line in KeyBindings.wrap(question.text, width: width - 4) + KeyBindings.wrap("answer: " + (question.answer ?? "none, taken back by \(question.takenBackBy ?? "the presenter")"), width: width - 4) {
                    out += "    " + line + "\n"
                }
            }
        }
        out += "\nExercises: \(exercises.count)\n"
        if !exercises.isEmpty {
            out += "exercise  tried  finished  median tries  stuck\n"
            for line in exercises {
                let stuck = line.stuck.isEmpty ? "0" : "\(line.stuck.count) (" + line.stuck.map { "person " + $0 }.joined(separator: ", ") + ")"
                let start = String(line.exercise).leftPadded(8) + "  " + String(line.tried).leftPadded(5) + "  " + String(line.finished).leftPadded(8) + "  "
                    + Self.median(line.medianTries).leftPadded(12) + "  "
                out += start + Self.cut(stuck, to: max(10, width - start.count)) + "\n"
            }
        }
        return out
    }

    var questionsCSV: String {
        var out = "run,poll,question,answer,answered,right,share_right,taken_back_by\n"
        for question in questions {
            out += [question.run, String(question.poll), question.text, question.answer ?? "", String(question.answered),
                    question.answer == nil ? "" : String(question.right), question.shareRight.map(Self.threeDecimals) ?? "",
                    question.takenBackBy ?? ""].map(Self.csvField).joined(separator: ",") + "\n"
        }
        return out
    }

    var exercisesCSV: String {
        var out = "exercise,tried,finished,median_tries,stuck,stuck_people\n"
        for line in exercises {
            out += [String(line.exercise), String(line.tried), String(line.finished), line.medianTries.map { Self.median($0) } ?? "",
                    String(line.stuck.count), line.stuck.joined(separator: " ")].map(Self.csvField).joined(separator: ",") + "\n"
        }
        return out
    }

    /// RFC 4180: a field with a comma, a quote or a line end is quoted, its quotes doubled.
    private static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }

    /// `0.667` for two thirds.
    private static func threeDecimals(_ share: Double) -> String {
        let thousandths = Int((share * 1000).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    private static func cut(_ text: String, to width: Int) -> String {
        text.count <= width ? text : String(text.prefix(width - 1)) + "…"
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
    func rightPadded(_ width: Int) -> String { count >= width ? String(prefix(width)) : self + String(repeating: " ", count: width - count) }
}
