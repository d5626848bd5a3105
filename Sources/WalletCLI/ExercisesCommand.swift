import App
import ArgumentParser
import CursesTerminal
import Exercises
import SessionProtocol
import Storyboards
import Terminal
import Views

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `wallet exercises`: unwind segues practised, rustlings' way: a working folder of storyboards
/// with something missing or wrong, each checked headlessly on every save.
struct ExercisesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exercises",
        abstract: "Practise unwind segues: fix a storyboard in Xcode or any editor, and see it checked on every save.",
        discussion: """
            Ten exercises, from connecting Cancel to its unwind action to the balance that a \
            sheet's dismissal leaves stale, each a storyboard (or the sample's Swift code) with \
            something missing or wrong, a goal, hints in order, and a check: keys pressed on it \
            run headlessly, and where the unwind must land, the balance, the trace, and what must \
            never happen. `wallet exercises` alone copies them to ./wallet-exercises (once) and \
            watches it: each save is checked, and says ✓ and the next exercise, or what happened \
            against what was asked, with the line to look at.
              wallet exercises                   # make ./wallet-exercises, then watch it
              wallet exercises list              # where you are
              wallet exercises hint              # the next hint of the current exercise
              wallet exercises reset 2           # exercise 2 anew (your files kept aside)
              wallet exercises verify            # check every exercise of the folder once
              wallet exercises verify --solutions  # authors: starts fail, solutions pass
              wallet exercises quiz              # each exercise's question, by letter
            """,
        subcommands: [ExercisesWatchCommand.self, ExercisesInitCommand.self, ExercisesListCommand.self, ExercisesHintCommand.self,
                      ExercisesResetCommand.self, ExercisesVerifyCommand.self, ExercisesQuizCommand.self],
        defaultSubcommand: ExercisesWatchCommand.self
    )

    /// The shipped exercises; a problem with them is the build's, said plainly.
    static func workbook(from folder: String? = nil) throws -> Workbook {
        do {
            return try folder.map { path throws(StoryboardErrors) in try Workbook(folder: path) } ?? Workbook.shipped()
        } catch {
            OutputFile.standardError.writeIfPossible("\(error)\n")
            throw ExitCode.failure
        }
    }

    /// The working folder at `path`; made from the shipped exercises when `creating` and missing.
    static func open(_ path: String, creating: Bool) throws -> WorkingFolder {
        do {
            let (folder, created) = try WorkingFolder.open(path, workbook: try workbook(), creating: creating)
            if created { OutputFile.standardOutput.writeIfPossible("Copied \(folder.workbook.exercises.count) exercises to \(path)/: edit them there.\n") }
            return folder
        } catch let error as DiskError {
            if error.code == ENOENT, !creating {
                throw ValidationError("\(path) is not a working folder of exercises yet; `wallet exercises init \(path)` makes one")
            }
            if error.code == EEXIST {
                throw ValidationError("\(path) has files and is not a working folder of exercises; give another folder with --folder")
            }
            throw ValidationError("cannot use \(error)")
        }
    }
}

/// The option every verb that works in a working folder takes.
struct ExercisesFolderOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The working folder of exercises.", valueName: "folder"))
    var folder = "wallet-exercises"
}

struct ExercisesWatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Check each exercise when one of its files is saved (the default; makes the working folder first if need be).")

    @OptionGroup var options: ExercisesFolderOption

    func run() throws {
        let folder = try ExercisesCommand.open(options.folder, creating: true)
        try MainActor.assumeIsolated {
            let watch: ExerciseWatch
            // Each line written as it is said, even through a pipe (a tmux pane, a test).
            let say: (String) -> Void = { OutputFile.standardOutput.writeIfPossible($0 + "\n") }
            do {
                watch = try ExerciseWatch(folder: folder, say: say)
            } catch {
                // The system's watching refused (inotify's watches used up): the files are
                // compared a few times a second instead, which any system can do.
                say("(watching \(options.folder) by looking at its files a few times a second: \(error))")
                do {
                    watch = try ExerciseWatch(folder: folder, method: .polling, say: say)
                } catch {
                    throw ValidationError("cannot watch \(options.folder): \(error); `wallet exercises verify` checks the folder once")
                }
            }
            // Lines wrap at the terminal's width, read at each line (a window resized), or 80.
            watch.width = {
                var size = winsize()
                return ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
            }
            watch.start()
            watch.run(input: STDIN_FILENO)
        }
    }
}

