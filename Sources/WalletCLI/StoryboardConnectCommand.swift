import ArgumentParser
import Exercises
import Navigation
import Storyboards

/// `wallet storyboard connect FILE …`: the connections Interface Builder makes by dragging,
/// made from a terminal (issue 44): a control or a scene to an unwind action, a segue between
/// scenes, an identifier for a segue. The file is written back as Xcode writes it, only the
/// lines the edit touches changed (`StoryboardEdits`).
struct StoryboardConnectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "connect",
        abstract: "Connect a control or a scene to an unwind action or to another scene, or name a segue, in the storyboard file.",
        discussion: """
            What Interface Builder does by dragging, from a terminal. A scene is named as lint names \
            it: by its Storyboard ID, its title or its Interface Builder id; a control (a button, a \
            bar button item, a cell, a gesture recognizer) by its title or id, after the scene and a \
            "/". Each edit is checked first: an unwind action must be implemented by a scene that \
            leads to the source (so the unwind can reach it), a segue's identifier must be unique in \
            its scene, and the storyboard must load after the edit. On any doubt nothing is written. \
            The lines changed are printed as a diff; the file is replaced whole, never half-written.

            In an exercise's folder (wallet exercises init makes them):
              cd wallet-exercises/01-cancel
              wallet storyboard connect Main.storyboard --from Contacts/Cancel \\
                --unwind cancel:
              wallet storyboard connect Main.storyboard --from Wallet --to Amount \\
                --kind present --identifier ShowAmount --dry-run
            """
    )

    @Argument(help: ArgumentHelp("The storyboard file, as in Assets/Main.storyboard.", valueName: "file"))
    var file: String

    @OptionGroup var request: ConnectOptions

    @OptionGroup var writing: StoryboardWriteOptions

    @OptionGroup var standIns: StandInCheckOptions

    @OptionGroup var behaviours: BehaviourOptions

    func run() throws {
        try StoryboardEditing.refusing {
            let editing = try StoryboardEditing(file: file, standIns: standIns, behaviours: behaviours)
            let what = try request.apply(to: editing.connector)
            try editing.finish(writing, saying: what)
        }
    }
}

