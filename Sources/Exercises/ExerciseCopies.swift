#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Navigation
import Storyboards

/// A served session's own copy of the exercises' files, which its attendee edits with
/// `connect`'s options typed in the quiz (an attendee over ssh has no editor on the presenter's
/// machine): each exercise's starting files, written the first time they are edited, into a
/// folder of the session's that goes with it.
@MainActor
final class ExerciseCopies {
    let workbook: Workbook
    /// The session's folder, made when first needed; removed with the copies.
    private var folder: String?

    /// Where new ids come from: random, or a seed (tests).
    private let idSeed: UInt64?

    init(workbook: Workbook, idSeed: UInt64? = nil) {
        self.workbook = workbook
        self.idSeed = idSeed
    }

    isolated deinit {
        if let folder { Disk.removeTree(folder) }
    }

    /// Whether an exercise can be solved with `connect`: its solution changes the storyboard
    /// alone, not the behaviours file or the wallet's code (exercises 9 and 10), which `connect`
    /// does not write.
    static func canSolve(_ exercise: Exercise, in workbook: Workbook) -> Bool {
        exercise.files.dropFirst().allSatisfy { workbook.bytes(of: $0, in: exercise, .start) == workbook.bytes(of: $0, in: exercise, .solution) }
    }

    /// The words of a typed line: split at blanks, a quoted part ('…' or "…") one word with its
    /// blanks, as a shell splits it (a title such as "New Transfer").
    static func words(of line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    /// Makes the connection `words` describe (`connect`'s options) in the exercise's copy, then
    /// runs the exercise's check on it: the lines to show, whether the exercise is solved, and whether
    /// the check ran (a connection made; else the options were refused).
    func connect(_ words: [String], in exercise: Exercise) -> (lines: [String], solved: Bool, checked: Bool) {
        let options: ConnectOptions
        do {
            options = try ConnectOptions.parse(words)
        } catch {
            return (ConnectOptions.message(for: error).split(separator: "\n", omittingEmptySubsequences: false).map(String.init), false, false)
        }
        let copy: String
        do {
            copy = try self.copy(of: exercise)
        } catch {
            return (["the session's copy of the exercise cannot be written: \(error)"], false, false)
        }
        let path = copy + "/" + exercise.storyboard
        do {
            let bytes = try StoryboardFile.contents(atPath: path, name: exercise.storyboard)
            let connector = try StoryboardConnector(file: exercise.storyboard, bytes: bytes, classes: try ExerciseCheck.classes(for: exercise, folder: copy), idSeed: idSeed)
            let what = try options.apply(to: connector)
            let edited = try connector.checked()
            do {
                try Disk.write(edited, to: path, like: path)
            } catch {
                return (["the session's copy of the exercise cannot be written: \(error)"], false, false)
            }
            let verdict = ExerciseCheck.run(exercise, folder: copy, displayFolder: exercise.name)
            // The verdict first, as a small screen shows only the first lines; then what changed,
            // each line without the file's indentation.
            let said = verdict.passed ? "Solved: the check passes." : "Not solved yet: the check says"
            let changed = connector.changeSummary.map { line in
                line.hasPrefix("@@") ? line : String(line.prefix(1)) + " " + line.dropFirst().drop { $0 == " " }
            }
            return ([said] + (verdict.passed ? [] : verdict.lines) + ["", what] + changed, verdict.passed, true)
        } catch let refusal as EditRefusal {
            return (["error: \(refusal.message)"], false, false)
        } catch let errors as StoryboardErrors {
            return (errors.errors.map(\.description), false, false)
        } catch {
            return (["error: \(error)"], false, false)
        }
    }

    /// The folder of the exercise's copy, its starting files written the first time.
    private func copy(of exercise: Exercise) throws(DiskError) -> String {
        let folder = try sessionFolder()
        let copy = folder + "/" + exercise.name
        if !Disk.exists(copy) { try workbook.write(exercise, .start, to: copy) }
        return copy
    }

    private func sessionFolder() throws(DiskError) -> String {
        if let folder { return folder }
        var template = Array("/tmp/wallet-exercises-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw DiskError("/tmp") }
        let folder = String(cString: made)
        self.folder = folder
        return folder
    }
}