struct ExercisesInitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init", abstract: "Copy the exercises to a working folder of your own (./wallet-exercises by default).")

    @Argument(help: ArgumentHelp("The folder to make.", valueName: "folder"))
    var folder = "wallet-exercises"

    func run() throws {
        let working = try ExercisesCommand.open(folder, creating: true)
        for line in working.listing { print(line) }
        print("Next: `wallet exercises --folder \(folder)` watches it\(folder == "wallet-exercises" ? " (or `wallet exercises` alone)" : "").")
    }
}

struct ExercisesListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the exercises, the ones done and the one you are on.")

    @OptionGroup var options: ExercisesFolderOption

    func run() throws {
        for line in try ExercisesCommand.open(options.folder, creating: false).listing { print(line) }
    }
}

struct ExercisesHintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hint", abstract: "The next hint of an exercise (the one you are on by default), the gentlest first.")

    @Argument(help: ArgumentHelp("The exercise: its number or name.", valueName: "exercise"))
    var exercise: String?

    @OptionGroup var options: ExercisesFolderOption

    func run() throws {
        var folder = try ExercisesCommand.open(options.folder, creating: false)
        guard let chosen = try ExercisesCommand.exercise(exercise, in: folder) else {
            print("All exercises are done: no hint needed.")
            return
        }
        let hint = folder.nextHint(of: chosen)
        print("Hint \(hint.number) of \(chosen.hints.count) for \(folder.workbook.number(of: chosen)). \(chosen.title): \(hint.text)")
        if let error = hint.notKept {
            OutputFile.standardError.writeIfPossible("warning: the hint could not be kept in \(options.folder) (\(error)): the next `hint` shows this one again\n")
        }
    }
}

struct ExercisesResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset", abstract: "Put an exercise back as it started; your files are moved aside, never deleted.")

    @Argument(help: ArgumentHelp("The exercise: its number or name.", valueName: "exercise"))
    var exercise: String

    @OptionGroup var options: ExercisesFolderOption

    func run() throws {
        var folder = try ExercisesCommand.open(options.folder, creating: false)
        guard let chosen = try ExercisesCommand.exercise(exercise, in: folder) else { return }
        do {
            let aside = try folder.reset(chosen)
            print("\(folder.workbook.number(of: chosen)). \(chosen.title) starts again in \(folder.folder(of: chosen))/; your files are in \(aside)/.")
        } catch {
            throw ValidationError("cannot reset: \(error)")
        }
    }
}

