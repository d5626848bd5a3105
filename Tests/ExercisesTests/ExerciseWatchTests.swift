import Exercises
import Foundation
import PropertyBased
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The watcher as editors save: each save checked once, whatever steps the editor writes in;
/// partial and broken files are messages; the verdict at the end is the last file's. Every test
/// runs twice: with the system's watching (inotify here), and with the comparison of the files'
/// states that macOS's kqueue relies on and any system can do (issue 47: forced on here, as no
/// macOS runs these tests).
@MainActor
@Suite(.serialized) struct ExerciseWatchTests {
    /// A working folder watched, what it says collected, and a pipe for its commands.
    @MainActor final class Watched {
        let scratch: TemporaryFolder
        var said: [String] = []
        var watch: ExerciseWatch!
        let workbook: Workbook
        var commands: [Int32] = [0, 0]

        init(_ method: FolderWatcher.Method) throws {
            scratch = try TemporaryFolder("watched")
            workbook = try Workbook.shipped()
            let folder = try WorkingFolder.open(scratch.path("w"), workbook: workbook, creating: true).folder
            watch = try ExerciseWatch(folder: folder, method: method) { [unowned self] in self.said.append($0) }
            // A line each thing said, whatever its length: `wrapsAtTheTerminalsWidth` checks the wrapping.
            watch.width = { 10_000 }
            pipe(&commands)
        }

        deinit {
            close(commands[0])
            close(commands[1])
        }

        func path(_ exercise: Int, _ file: String) -> String { scratch.path("w/\(workbook.exercises[exercise - 1].name)/\(file)") }

        func bytes(_ exercise: Int, _ file: String, _ part: Workbook.Part) -> [UInt8] {
            workbook.bytes(of: file, in: workbook.exercises[exercise - 1], part)
        }

        /// Handles what the saves so far have queued, until every save is checked: the queue of
        /// kernel events is read (or the files looked at until their changes have settled), then
        /// the quiet wait ends with the check. Waits on nothing else: the events of a write that
        /// returned are already queued, and its state already on disk.
        func settle() {
            watch.pump(input: commands[0], timeout: 0)
            while !watch.isSettled { watch.pump(input: commands[0], timeout: 0) }
        }

        /// The verdicts said (✓, ✗, !), in order.
        var verdicts: [String] { said.filter { $0.hasPrefix("✓") || $0.hasPrefix("✗") || $0.hasPrefix("!") } }
    }

    nonisolated static let methods: [FolderWatcher.Method] = [.system, .polling]

    /// Xcode saves a document by writing it elsewhere and renaming it over the old one.
    static func saveAsXcode(_ bytes: [UInt8], to path: String) throws {
        let temporary = (path as NSString).deletingLastPathComponent + "/.dat.nosync\(getpid()).tmp"
        try Data(bytes).write(to: URL(fileURLWithPath: temporary))
        #expect(rename(temporary, path) == 0)
    }

