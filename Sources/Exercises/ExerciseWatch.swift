#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Views

/// `wallet exercises watch`: checks an exercise each time one of its files is saved and says
/// what it found, ✓ and the next exercise or what happened against what was asked; reads one-
/// letter commands from its input (`h` a hint, `l` the list, `c` check again, `q` quit, each
/// followed by Enter). Sleeps in `poll` while nothing happens.
@MainActor
public final class ExerciseWatch {
    public private(set) var folder: WorkingFolder
    private let watcher: FolderWatcher
    private let say: (String) -> Void
    /// The columns a line may take (the terminal's): longer ones are wrapped between words, their
    /// next lines indented under the first's text (issue 47: they broke mid-word at 80 columns).
    public var width: () -> Int = { 80 }
    /// Where the watcher was started: paths are said from there.
    private let workingDirectory: String?
    /// Files saved and not yet checked: checked once the editor has been quiet this long, so that
    /// an editor that writes in steps gets one check.
    public static let quietMilliseconds: Int32 = 60
    private var pending: [String] = []
    private var inputOpen = true
    private var typed: [UInt8] = []

    /// `method`: the system's way of watching (inotify, kqueue), or the comparison of the files'
    /// states a few times a second that any system can do (`FolderWatcher`).
    public init(folder: WorkingFolder, method: FolderWatcher.Method = .system, say: @escaping (String) -> Void) throws(DiskError) {
        self.folder = folder
        self.say = say
        workingDirectory = Self.currentDirectory()
        watcher = try FolderWatcher(folders: folder.workbook.exercises.map(folder.folder(of:)), method: method)
    }

    /// What the attendee sees first: where they are, and the current exercise's state.
    public func start() {
        tell("wallet exercises: \(folder.done.count) of \(folder.workbook.exercises.count) done, in \(display(folder.path))/")
        if let current = folder.current {
            introduce(current)
            report(current, folder.check(current, displayFolder: display(folder.folder(of: current))), first: true)
        } else {
            tell("✓ All done. `wallet exercises reset N` starts one again.")
        }
        tell(Self.commands)
    }

    static let commands = "Save a file to check it. h Enter: a hint · l Enter: the list · c Enter: check again · q Enter: quit"

    /// No save waits to be checked, nor a change to become one.
    public var isSettled: Bool { pending.isEmpty && !watcher.isWaiting }

    /// Runs until `q` is typed, or a signal stops it (Ctrl-C: the terminal was left as it
    /// was, so its default ending is a clean one). With its input at its end, it watches on.
    public func run(input: Int32) {
        while pump(input: input, timeout: -1) {}
    }

    /// Waits for a save or a command (`timeout` in milliseconds, -1 for ever) and handles what
    /// came; false when the attendee quit.
    @discardableResult
    public func pump(input: Int32, timeout: Int32) -> Bool {
        // Polled folders have no descriptor: the watcher wakes to look at them.
        var descriptors = [pollfd(fd: watcher.descriptor ?? -1, events: Int16(POLLIN), revents: 0)]
        if inputOpen { descriptors.append(pollfd(fd: input, events: Int16(POLLIN), revents: 0)) }
        // Saves waiting: the editor is given a moment to finish writing.
        var wait = pending.isEmpty ? timeout : Self.quietMilliseconds
        if watcher.descriptor == nil { wait = wait < 0 ? FolderWatcher.pollInterval : min(wait, FolderWatcher.pollInterval) }
        let ready = poll(&descriptors, nfds_t(descriptors.count), wait)
        if ready < 0, errno != EINTR { return false }
        if descriptors[0].revents != 0 || watcher.descriptor == nil {
            let saved = watcher.saves()
            for path in saved where !pending.contains(path) { pending.append(path) }
            if !saved.isEmpty || watcher.isWaiting { return true }
        }
        if ready == 0 || watcher.descriptor == nil, !pending.isEmpty { checkPending() }
        if inputOpen, descriptors.count > 1, descriptors[1].revents != 0 {
            return readCommands(input)
        }
        return true
    }

    /// Checks the exercises whose files were saved, each once.
    public func checkPending() {
        let saved = pending
        pending = []
        // Another terminal may have reset an exercise since.
        folder.reloadProgress()
        for exercise in folder.workbook.exercises {
            let files = exercise.files.map { folder.folder(of: exercise) + "/" + $0 }
            guard saved.contains(where: files.contains) else { continue }
            let wasCurrent = folder.current?.name == exercise.name
            report(exercise, folder.check(exercise, displayFolder: display(folder.folder(of: exercise))), first: false)
            if wasCurrent, folder.current?.name != exercise.name {
                if let next = folder.current { introduce(next) } else { tell("✓ All \(folder.workbook.exercises.count) exercises done.") }
            }
        }
    }