struct ExercisesVerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check every exercise once, and exit 1 when one fails.",
        discussion: """
            In a working folder: each exercise as you left it. With --solutions, for an exercise's \
            author and CI: every starting point must fail its check and every solution pass, the \
            shipped exercises or those of --from (laid out as Assets/Exercises).
            """)

    @Flag(help: "Check the exercises themselves: starting points fail, solutions pass.")
    var solutions = false

    @Option(help: ArgumentHelp("With --solutions: the exercises of this folder rather than the shipped ones.", valueName: "folder"))
    var from: String?

    @OptionGroup var options: ExercisesFolderOption

    func validate() throws {
        if from != nil, !solutions { throw ValidationError("--from is for --solutions: a working folder is given with --folder") }
    }

    func run() throws {
        if solutions {
            let workbook = try ExercisesCommand.workbook(from: from)
            var scratch = Array("/tmp/wallet-exercises-XXXXXX".utf8CString)
            guard mkdtemp(&scratch) != nil else { throw ValidationError("cannot make a folder in /tmp to check the exercises in") }
            let path = String(decoding: scratch.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            defer { _ = removeTree(path) }
            let result = try MainActor.assumeIsolated { try workbook.verifyShipped(scratch: path) }
            for line in result.lines { print(line) }
            print(result.passed ? "All \(workbook.exercises.count) exercises: every starting point fails, every solution passes."
                : "Some exercises are wrong (FAIL above).")
            if !result.passed { throw ExitCode.failure }
            return
        }
        var folder = try ExercisesCommand.open(options.folder, creating: false)
        var failed = 0
        for exercise in folder.workbook.exercises {
            let verdict = MainActor.assumeIsolated { folder.check(exercise) }
            try? folder.record(verdict, of: exercise)
            if !verdict.passed { failed += 1 }
            for line in ExerciseWatch.lines(of: verdict, number: folder.workbook.number(of: exercise), exercise: exercise) { print(line) }
        }
        print("\(folder.workbook.exercises.count - failed) of \(folder.workbook.exercises.count) pass.")
        if failed > 0 { throw ExitCode.failure }
    }
}

extension ExercisesCommand {
    /// The exercise `text` names (a number or a name), or the one the attendee is on when nil.
    static func exercise(_ text: String?, in folder: WorkingFolder) throws -> Exercise? {
        guard let text else { return folder.current }
        guard let found = folder.workbook.exercise(text) else {
            throw ValidationError("no exercise \"\(text)\": give its number, 1 to \(folder.workbook.exercises.count), or its name, as in 01-cancel")
        }
        return found
    }
}

/// Removes a folder of files and folders made by this process (`verify --solutions`' scratch).
private func removeTree(_ path: String) -> Bool {
    guard let directory = opendir(path) else { return unlink(path) == 0 }
    var names: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafePointer(to: entry.pointee.d_name) { $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) } }
        if name != ".", name != ".." { names.append(name) }
    }
    closedir(directory)
    for name in names { _ = removeTree(path + "/" + name) }
    return rmdir(path) == 0
}

/// `wallet exercises quiz`: each exercise's prediction question, in the terminal: what a
/// `wallet serve` session offers as "Exercises", where nobody edits a file. In a served session
/// each exercise predicted right is told to the presenter, whose screen counts them.
struct ExercisesQuizCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quiz",
        abstract: "Each exercise's question: predict where the unwind lands, with a letter (what a wallet serve session offers).")

    @OptionGroup var looks: LooksOptions
    @OptionGroup var served: ServedOptions

    func run() throws {
        let workbook = try ExercisesCommand.workbook()
        try MainActor.assumeIsolated { try quiz(workbook) }
    }

    @MainActor
    private func quiz(_ workbook: Workbook) throws {
        served.limits.apply()
        signal(SIGPIPE, SIG_IGN)
        do {
            try CursesTerminal.checkAvailable()
        } catch {
            OutputFile.standardError.writeIfPossible("wallet: \(error)\n")
            throw ExitCode.failure
        }
        let terminal = try CursesTerminal.opened(mouse: looks.mouse)
        defer { terminal.end() }
        let quiz = ExerciseQuiz(workbook: workbook)
        // The presenter's frames go to followers, when the presenter runs it.
        let program = ServedProgram(screen: quiz, renderer: served.renderer(on: terminal),
                                    theme: Theme(capabilities: terminal.capabilities, appearance: looks.appearance()))
        if let link = served.roomLink(on: terminal) {
            program.answers(link)
            quiz.onDone = { link.send(.exerciseDone(exercise: $0)) }
            quiz.onTried = { link.send(.exerciseTried(exercise: $0)) }
        }
        program.finishTurn()
        EventLoop(backend: terminal).run(program)
        if let signal = terminal.terminationSignal {
            terminal.end()
            throw ExitCode(128 + signal)
        }
    }
}

