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

    @Option(help: ArgumentHelp("What the segue starts from: a scene, or a control of it, as in Contacts/Cancel.", valueName: "scene[/control]"))
    var from: String?

    @Option(help: ArgumentHelp("Connect to the scene's Exit with this unwind action, as in cancel:.", valueName: "action"))
    var unwind: String?

    @Option(help: ArgumentHelp("The scene the segue leads to.", valueName: "scene"))
    var to: String?

    @Option(help: ArgumentHelp("The kind of segue to --to: show (the default), showDetail, present, popover or custom.", valueName: "kind"))
    var kind: ConnectKind?

    @Option(name: .customLong("class"), help: ArgumentHelp("A custom segue's class.", valueName: "class"))
    var segueClass: String?

    @Option(help: ArgumentHelp("The segue's identifier, which performSegue(withIdentifier:) names.", valueName: "identifier"))
    var identifier: String?

    @Option(help: ArgumentHelp("An existing segue to give --identifier to: its Interface Builder id, or its identifier.", valueName: "segue"))
    var segue: String?

    @OptionGroup var writing: StoryboardWriteOptions

    @OptionGroup var standIns: StandInCheckOptions

    @OptionGroup var behaviours: BehaviourOptions

    func validate() throws {
        if let segue {
            guard identifier != nil, from == nil, unwind == nil, to == nil, kind == nil else {
                throw ValidationError("--segue \(segue) names a segue to give an identifier: give --identifier alone with it")
            }
            return
        }
        guard let from else { throw ValidationError("say what to connect: --from SCENE[/CONTROL] with --unwind ACTION or --to SCENE, or --segue with --identifier") }
        guard (unwind == nil) != (to == nil) else {
            throw ValidationError("--from \(from) connects to one thing: an unwind action (--unwind) or a scene (--to)")
        }
        if unwind != nil, kind != nil || segueClass != nil {
            throw ValidationError("--kind and --class are for a segue to a scene (--to); an unwind's kind is unwind")
        }
        if let unwind, !unwind.hasSuffix(":") {
            throw ValidationError("--unwind \(unwind): an unwind action is a selector that takes the segue, as in \(unwind):")
        }
        if (kind == .custom) != (segueClass != nil) {
            throw ValidationError(kind == .custom ? "a custom segue needs its class: --class" : "--class is a custom segue's: add --kind custom")
        }
    }

    func run() throws {
        try StoryboardEditing.refusing {
            let editing = try StoryboardEditing(file: file, standIns: standIns, behaviours: behaviours)
            if let segue, let identifier {
                let found = try editing.segue(segue)
                try editing.uniqueIdentifier(identifier, inScene: found.sourceSceneID, except: found.id)
                try editing.edit { edits throws(StoryboardEdits.Refusal) in try edits.setAttribute("identifier", identifier, ofElementWithID: found.id ?? "") }
                return try editing.finish(writing, saying: "gave the segue \(found.id ?? segue) the identifier \"\(identifier)\"")
            }
            let (scene, control) = try editing.source(from ?? "")
            if let identifier { try editing.uniqueIdentifier(identifier, inScene: scene.id) }
            if let unwind {
                if control == nil, identifier == nil {
                    throw EditRefusal("a scene's own unwind segue (a manual one) is performed from code by its identifier: add --identifier")
                }
                try editing.checkReachable(unwind, from: scene)
                try editing.edit { edits throws(StoryboardEdits.Refusal) in
                    let exit = try edits.addExit(inSceneOf: scene.id)
                    var attributes = ["destination": exit, "kind": "unwind", "unwindAction": unwind]
                    attributes["identifier"] = identifier
                    try edits.addSegue(from: control?.id ?? scene.id, attributes)
                }
                return try editing.finish(writing, saying: "connected \(editing.describe(scene, control)) to the unwind action \(unwind)")
            }
            let destination = try editing.scene(to ?? "")
            let kind = kind ?? .show
            try editing.edit { edits throws(StoryboardEdits.Refusal) in
                var attributes = ["destination": destination.id, "kind": kind.storyboardKind]
                attributes["identifier"] = identifier
                attributes["customClass"] = segueClass
                if kind == .popover, let control { attributes[control.kind == "barButtonItem" ? "popoverAnchorBarButtonItem" : "popoverAnchorView"] = control.id }
                try edits.addSegue(from: control?.id ?? scene.id, attributes, popoverArrowDirections: kind == .popover)
            }
            try editing.finish(writing, saying: "connected \(editing.describe(scene, control)) to \(editing.describe(destination, nil)) (\(kind.rawValue))")
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
                found = try editing.segue(segue)
            } else {
                let (scene, control) = try editing.source(from ?? "")
                let destination = try to.map { name throws in try editing.scene(name).id }
                let matching = editing.outline.segues.filter { segue in
                    segue.sourceSceneID == scene.id && (control.map { $0.segueIDs.contains(segue.id ?? "") } ?? (segue.trigger == nil))
                        && (unwind == nil || segue.unwindAction == unwind) && (destination == nil || segue.destinationSceneID == destination)
                        && (identifier == nil || segue.identifier == identifier) && !segue.kind.isRelationship
                }
                guard matching.count == 1, let only = matching.first else {
                    throw EditRefusal(matching.isEmpty
                        ? "no segue starts from \(editing.describe(scene, control)) with what you gave; nothing was changed"
                        : "\(matching.count) segues start from \(editing.describe(scene, control)): "
                            + matching.map { "\($0.id ?? "?") (line \($0.line))" }.joined(separator: ", ")
                            + "; name one with --segue ID, --unwind, --to or --identifier")
                }
                found = only
            }
            try editing.edit { edits throws(StoryboardEdits.Refusal) in try edits.removeElement(withID: found.id ?? "") }
            try editing.finish(writing, saying: "removed the segue \(found.id ?? "") (line \(found.line))")
        }
    }
}

