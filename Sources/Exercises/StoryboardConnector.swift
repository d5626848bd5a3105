import ArgumentParser
import Navigation
import Storyboards

/// Why `connect` or `disconnect` changed nothing: said to the user, and nothing is written.
public struct EditRefusal: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// One edit of a storyboard by `wallet storyboard connect` or `disconnect`, or by an attendee
/// solving an exercise in a served session: the storyboard read once and checked as lint checks
/// it, its scenes and controls named as lint names them, the edit made and the result checked
/// again. Writing the result is the caller's.
@MainActor
public final class StoryboardConnector {
    /// The file as messages name it.
    public let file: String
    public let outline: StoryboardOutline
    private let classes: StoryboardClasses
    /// Said after a refused unwind: where the declarations the check lacked may be.
    private let reachabilityHint: String
    public private(set) var edits: StoryboardEdits

    /// The storyboard `bytes` of `file`, read with `classes`; it must load before it is edited.
    /// New ids are random, or come from `idSeed` (tests).
    public init(file: String, bytes: [UInt8], classes: StoryboardClasses, reachabilityHint: String = "", idSeed: UInt64? = nil) throws(EditRefusal) {
        self.file = file
        self.classes = classes
        self.reachabilityHint = reachabilityHint
        let check = Storyboard.check(contents: .success(bytes), ofFile: file, name: file, classes: classes)
        guard let outline = check.outline, check.errors.isEmpty else {
            let first = check.errors.first.map { "\($0)" } ?? "it cannot be read"
            throw EditRefusal("\(first)\nthe storyboard must load before it is edited: fix it first (wallet storyboard lint \(file) lists what is wrong)")
        }
        self.outline = outline
        // The bytes the check read, edited without reading them again.
        edits = StoryboardEdits(model: outline.model, bytes: bytes, seed: idSeed)
    }

    /// `SCENE` or `SCENE/CONTROL`.
    public func source(_ name: String) throws(EditRefusal) -> (StoryboardOutline.Scene, StoryboardOutline.Control?) {
        if let scene = try? scene(name) { return (scene, nil) }
        guard let slash = name.firstIndex(of: "/") else { return (try scene(name), nil) }
        let scene = try scene(String(name[..<slash]))
        return (scene, try control(String(name[name.index(after: slash)...]), in: scene))
    }

    /// A scene by its Storyboard ID, its title or its Interface Builder id, in that order.
    public func scene(_ name: String) throws(EditRefusal) -> StoryboardOutline.Scene {
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
    public func control(_ name: String, in scene: StoryboardOutline.Scene) throws(EditRefusal) -> StoryboardOutline.Control {
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
    public func segue(_ name: String) throws(EditRefusal) -> StoryboardOutline.Segue {
        if let segue = outline.segues.first(where: { $0.id == name }) { return segue }
        let named = outline.segues.filter { $0.identifier == name }
        guard named.count == 1 else {
            throw EditRefusal(named.isEmpty ? "no segue of \(file) has the id or identifier \"\(name)\""
                : "\(named.count) segues have the identifier \"\(name)\" (lines \(named.map { "\($0.line)" }.joined(separator: ", "))); name one by its id")
        }
        return named[0]
    }

    /// UIKit finds a segue by its identifier among its scene's: two there would be one too many.
    public func uniqueIdentifier(_ identifier: String, inScene sceneID: String, except segueID: String? = nil) throws(EditRefusal) {
        if let other = outline.segues.first(where: { $0.sourceSceneID == sceneID && $0.identifier == identifier && $0.id != segueID }) {
            throw EditRefusal("the scene has a segue with the identifier \"\(identifier)\" already (line \(other.line)); "
                + "performSegue(withIdentifier:) would not know which: choose another")
        }
    }

    /// The unwind can land: a scene that leads to `source` (by its segues and relationships),
    /// not `source` itself, implements `action`, as UIKit's search asks the controllers it passes.
    public func checkReachable(_ action: String, from source: StoryboardOutline.Scene) throws(EditRefusal) {
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
            + "; implement it in a scene the user came from, or declare it: --implements CLASS=\(action)" + reachabilityHint)
    }

    /// Makes the edit; a refusal changes nothing.
    public func edit(_ change: (inout StoryboardEdits) throws(StoryboardEdits.Refusal) -> Void) throws(EditRefusal) {
        var edited = edits
        do {
            try change(&edited)
        } catch {
            throw EditRefusal("\(error); nothing was changed")
        }
        edits = edited
    }

    /// The edited storyboard, checked as lint would check it.
    public func checked() throws(EditRefusal) -> [UInt8] {
        let edited = edits.bytes
        let check = Storyboard.check(contents: .success(edited), ofFile: file, name: file, classes: classes)
        if let error = check.errors.first {
            throw EditRefusal("the edit would stop the storyboard from loading: \(error); nothing was changed")
        }
        return edited
    }

    /// The lines the edit changed, as a diff: `@@ FILE:LINE @@`, then `-` and `+` lines.
    public var changeSummary: [String] {
        edits.changedLines.flatMap { change in
            ["@@ \(file):\(change.line) @@"] + change.removed.map { "-\($0)" } + change.added.map { "+\($0)" }
        }
    }

    /// As lint names a scene, and its control.
    public func describe(_ scene: StoryboardOutline.Scene, _ control: StoryboardOutline.Control?) -> String {
        let name = "scene \"\(scene.title.flatMap { $0.isEmpty ? nil : $0 } ?? scene.storyboardIdentifier ?? scene.id)\" (\(scene.className))"
        return control.map { "\($0.kind == "barButtonItem" ? "bar button" : $0.kind) \"\($0.title)\" of \(name)" } ?? name
    }
}

/// The kinds of segue `connect` makes to a scene, by the names Xcode's menu gives them.
public enum ConnectKind: String, ExpressibleByArgument, CaseIterable, Sendable {
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

/// What `connect` connects, as its options say: parsed alike from `wallet storyboard connect`'s
/// command line and from the line an attendee types in a served session's exercises, so that
/// both accept the same words and refuse the same mistakes with the same message.
public struct ConnectOptions: ParsableArguments, Sendable {
    @Option(help: ArgumentHelp("What the segue starts from: a scene, or a control of it, as in Contacts/Cancel.", valueName: "scene[/control]"))
    public var from: String?