    private func readCommands(_ input: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
        if count <= 0 {
            if count < 0, errno == EINTR || errno == EAGAIN { return true }
            inputOpen = false
            return true
        }
        typed += buffer[..<count]
        while let end = typed.firstIndex(of: 10) {
            let line = String(decoding: typed[..<end], as: UTF8.self).trimmingCharacters(in: " \r\t")
            typed.removeSubrange(...end)
            guard command(line) else { return false }
        }
        return true
    }

    /// Handles one typed command; false to quit.
    public func command(_ line: String) -> Bool {
        switch line.lowercased() {
        case "q", "quit": return false
        case "h", "hint":
            folder.reloadProgress()
            guard let current = folder.current else { tell("All done: no hint needed."); return true }
            let hint = folder.nextHint(of: current)
            tell("Hint \(hint.number) of \(current.hints.count) for \(folder.workbook.number(of: current)). \(current.title):")
            tell("   " + hint.text, paragraph: true)
            if let error = hint.notKept {
                tell("(The hint could not be kept in \(display(folder.path)): \(error); the next h shows it again.)")
            }
        case "l", "list":
            folder.reloadProgress()
            for line in folder.listing { tell(line) }
        case "c", "check":
            folder.reloadProgress()
            if let current = folder.current {
                report(current, folder.check(current, displayFolder: display(folder.folder(of: current))), first: false)
            } else {
                tell("✓ All \(folder.workbook.exercises.count) exercises are done: nothing to check. `wallet exercises reset N` starts one again.")
            }
        case "": break
        default: tell("\"\(line)\" is no command. " + Self.commands)
        }
        return true
    }

    /// Says `line`, wrapped to `width` between words; its next lines indented two more than its own.
    private func tell(_ line: String, paragraph: Bool = false) {
        for part in Self.wrap(line, width: width(), hanging: paragraph ? line.prefix { $0 == " " }.count : nil) { say(part) }
    }

    /// `line` in lines of at most `width` columns, broken between words (a word wider than a
    /// line, where it must); the lines after the first indented two more than the first, or by
    /// `hanging` (a paragraph's lines all start where its first does).
    public nonisolated static func wrap(_ line: String, width: Int, hanging: Int? = nil) -> [String] {
        let width = max(20, width)
        guard line.count > width else { return [line] }
        let indent = line.prefix { $0 == " " }.count
        let hanging = String(repeating: " ", count: min(hanging ?? (indent + 2), width / 2))
        var lines: [String] = []
        var current = String(repeating: " ", count: indent)
        var blank = true
        for word in line.dropFirst(indent).split(separator: " ") {
            var word = Substring(word)
            if !blank, current.count + 1 + word.count > width {
                lines.append(current)
                current = hanging
                blank = true
            }
            while current.count + word.count > width {
                let room = max(1, width - current.count)
                lines.append(current + word.prefix(room))
                word = word.dropFirst(room)
                current = hanging
            }
            current += (blank ? "" : " ") + word
            blank = false
        }
        if !blank { lines.append(current) }
        return lines
    }

    /// `path` from where the watcher was started, when it is below it (issue 47: whole paths
    /// made every line wrap).
    private func display(_ path: String) -> String {
        guard let workingDirectory, path.hasPrefix(workingDirectory + "/") else { return path }
        return String(path.dropFirst(workingDirectory.count + 1))
    }

    private static func currentDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func introduce(_ exercise: Exercise) {
        let number = folder.workbook.number(of: exercise)
        tell("")
        tell("\(number). \(exercise.title)")
        tell("   " + exercise.goal, paragraph: true)
        tell("   Edit \(display(folder.folder(of: exercise) + "/" + exercise.edit)) (in Xcode or any editor) and save.")
    }

    private func report(_ exercise: Exercise, _ verdict: Verdict, first: Bool) {
        let number = folder.workbook.number(of: exercise)
        do {
            try folder.record(verdict, of: exercise)
        } catch {
            tell("Progress could not be kept in \(display(folder.path)): \(error)")
        }
        for line in Self.lines(of: verdict, number: number, exercise: exercise, first: first) { tell(line) }
    }

    /// How a verdict reads in the terminal.
    public nonisolated static func lines(of verdict: Verdict, number: Int, exercise: Exercise, first: Bool = false) -> [String] {
        let head: String = switch verdict.outcome {
        case .passed: "✓ \(number). \(exercise.title): done"
        case .failed: first ? "✗ \(number). \(exercise.title): not yet" : "✗ \(number). \(exercise.title): not yet; what happened against what was asked:"
        case .unreadable: "! \(number). \(exercise.title): not checked"
        }
        return [head] + verdict.lines.map { "   " + $0 }
    }
}

private extension String {
    func trimmingCharacters(in set: String) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text.removeFirst() }
        while let last = text.last, set.contains(last) { text.removeLast() }
        return String(text)
    }
}