/// The kinds of segue `connect` makes to a scene, by the names Xcode's menu gives them.
enum ConnectKind: String, ExpressibleByArgument, CaseIterable {
    case show, showDetail, present, popover, custom

    /// The storyboard's `kind`.
    var storyboardKind: String {
        switch self {
        case .show, .showDetail, .custom: rawValue
        case .present: "presentation"
        case .popover: "popoverPresentation"
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

/// Why `connect` or `disconnect` changed nothing: said on standard error, exit status 1.
struct EditRefusal: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// One edit of a storyboard file by `connect` or `disconnect`: the file read once, checked as
/// lint checks it, its scenes and controls named as lint names them, the edit made and checked
/// again, then written whole.
@MainActor
final class StoryboardEditing {
    let file: String
    let outline: StoryboardOutline
    private let classes: StoryboardClasses
    private let behavioursGiven: Bool
    private var edits: StoryboardEdits

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
        behavioursGiven = behaviours?.isGiven ?? false
        let contents = StoryboardFileContents(path: file)
        classes = try StoryboardCommand.checkingClasses(for: contents, standIns: standIns, behaviours: behaviours)
        let check = StoryboardCommand.check(contents, classes: classes)
        guard let bytes = contents.bytes, let outline = check.outline, check.errors.isEmpty else {
            let first = check.errors.first.map { "\($0)" } ?? "it cannot be read"
            throw EditRefusal("\(first)\nthe storyboard must load before it is edited: fix it first (wallet storyboard lint \(file) lists what is wrong)")
        }
        self.outline = outline
        do {
            edits = try StoryboardEdits(bytes: bytes, file: file)
        } catch {
            throw EditRefusal("\(error)")
        }
    }

    /// `SCENE` or `SCENE/CONTROL`.
    func source(_ name: String) throws -> (StoryboardOutline.Scene, StoryboardOutline.Control?) {
        if let scene = try? scene(name) { return (scene, nil) }
        guard let slash = name.firstIndex(of: "/") else { return (try scene(name), nil) }
        let scene = try scene(String(name[..<slash]))
        return (scene, try control(String(name[name.index(after: slash)...]), in: scene))
    }

    /// A scene by its Storyboard ID, its title or its Interface Builder id, in that order.
    func scene(_ name: String) throws -> StoryboardOutline.Scene {
        for matches in [outline.scenes.filter { $0.storyboardIdentifier == name }, outline.scenes.filter { $0.title == name },
                        outline.scenes.filter { $0.id == name }] where !matches.isEmpty {
            guard matches.count == 1 else {
                throw EditRefusal("\(matches.count) scenes are named \"\(name)\": " + matches.map { describe($0, nil) + " id \($0.id)" }.joined(separator: ", ")
                    + "; name one by its id")
            }
            return matches[0]
        }
        let names = outline.scenes.map { $0.storyboardIdentifier ?? $0.title ?? $0.id }
        let near = NearestName.to(name, among: names).map { " (did you mean \"\($0)\"?)" } ?? ""
        throw EditRefusal("no scene of \(file) is named \"\(name)\"\(near); its scenes are " + names.map { "\"\($0)\"" }.joined(separator: ", "))
    }

    /// A control of `scene` by its title, id or, for a cell, reuse identifier.
    func control(_ name: String, in scene: StoryboardOutline.Scene) throws -> StoryboardOutline.Control {
        let controls = outline.controls(of: scene)
        let matches = controls.filter { $0.title == name || $0.id == name || $0.title == "cell \"\(name)\"" }
        guard matches.count == 1 else {
            if matches.count > 1 {
                throw EditRefusal("\(matches.count) controls of \(describe(scene, nil)) are named \"\(name)\": "
                    + matches.map { "\($0.kind) id \($0.id) (line \($0.line))" }.joined(separator: ", ") + "; name one by its id")
            }
            let titles = controls.map(\.title)
            let near = NearestName.to(name, among: titles).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw EditRefusal("\(describe(scene, nil)) has no control named \"\(name)\"\(near)"
                + (titles.isEmpty ? "; it has no control that triggers segues" : "; its controls are " + titles.map { "\"\($0)\"" }.joined(separator: ", ")))
        }
        return matches[0]
    }

    /// A segue by its Interface Builder id, or by its identifier when one segue has it.
    func segue(_ name: String) throws -> StoryboardOutline.Segue {
        if let segue = outline.segues.first(where: { $0.id == name }) { return segue }
        let named = outline.segues.filter { $0.identifier == name }
        guard named.count == 1 else {
            throw EditRefusal(named.isEmpty ? "no segue of \(file) has the id or identifier \"\(name)\""
                : "\(named.count) segues have the identifier \"\(name)\" (lines \(named.map { "\($0.line)" }.joined(separator: ", "))); name one by its id")
        }
        return named[0]
    }

    /// UIKit finds a segue by its identifier among its scene's: two there would be one too many.
    func uniqueIdentifier(_ identifier: String, inScene sceneID: String, except segueID: String? = nil) throws {
        if let other = outline.segues.first(where: { $0.sourceSceneID == sceneID && $0.identifier == identifier && $0.id != segueID }) {
            throw EditRefusal("the scene has a segue with the identifier \"\(identifier)\" already (line \(other.line)); "
                + "performSegue(withIdentifier:) would not know which: choose another")
        }
    }

    /// The unwind can land: a scene that leads to `source` (by its segues and relationships),
    /// not `source` itself, implements `action`, as UIKit's search asks the controllers it passes.
    func checkReachable(_ action: String, from source: StoryboardOutline.Scene) throws {
        var leadingTo: Set<String> = [source.id]
        var changed = true
        while changed {
            changed = false
            for segue in outline.segues where !segue.kind.isUnwind {
                if let destination = segue.destinationSceneID, leadingTo.contains(destination), leadingTo.insert(segue.sourceSceneID).inserted { changed = true }
            }
        }
        let implementing = outline.scenes.filter { $0.unwindActions.contains(action) }
        if implementing.contains(where: { $0.id != source.id && leadingTo.contains($0.id) }) { return }
        let elsewhere = implementing.map { describe($0, nil) }
        throw EditRefusal("no scene that leads to \(describe(source, nil)) implements \(action), so the unwind would find nowhere to land"
            + (elsewhere.isEmpty ? "" : " (\(elsewhere.joined(separator: ", ")) implements it, but does not lead here)")
            + "; implement it in a scene the user came from, or declare it: --implements CLASS=\(action)" + behavioursHint)
    }

    /// The behaviours file beside the storyboard, when the command was not given it: what an
    /// exercise's folder holds.
    private var behavioursHint: String {
        guard !behavioursGiven else { return "" }
        let beside = (file.hasSuffix(".storyboard") ? String(file.dropLast(".storyboard".count)) : file) + ".behaviours.yaml"
        return FileSystem.exists(atPath: beside) ? " (\(beside) is beside the storyboard: add --behaviours \(beside))" : ""
    }

    /// Makes the edit; a refusal changes nothing.
    func edit(_ change: (inout StoryboardEdits) throws(StoryboardEdits.Refusal) -> Void) throws {
        var edited = edits
        do {
            try change(&edited)
        } catch {
            throw EditRefusal("\(error); nothing was changed")
        }
        edits = edited
    }

    /// Checks the edited storyboard as lint would, prints the lines changed, and writes it (not
    /// with --dry-run).
    func finish(_ writing: StoryboardWriteOptions, saying what: String) throws {
        let edited = edits.bytes
        let check = Storyboard.check(contents: .success(edited), ofFile: file, name: file, classes: classes)
        if let error = check.errors.first {
            throw EditRefusal("the edit would stop the storyboard from loading: \(error); nothing was changed")
        }
        var summary = ""
        for change in edits.changedLines {
            summary += "@@ \(file):\(change.line) @@\n"
            summary += change.removed.map { "-\($0)\n" }.joined() + change.added.map { "+\($0)\n" }.joined()
        }
        OutputFile.standardOutput.writeIfPossible(summary)
        if writing.dryRun {
            OutputFile.standardError.writeIfPossible("\(file): would have \(what) (--dry-run: nothing was written)\n")
            return
        }
        do {
            if writing.backup {
                var backup = file + ".bak", number = 2
                while FileSystem.exists(atPath: backup) { (backup, number) = (file + ".bak.\(number)", number + 1) }
                try Disk.write(edits.original, to: backup, like: file)
                OutputFile.standardError.writeIfPossible("\(file): kept as it was in \(backup)\n")
            }
            try Disk.write(edited, to: file, like: file)
        } catch {
            throw EditRefusal("cannot write \(error); the file is as it was")
        }
        OutputFile.standardError.writeIfPossible("\(file): \(what)\n")
    }

    /// As lint names a scene, and its control.
    func describe(_ scene: StoryboardOutline.Scene, _ control: StoryboardOutline.Control?) -> String {
        let name = "scene \"\(scene.title.flatMap { $0.isEmpty ? nil : $0 } ?? scene.storyboardIdentifier ?? scene.id)\" (\(scene.className))"
        return control.map { "\($0.kind == "barButtonItem" ? "bar button" : $0.kind) \"\($0.title)\" of \(name)" } ?? name
    }
}
