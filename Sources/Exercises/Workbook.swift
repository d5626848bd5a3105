#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Storyboards
import WalletAssets

/// The exercises in order, and their files: the starting point the attendee gets, the
/// solution that passes, and for some a wrong answer shipped to show that the check refuses it
/// (`wrong/`: the mistake the room makes most). The shipped ones are embedded in the binary from `Assets/Exercises/`,
/// where an author edits them (`Workbook(folder:)` reads them there, for `verify --from`).
public struct Workbook: Sendable {
    public let exercises: [Exercise]
    /// Every file, by its path under the exercises' folder (`01-cancel/start/Wallet.storyboard`).
    let files: [String: [UInt8]]

    /// The exercises shipped in the binary.
    public static func shipped() throws(StoryboardErrors) -> Workbook {
        try Workbook(files: WalletAssets.exercises.mapValues { Array($0.utf8) }, shownAs: "Assets/Exercises")
    }

    /// The exercises of a folder laid out as `Assets/Exercises/` is.
    public init(folder: String) throws(StoryboardErrors) {
        var files: [String: [UInt8]] = [:]
        for name in Disk.entries(of: folder) where Disk.isDirectory(folder + "/" + name) {
            for file in ["exercise.yaml"] + ["start", "solution", "wrong"].flatMap({ part in
                Disk.entries(of: "\(folder)/\(name)/\(part)").map { "\(part)/\($0)" }
            }) {
                let path = "\(folder)/\(name)/\(file)"
                guard let bytes = try? StoryboardFile.contents(atPath: path) else { continue }
                files["\(name)/\(file)"] = bytes
            }
        }
        try self.init(files: files, shownAs: folder)
    }

    init(files: [String: [UInt8]], shownAs folder: String) throws(StoryboardErrors) {
        self.files = files
        var exercises: [Exercise] = []
        var errors: [StoryboardDiagnostic] = []
        for key in files.keys.sorted() where key.hasSuffix("/exercise.yaml") && key.split(separator: "/").count == 2 {
            let name = String(key.dropLast("/exercise.yaml".count))
            do {
                let exercise = try Exercise.read(files[key]!, name: name, path: "\(folder)/\(key)")
                for part in ["start", "solution"] {
                    for file in exercise.files where files["\(name)/\(part)/\(file)"] == nil {
                        errors.append(StoryboardDiagnostic(file: "\(folder)/\(key)", line: 0, rule: .file,
                                                      message: "files names \(file), which \(name)/\(part)/ does not have"))
                    }
                }
                exercises.append(exercise)
            } catch {
                errors += error.errors
            }
        }
        if exercises.isEmpty, errors.isEmpty {
            errors.append(StoryboardDiagnostic(file: folder, line: 0, rule: .file, message: "has no exercises (NAME/exercise.yaml)"))
        }
        if !errors.isEmpty { throw StoryboardErrors(errors: errors) }
        self.exercises = exercises
    }

    /// The exercise `number` (from 1) names, or whose folder name `text` is or starts.
    public func exercise(_ text: String) -> Exercise? {
        if let number = Int(text), exercises.indices.contains(number - 1) { return exercises[number - 1] }
        return exercises.first { $0.name == text || $0.name.hasPrefix(text + "-") || $0.name.dropFirst(3) == text }
    }

    public func number(of exercise: Exercise) -> Int { (exercises.firstIndex { $0.name == exercise.name } ?? 0) + 1 }

    public enum Part: String, Sendable { case start, solution, wrong }

    /// Whether the exercise ships a wrong answer (every one of its files under `wrong/`).
    public func hasWrongAnswer(_ exercise: Exercise) -> Bool {
        exercise.files.allSatisfy { files["\(exercise.name)/wrong/\($0)"] != nil }
    }

    /// The bytes of one of the exercise's files, as shipped.
    public func bytes(of file: String, in exercise: Exercise, _ part: Part) -> [UInt8] {
        files["\(exercise.name)/\(part.rawValue)/\(file)"] ?? []
    }

    /// Writes the exercise's files of `part` into `folder` (made if need be).
    public func write(_ exercise: Exercise, _ part: Part, to folder: String) throws(DiskError) {
        try Disk.makeDirectories(folder)
        for file in exercise.files { try Disk.write(bytes(of: file, in: exercise, part), to: folder + "/" + file) }
    }

    /// What `verify --solutions` finds: each exercise's starting point and wrong answer must fail
    /// its check and its solution pass. One line each; `passed` false when any did not.
    @MainActor
    public func verifyShipped(scratch: String) throws(DiskError) -> (passed: Bool, lines: [String]) {
        var passed = true
        var lines: [String] = []
        for exercise in exercises {
            let number = number(of: exercise)
            for part in [Part.start, .solution] + (hasWrongAnswer(exercise) ? [.wrong] : []) {
                let folder = "\(scratch)/\(exercise.name)/\(part.rawValue)"
                try write(exercise, part, to: folder)
                let verdict = ExerciseCheck.run(exercise, folder: folder, displayFolder: "\(exercise.name)/\(part.rawValue)")
                let right = (part == .solution) == verdict.passed
                passed = passed && right
                let said = part != .solution ? (verdict.passed ? "passes its check, and should not" : "fails its check, as it should")
                    : (verdict.passed ? "passes its check" : "fails its check, and should pass")
                lines.append("\(right ? "ok  " : "FAIL") \(number) \(exercise.name) \(part.rawValue): \(said)")
                if !right || (part != .solution && verdict.outcome == .unreadable) {
                    lines += verdict.lines.map { "       " + $0 }
                }
            }
        }
        return (passed, lines)
    }
}