/// `wallet storyboard disconnect FILE …`: a segue removed, as deleting its connection in
/// Interface Builder does.
struct StoryboardDisconnectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "disconnect",
        abstract: "Remove a segue from the storyboard file.",
        discussion: """
            The segue is named by --segue (its Interface Builder id or identifier), or by what it \
            starts from (--from SCENE[/CONTROL]) with --unwind, --to or --identifier when it has more \
            than one. Exactly one segue must match; the storyboard must load after the edit.
              wallet storyboard disconnect Main.storyboard --from Contacts/Cancel
              wallet storyboard disconnect Main.storyboard --segue ShowAmount
            """
    )

    @Argument(help: ArgumentHelp("The storyboard file, as in Assets/Main.storyboard.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("The segue: its Interface Builder id, or its identifier.", valueName: "segue"))
    var segue: String?

    @Option(help: ArgumentHelp("What the segue starts from: a scene, or a control of it, as in Contacts/Cancel.", valueName: "scene[/control]"))
    var from: String?

    @Option(help: ArgumentHelp("Only the unwind segue with this action.", valueName: "action"))
    var unwind: String?

    @Option(help: ArgumentHelp("Only the segue to this scene.", valueName: "scene"))
    var to: String?

    @Option(help: ArgumentHelp("Only the segue with this identifier.", valueName: "identifier"))
    var identifier: String?

    @OptionGroup var writing: StoryboardWriteOptions

    @OptionGroup var standIns: StandInCheckOptions

    func validate() throws {
        guard (segue == nil) != (from == nil) else { throw ValidationError("name the segue: --segue ID, or --from SCENE[/CONTROL]") }
    }

    func run() throws {
        try StoryboardEditing.refusing {
            let editing = try StoryboardEditing(file: file, standIns: standIns, behaviours: nil)
            let found: StoryboardOutline.Segue
            if let segue {
                found = try editing.connector.segue(segue)
            } else {
                let (scene, control) = try editing.connector.source(from ?? "")
                let destination = try to.map { name throws in try editing.connector.scene(name).id }
                let matching = editing.outline.segues.filter { segue in
                    segue.sourceSceneID == scene.id && (control.map { $0.segueIDs.contains(segue.id ?? "") } ?? (segue.trigger == nil))
                        && (unwind == nil || segue.unwindAction == unwind) && (destination == nil || segue.destinationSceneID == destination)
                        && (identifier == nil || segue.identifier == identifier) && !segue.kind.isRelationship
                }
                guard matching.count == 1, let only = matching.first else {
                    throw EditRefusal(matching.isEmpty
                        ? "no segue starts from \(editing.connector.describe(scene, control)) with what you gave; nothing was changed"
                        : "\(matching.count) segues start from \(editing.connector.describe(scene, control)): "
                            + matching.map { "\($0.id ?? "?") (line \($0.line))" }.joined(separator: ", ")
                            + "; name one with --segue ID, --unwind, --to or --identifier")
                }
                found = only
            }
            try editing.connector.edit { edits throws(StoryboardEdits.Refusal) in try edits.removeElement(withID: found.id ?? "") }
            try editing.finish(writing, saying: "removed the segue \(found.id ?? "") (line \(found.line))")
        }
    }
}

/// `--dry-run` and `--backup`: how an edit is written.
struct StoryboardWriteOptions: ParsableArguments {
    @Flag(name: .customLong("dry-run"), help: "Print what would change, and write nothing.")
    var dryRun = false

    @Flag(help: "Keep the file as it was beside it, as FILE.bak (FILE.bak.2 and on when that is taken).")
    var backup = false
}

/// One edit of a storyboard file by `connect` or `disconnect`: the storyboard read with the
/// classes lint reads it with (`StoryboardConnector` checks and edits it), then written whole.
@MainActor
final class StoryboardEditing {
    let file: String
    let connector: StoryboardConnector
    var outline: StoryboardOutline { connector.outline }

    /// Runs `body`; a refusal is said, and the command fails with status 1.
    nonisolated static func refusing(_ body: @MainActor () throws -> Void) throws {
        do {
            try MainActor.assumeIsolated { try body() }
        } catch let refusal as EditRefusal {
            OutputFile.standardError.writeIfPossible("error: \(refusal.message)\n")
            throw ExitCode.failure
        }
    }

    init(file: String, standIns: StandInCheckOptions, behaviours: BehaviourOptions?) throws {
        self.file = file
        let contents = StoryboardFileContents(path: file)
        let classes = try StoryboardCommand.checkingClasses(for: contents, standIns: standIns, behaviours: behaviours)
        // The behaviours file beside the storyboard, when the command was not given it: what an
        // exercise's folder holds.
        var hint = ""
        if !(behaviours?.isGiven ?? false) {
            let beside = (file.hasSuffix(".storyboard") ? String(file.dropLast(".storyboard".count)) : file) + ".behaviours.yaml"
            if FileSystem.exists(atPath: beside) { hint = " (\(beside) is beside the storyboard: add --behaviours \(beside))" }
        }
        guard let bytes = contents.bytes else {
            let check = StoryboardCommand.check(contents, classes: classes)
            let first = check.errors.first.map { "\($0)" } ?? "it cannot be read"
            throw EditRefusal("\(first)\nthe storyboard must load before it is edited: fix it first (wallet storyboard lint \(file) lists what is wrong)")
        }
        connector = try StoryboardConnector(file: file, bytes: bytes, classes: classes, reachabilityHint: hint)
    }

    /// Checks the edited storyboard as lint would, prints the lines changed, and writes it (not
    /// with --dry-run).
    func finish(_ writing: StoryboardWriteOptions, saying what: String) throws {
        let edited = try connector.checked()
        OutputFile.standardOutput.writeIfPossible(connector.changeSummary.map { $0 + "\n" }.joined())
        if writing.dryRun {
            OutputFile.standardError.writeIfPossible("\(file): would have \(what) (--dry-run: nothing was written)\n")
            return
        }
        do {
            if writing.backup {
                var backup = file + ".bak", number = 2
                while FileSystem.exists(atPath: backup) { (backup, number) = (file + ".bak.\(number)", number + 1) }
                try Disk.write(connector.edits.original, to: backup, like: file)
                OutputFile.standardError.writeIfPossible("\(file): kept as it was in \(backup)\n")
            }
            try Disk.write(edited, to: file, like: file)
        } catch {
            throw EditRefusal("cannot write \(error); the file is as it was")
        }
        OutputFile.standardError.writeIfPossible("\(file): \(what)\n")
    }
}