    /// vim with backupcopy=yes (and `cat > file`): truncate, then write in pieces, then close.
    static func saveAsVim(_ bytes: [UInt8], to path: String, pieces: Int = 3) {
        let descriptor = open(path, O_WRONLY | O_TRUNC)
        #expect(descriptor >= 0)
        let size = max(1, bytes.count / pieces)
        var offset = 0
        while offset < bytes.count {
            let count = min(size, bytes.count - offset)
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, count) }
            offset += count
        }
        close(descriptor)
    }

    /// vim's default on Linux (backupcopy=auto): the old file renamed to a backup, a new one written.
    static func saveAsVimWithBackup(_ bytes: [UInt8], to path: String) throws {
        #expect(rename(path, path + "~") == 0)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        unlink(path + "~")
    }

    @Test(arguments: Self.methods) func anXcodeSaveIsReportedOnce(method: FolderWatcher.Method) throws {
        let watched = try Watched(method)
        try Self.saveAsXcode(watched.bytes(1, "Main.storyboard", .solution), to: watched.path(1, "Main.storyboard"))
        watched.settle()
        #expect(watched.verdicts == ["✓ 1. Cancel goes back to the wallet: done"])
        // The next exercise is introduced.
        #expect(watched.said.contains("2. Send carries the transaction back"))
        watched.settle()
        #expect(watched.verdicts.count == 1)
    }

    @Test(arguments: Self.methods) func aVimSaveIsReportedOnce(method: FolderWatcher.Method) throws {
        let watched = try Watched(method)
        Self.saveAsVim(watched.bytes(1, "Main.storyboard", .start), to: watched.path(1, "Main.storyboard"))
        watched.settle()
        #expect(watched.verdicts == ["✗ 1. Cancel goes back to the wallet: not yet; what happened against what was asked:"])
        try Self.saveAsVimWithBackup(watched.bytes(1, "Main.storyboard", .solution), to: watched.path(1, "Main.storyboard"))
        watched.settle()
        #expect(watched.verdicts.count == 2)
        #expect(watched.verdicts.last == "✓ 1. Cancel goes back to the wallet: done")
    }

    /// A save of another exercise's file checks that exercise; a file beside them checks none.
    @Test(arguments: Self.methods) func eachSaveChecksItsOwnExercise(method: FolderWatcher.Method) throws {
        let watched = try Watched(method)
        try Self.saveAsXcode(watched.bytes(4, "Mail.behaviours.yaml", .solution), to: watched.path(4, "Mail.behaviours.yaml"))
        try Data("notes".utf8).write(to: URL(fileURLWithPath: watched.path(4, "notes.txt")))
        watched.settle()
        #expect(watched.verdicts == ["✓ 4. Back to the Inbox, across a tab bar: done"])
        #expect(watched.watch.folder.current?.name == "01-cancel")
    }

    @Test(arguments: Self.methods) func commandsGiveHintsAndTheList(method: FolderWatcher.Method) throws {
        let watched = try Watched(method)
        #expect(watched.watch.command("h"))
        #expect(watched.said.contains("Hint 1 of 3 for 1. Cancel goes back to the wallet:"))
        #expect(watched.said.contains { $0.hasPrefix("   In Xcode: control-drag from the Cancel bar button") })
        #expect(watched.watch.command("l"))
        #expect(watched.said.last == "0 of \(watched.workbook.exercises.count) done")
        #expect(watched.watch.command("what"))
        #expect(watched.said.last?.hasPrefix("\"what\" is no command.") == true)
        #expect(!watched.watch.command("q"))
    }

    /// Editors, and people, write broken and partial files: each is a message, the watcher goes
    /// on, and the verdict at the end is the last complete file's.
    @Test(arguments: Self.methods) func partialAndBrokenWritesEndOnTheRightVerdict(method: FolderWatcher.Method) async throws {
        let watched = try Watched(method)
        let start = watched.bytes(3, "Quiz.behaviours.yaml", .start)
        let solution = watched.bytes(3, "Quiz.behaviours.yaml", .solution)
        let storyboard = watched.bytes(3, "Quiz.storyboard", .solution)
        await propertyCheck(count: 25, input: Gen.int(in: 0...5).array(of: 1...6), Gen.uint64()) { kinds, seed in
            var random = SplitMix(seed: seed)
            for kind in kinds {
                let (file, whole) = Bool.random(using: &random) ? ("Quiz.behaviours.yaml", solution) : ("Quiz.storyboard", storyboard)
                let cut = Int.random(in: 0...whole.count, using: &random)
                let path = watched.path(3, file)
                switch kind {
                case 0: Self.saveAsVim(Array(whole[..<cut]), to: path)
                case 1: try? Self.saveAsXcode(Array(whole[..<cut]) + [0x3C, 0xFF, 0x00], to: path)
                case 2: Self.saveAsVim([], to: path)
                case 3: try? Self.saveAsVimWithBackup(Array(whole[cut...]), to: path)
                default: Self.saveAsVim(whole.shuffled(using: &random), to: path, pieces: 7)
                }
                if Bool.random(using: &random) { watched.settle() }
            }
            // The last save puts complete files back: the solution's, or the starting point's.
            let solved = Bool.random(using: &random)
            Self.saveAsVim(storyboard, to: watched.path(3, "Quiz.storyboard"))
            Self.saveAsVim(solved ? solution : start, to: watched.path(3, "Quiz.behaviours.yaml"))
            watched.settle()
            let last = watched.verdicts.last ?? ""
            #expect(last.hasPrefix(solved ? "✓ 3." : "✗ 3."), "\(watched.said.suffix(8).joined(separator: "\n"))")
        }
    }
    /// Issue 47: the watcher's lines broke mid-word at 80 and 100 columns, named whole paths, kept
    /// showing progress another terminal had reset, and said nothing when a storyboard was
    /// deleted or `c` found everything done.
    @Test func wrapsAtTheTerminalsWidthAndSaysWhatChangedElsewhere() throws {
        let watched = try Watched(.system)
        for width in [80, 100] {
            watched.said = []
            watched.watch.width = { width }
            watched.watch.start()
            Self.saveAsVim(watched.bytes(1, "Main.storyboard", .start), to: watched.path(1, "Main.storyboard"))
            watched.settle()
            #expect(watched.said.allSatisfy { $0.count <= width }, "\(watched.said.filter { $0.count > width })")
            // Broken between words: no line ends inside a word that the next line finishes.
            for (line, next) in zip(watched.said, watched.said.dropFirst()) where line.count == width {
                #expect(line.last == " " || next.first == " ", "\(line)|\(next)")
            }
            #expect(watched.said.contains { $0.hasPrefix("✗ 1. Cancel goes back to the wallet: not yet;") })
        }
        // A line's next lines start two further in than it does.
        #expect(ExerciseWatch.wrap("   a b c d e f g h i j k l m n o p q r s t u v w x y z a b c d e f g h i j", width: 20)
            == ["   a b c d e f g h i", "     j k l m n o p q", "     r s t u v w x y", "     z a b c d e f g", "     h i j"])
        // Another terminal resets exercise 1 after it was done: `l` says so.
        try Self.saveAsXcode(watched.bytes(1, "Main.storyboard", .solution), to: watched.path(1, "Main.storyboard"))
        watched.settle()
        #expect(watched.watch.command("l"))
        #expect(watched.said.last == "1 of \(watched.workbook.exercises.count) done", "\(watched.said.suffix(3))")
        var other = try WorkingFolder.open(watched.scratch.path("w"), workbook: watched.workbook, creating: false).folder
        _ = try other.reset(watched.workbook.exercises[0])
        #expect(watched.watch.command("l"))
        #expect(watched.said.last == "0 of \(watched.workbook.exercises.count) done", "\(watched.said.suffix(3))")
        // A storyboard deleted is checked, and said missing.
        watched.said = []
        unlink(watched.path(1, "Main.storyboard"))
        watched.settle()
        #expect(watched.verdicts.first?.hasPrefix("! 1.") == true, "\(watched.said)")
    }

    @Test func checkWithEverythingDoneSaysSo() throws {
        let watched = try Watched(.system)
        var folder = watched.watch.folder
        for exercise in watched.workbook.exercises {
            try watched.workbook.write(exercise, .solution, to: folder.folder(of: exercise))
            try folder.record(folder.check(exercise), of: exercise)
        }
        #expect(watched.watch.command("c"))
        #expect(watched.said.last?.hasPrefix("✓ All \(watched.workbook.exercises.count) exercises are done: nothing to check.") == true, "\(watched.said.suffix(2))")
    }
}
