import Storyboards

/// The attendee's copy of the exercises (`wallet exercises init DIR`): a folder per exercise
/// holding the files to edit and a README with the goal, and `.wallet-exercises`, the progress
/// (the exercises done, the hints shown). The shipped exercises are never edited: they are in
/// the binary.
public struct WorkingFolder: Sendable {
    public let path: String
    public let workbook: Workbook
    /// The exercises passed, by name.
    public private(set) var done: Set<String> = []
    /// How many hints of each exercise have been shown, by name.
    public private(set) var hintsShown: [String: Int] = [:]

    /// The progress file's name, in the working folder.
    public static let progressFile = ".wallet-exercises"
    static let header = "# wallet exercises: progress in this folder (done NAME, hints NAME COUNT); kept by `wallet exercises`"

    /// The working folder at `path`, made from the workbook if it is not one yet (`created`).
    public static func open(_ path: String, workbook: Workbook, creating: Bool) throws(DiskError) -> (folder: WorkingFolder, created: Bool) {
        let progress = path + "/" + progressFile
        if Disk.exists(progress) {
            var folder = WorkingFolder(path: path, workbook: workbook)
            // Read within a storyboard's bounds: a regular file, of limited size.
            folder.readProgress((try? StoryboardFile.contents(atPath: progress)) ?? [])
            // Exercises shipped since the folder was made are added; none is overwritten.
            for exercise in workbook.exercises where !Disk.exists(folder.folder(of: exercise)) {
                try folder.copyStart(of: exercise)
            }
            return (folder, false)
        }
        guard creating else { throw DiskError(progress, ENOENT) }
        if Disk.exists(path), !Disk.entries(of: path).isEmpty {
            throw DiskError(path, EEXIST)
        }
        let folder = WorkingFolder(path: path, workbook: workbook)
        try Disk.makeDirectories(path)
        for exercise in workbook.exercises { try folder.copyStart(of: exercise) }
        try folder.saveProgress()
        return (folder, true)
    }

    init(path: String, workbook: Workbook) {
        self.path = path
        self.workbook = workbook
    }

    public func folder(of exercise: Exercise) -> String { path + "/" + exercise.name }

    /// The file to open in an editor: the storyboard.
    public func file(of exercise: Exercise) -> String { folder(of: exercise) + "/" + exercise.storyboard }

    /// The first exercise not done; nil when all are.
    public var current: Exercise? { workbook.exercises.first { !done.contains($0.name) } }

    private func copyStart(of exercise: Exercise) throws(DiskError) {
        try workbook.write(exercise, .start, to: folder(of: exercise))
        let readme = "# \(workbook.number(of: exercise)). \(exercise.title)\n\n\(exercise.goal)\n\n"
            + "Edit \(exercise.edit) here, in Xcode or any editor; `wallet exercises` checks each save.\n"
            + "`wallet exercises hint \(workbook.number(of: exercise))` gives a hint; `wallet exercises reset \(workbook.number(of: exercise))` starts again.\n"
            + "Rules, numbered as in docs/rules.md of the wallet's repository: \(exercise.rules)\n"
        try Disk.write(Array(readme.utf8), to: folder(of: exercise) + "/README.md")
    }

    @MainActor
    public func check(_ exercise: Exercise, displayFolder: String? = nil) -> Verdict {
        ExerciseCheck.run(exercise, folder: folder(of: exercise), displayFolder: displayFolder)
    }

    /// Records what a check found: an exercise passes once and stays done.
    public mutating func record(_ verdict: Verdict, of exercise: Exercise) throws(DiskError) {
        guard verdict.passed, !done.contains(exercise.name) else { return }
        done.insert(exercise.name)
        try saveProgress()
    }

    /// The next hint of the exercise (the last again once all have been shown), its number, and
    /// why it could not be kept when the folder cannot be written (issue 47: a read-only folder
    /// showed no hint at all; the hint is shown, with a warning).
    public mutating func nextHint(of exercise: Exercise) -> (number: Int, text: String, notKept: DiskError?) {
        let shown = hintsShown[exercise.name, default: 0]
        let index = min(shown, exercise.hints.count - 1)
        hintsShown[exercise.name] = index + 1
        do {
            try saveProgress()
            return (index + 1, exercise.hints[index], nil)
        } catch {
            return (index + 1, exercise.hints[index], error)
        }
    }

    /// Reads the progress again: another terminal may have changed it (`wallet exercises reset 2`
    /// while the watcher runs; issue 47: its `l` still showed 2 done).
    public mutating func reloadProgress() {
        let progress = path + "/" + Self.progressFile
        guard let bytes = try? StoryboardFile.contents(atPath: progress) else { return }
        done = []
        hintsShown = [:]
        readProgress(bytes)
    }

    /// Puts the starting point back; the attendee's files go to `.aside/NAME-N/`, never deleted.
    /// Returns where they went.
    public mutating func reset(_ exercise: Exercise) throws(DiskError) -> String {
        var aside = ""
        for index in 1... {
            aside = "\(path)/.aside/\(exercise.name)-\(index)"
            if !Disk.exists(aside) { break }
        }
        try Disk.makeDirectories(aside)
        for file in exercise.files where Disk.exists(folder(of: exercise) + "/" + file) {
            try Disk.move(folder(of: exercise) + "/" + file, to: aside + "/" + file)
        }
        try workbook.write(exercise, .start, to: folder(of: exercise))
        done.remove(exercise.name)
        hintsShown[exercise.name] = nil
        try saveProgress()
        return aside
    }

    private mutating func readProgress(_ bytes: [UInt8]) {
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let words = line.split(separator: " ")
            switch (words.first, words.count) {
            case ("done", 2): done.insert(String(words[1]))
            case ("hints", 3): hintsShown[String(words[1])] = Int(words[2])
            default: break
            }
        }
    }

    private func saveProgress() throws(DiskError) {
        var text = Self.header + "\n"
        for exercise in workbook.exercises {
            if done.contains(exercise.name) { text += "done \(exercise.name)\n" }
            if let hints = hintsShown[exercise.name] { text += "hints \(exercise.name) \(hints)\n" }
        }
        try Disk.write(Array(text.utf8), to: path + "/" + Self.progressFile)
    }

    /// One line per exercise: its number, done or not, its title, and the file to edit.
    public var listing: [String] {
        workbook.exercises.map { exercise in
            let number = workbook.number(of: exercise)
            let mark = done.contains(exercise.name) ? "✓" : (exercise.name == current?.name ? "→" : " ")
            return "\(mark) \(number < 10 ? " " : "")\(number). \(exercise.title)  (\(file(of: exercise)))"
        } + ["\(done.count) of \(workbook.exercises.count) done"]
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