    @Option(help: ArgumentHelp("Connect to the scene's Exit with this unwind action, as in cancel:.", valueName: "action"))
    public var unwind: String?

    @Option(help: ArgumentHelp("The scene the segue leads to.", valueName: "scene"))
    public var to: String?

    @Option(help: ArgumentHelp("The kind of segue to --to: show (the default), showDetail, present, popover or custom.", valueName: "kind"))
    public var kind: ConnectKind?

    @Option(name: .customLong("class"), help: ArgumentHelp("A custom segue's class.", valueName: "class"))
    public var segueClass: String?

    @Option(help: ArgumentHelp("The segue's identifier, which performSegue(withIdentifier:) names.", valueName: "identifier"))
    public var identifier: String?

    @Option(help: ArgumentHelp("An existing segue to give --identifier to: its Interface Builder id, or its identifier.", valueName: "segue"))
    public var segue: String?

    public init() {}

    public func validate() throws {
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

    /// Makes the connection in `connector`'s storyboard, checked first; says what it did, as in
    /// "connected bar button "Cancel" of scene "Contacts" (ContactsViewController) to the unwind
    /// action cancel:".
    @MainActor
    public func apply(to connector: StoryboardConnector) throws(EditRefusal) -> String {
        if let segue, let identifier {
            let found = try connector.segue(segue)
            try connector.uniqueIdentifier(identifier, inScene: found.sourceSceneID, except: found.id)
            try connector.edit { edits throws(StoryboardEdits.Refusal) in try edits.setAttribute("identifier", identifier, ofElementWithID: found.id ?? "") }
            return "gave the segue \(found.id ?? segue) the identifier \"\(identifier)\""
        }
        let (scene, control) = try connector.source(from ?? "")
        if let identifier { try connector.uniqueIdentifier(identifier, inScene: scene.id) }
        if let unwind {
            if control == nil, identifier == nil {
                throw EditRefusal("a scene's own unwind segue (a manual one) is performed from code by its identifier: add --identifier")
            }
            try connector.checkReachable(unwind, from: scene)
            try connector.edit { edits throws(StoryboardEdits.Refusal) in
                let exit = try edits.addExit(inSceneOf: scene.id)
                var attributes = ["destination": exit, "kind": "unwind", "unwindAction": unwind]
                attributes["identifier"] = identifier
                try edits.addSegue(from: control?.id ?? scene.id, attributes)
            }
            return "connected \(connector.describe(scene, control)) to the unwind action \(unwind)"
        }
        let destination = try connector.scene(to ?? "")
        let kind = kind ?? .show
        let segueClass = segueClass
        try connector.edit { edits throws(StoryboardEdits.Refusal) in
            var attributes = ["destination": destination.id, "kind": kind.storyboardKind]
            attributes["identifier"] = identifier
            attributes["customClass"] = segueClass
            if kind == .popover, let control { attributes[control.kind == "barButtonItem" ? "popoverAnchorBarButtonItem" : "popoverAnchorView"] = control.id }
            try edits.addSegue(from: control?.id ?? scene.id, attributes, popoverArrowDirections: kind == .popover)
        }
        return "connected \(connector.describe(scene, control)) to \(connector.describe(destination, nil)) (\(kind.rawValue))"
    }
}
