import Storyboards

/// The storyboards an app has open together: the one it started from and those its storyboard
/// references name, each file opened once, by its path, so that two files that refer to each
/// other load (and instantiate) without going round forever.
///
/// A reference (`<viewControllerPlaceholder storyboardName="Detail" referencedIdentifier="…">`)
/// names `Detail.storyboard` of the storyboard's project, found as the app's bundle would find it
/// (`StoryboardLocator`: beside it first), and a scene there by its Storyboard
/// ID, or that storyboard's initial view controller when it names none; without a
/// `storyboardName` it names a scene of its own storyboard. Every reference is checked when the
/// storyboard loads, with the line of the placeholder; the scene is made when a segue needs it.
@MainActor
final class StoryboardGroup {
    /// The element Interface Builder writes for a storyboard reference.
    static let referenceElement = ElementNames.storyboardReference

    /// A storyboard file, whatever path spells it (`d/X`, `d//X`, `d/./X`, a link to it): a file
    /// on disk by its device and inode, one embedded in the app by its path made plain, and a
    /// path that names nothing readable as written.
    enum FileKey: Hashable {
        case file(FileIdentity)
        case embedded(String)
        case unreadable(String)
    }

    /// Held weakly: each storyboard holds its group, and a storyboard is kept open by the one
    /// whose reference opened it (or by whoever opened it by name), so that nothing keeps a
    /// group of storyboards alive but their users.
    private var storyboards: [FileKey: WeakStoryboard] = [:]
    /// Failures of files already tried, so that a file two references name is reported once.
    private var failures: [FileKey: StoryboardErrors] = [:]
    /// The references being made now: a reference met again while its own scene is being made
    /// is a cycle of relationships across files (a navigation controller whose root is a
    /// reference to itself), which would otherwise make scenes forever.
    private var instantiating: Set<SceneKey> = []
    /// Files the group finds by path before the disk: the storyboards embedded in the app, by
    /// their paths made plain.
    private(set) var files: [String: [UInt8]] = [:]
    /// What the storyboards of the group have used of the run's budget.
    private(set) var spent = StoryboardBudget.Spent()
    /// The first limit of the budget the group went past: every file opened after it is refused
    /// with the same error, and the storyboard that met it reports it once, not once a reference.
    private(set) var exhausted: StoryboardDiagnostic?
    /// How many levels of containment each scene checked so far holds, itself included.
    private var containmentDepths: [SceneKey: Int] = [:]

    init(files: [String: [UInt8]] = [:]) {
        for (path, bytes) in files { self.files[Self.plainPath(path)] = bytes }
    }

    /// A scene of one of the group's storyboards.
    struct SceneKey: Hashable {
        let storyboard: FileKey
        let controllerID: String
    }

    /// The key of the file at `path`: the embedded file it names, or the file on disk.
    func key(forPath path: String) -> FileKey {
        let plain = Self.plainPath(path)
        if files[plain] != nil { return .embedded(plain) }
        return StoryboardFile.identity(atPath: path).map(FileKey.file) ?? .unreadable(path)
    }

    /// `path` without empty or `.` components and with `x/..` taken away where `x` is a name:
    /// how embedded files are found whatever spells them.
    static func plainPath(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : joined
    }

    /// Adds a storyboard being loaded, under the key of its file.
    func add(_ storyboard: Storyboard) { storyboards[storyboard.fileKey] = WeakStoryboard(storyboard: storyboard) }

    /// The storyboards open, in no particular order.
    var all: [Storyboard] { storyboards.values.compactMap(\.storyboard) }

    /// The path of `NAME.storyboard` in the directory of `path`, written as `path` is.
    static func path(ofStoryboardNamed name: String, beside path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return name + ".storyboard" }
        return String(path[...slash]) + name + ".storyboard"
    }

    // MARK: The run's budget

    /// Charges a file about to be parsed; throws the budget's error once the storyboards of the
    /// run would go past one of its limits.
    func charge(file name: String, bytes: Int) throws(StoryboardErrors) {
        if let exhausted { throw StoryboardErrors(errors: [exhausted]) }
        spent.files += 1
        spent.bytes += bytes
        if spent.files > StoryboardBudget.maximumFiles {
            throw exhaust(StoryboardDiagnostic(file: name, line: 0, rule: .limits,
                message: "opening it would make \(spent.files) storyboard files in this run; a run "
                + "opens at most \(StoryboardBudget.maximumFiles), its own and those their references name, each file once; fewer references, or "
                + "storyboards merged, stay within it"))
        }
        if spent.bytes > StoryboardBudget.maximumBytes {
            throw exhaust(StoryboardDiagnostic(file: name, line: 0, rule: .limits,
                message: "reading it would make \(spent.bytes) bytes of storyboards in this run; a run "
                + "reads at most \(StoryboardBudget.maximumBytes >> 20) MiB of storyboards in all (\(StoryboardBudget.maximumBytes) bytes), its own "
                + "and those their references name"))
        }
    }

    /// The elements a file parsed now may have: what the run has left, or the most one file may have.
    var elementAllowance: Int { StoryboardBudget.maximumElements - spent.elements }

    func charge(elements: Int) { spent.elements += elements }

    /// Records the first error of the budget, for every later file to be refused with.
    func exhaust(_ error: StoryboardDiagnostic) -> StoryboardErrors {
        if exhausted == nil { exhausted = error }
        return StoryboardErrors(errors: [exhausted!])
    }

    /// Whether `errors` is the budget's error, which goes up through the references that led to
    /// it as it is rather than as "does not load" at each of them.
    func isExhaustion(_ errors: StoryboardErrors) -> Bool {
        exhausted.map { errors.errors.contains($0) } ?? false
    }

    // MARK: Files

    /// The storyboard at `path`, opened now if no storyboard of the group has the file open;
    /// `opened` tells which.
    func storyboard(atPath path: String, classes: StoryboardClasses) throws(StoryboardErrors) -> (storyboard: Storyboard, opened: Bool) {
        let key = key(forPath: path)
        if let storyboard = storyboards[key]?.storyboard { return (storyboard, false) }
        if let failure = failures[key] { throw failure }
        if let exhausted { throw StoryboardErrors(errors: [exhausted]) }
        do {
            let bytes: [UInt8]
            let readKey: FileKey
            if case .embedded(let plain) = key, let embedded = files[plain] {
                (bytes, readKey) = (embedded, key)
            } else {
                let read = try StoryboardFile.bytesAndIdentity(atPath: path, name: path.escapedForMessage)
                (bytes, readKey) = (read.bytes, .file(read.identity))
                // The file was replaced between the look and the read: it may be one already open.
                if readKey != key, let storyboard = storyboards[readKey]?.storyboard { return (storyboard, false) }
            }
            return (try Storyboard(data: bytes, name: path.escapedForMessage, path: path, key: readKey, classes: classes, group: self), true)
        } catch let error as StoryboardDiagnostic {
            failures[key] = StoryboardErrors(errors: [error])
            throw StoryboardErrors(errors: [error])
        } catch let errors as StoryboardErrors {
            failures[key] = errors
            throw errors
        } catch {
            // Only the two above are thrown; a typed catch-all keeps the compiler content.
            throw StoryboardErrors(errors: [])
        }
    }

    /// Where a reference leads: the storyboard and the id of the scene's controller there.
    struct Target {
        let storyboard: Storyboard
        let controllerID: String
    }

    /// Every problem with the references of `storyboard`, each at its placeholder's line: a file
    /// that is not there or does not load, a Storyboard ID it does not have, a storyboard with no
    /// initial view controller, references that lead to each other and never to a scene.
    func checkReferences(of storyboard: Storyboard) -> [StoryboardDiagnostic] {
        var errors: [StoryboardDiagnostic] = []
        for element in storyboard.document.controllers.values.sorted(by: { $0.line < $1.line }) where element.isStoryboardReference {
            guard let id = element.id else { continue }
            do {
                let found = try target(of: storyboard, controllerID: id)
                errors += rootsThroughReference(id, leadingTo: found, in: storyboard)
            } catch {
                if isExhaustion(error) { return error.errors }
                errors += error.errors
            }
        }
        return errors
    }

    /// A navigation controller whose root is, through a reference, another navigation controller:
    /// refused as in one file (UIKit does not allow it), and the only way roots could lead from
    /// file to file back to themselves.
    private func rootsThroughReference(_ referenceID: String, leadingTo found: Target, in storyboard: Storyboard) -> [StoryboardDiagnostic] {
        guard let destination = found.storyboard.document.controllers[found.controllerID], destination.elementName == "navigationController" else { return [] }
        return storyboard.document.controllers.values.sorted { $0.line < $1.line }.compactMap { controller in
            guard controller.elementName == "navigationController", let segue = controller.rootRelationship,
                  segue.destinationID == referenceID else { return nil }
            return fail(segue, in: storyboard,
                "the rootViewController of navigation controller \"\(controller.id ?? "")\" is, through the storyboard reference \"\(referenceID)\", a "
                    + "navigation controller (\(found.storyboard.name) line \(destination.line)), which UIKit does not allow; point it at the scene it "
                    + "should show first")
        }
    }

    /// The scene a reference leads to, following references that lead to references.
    func target(of storyboard: Storyboard, controllerID: String) throws(StoryboardErrors) -> Target {
        var current = Target(storyboard: storyboard, controllerID: controllerID)
        var visited: [SceneKey] = []
        var steps: [String] = []
        while let element = current.storyboard.document.controllers[current.controllerID], element.isStoryboardReference {
            let key = SceneKey(storyboard: current.storyboard.fileKey, controllerID: current.controllerID)
            let place = "\(current.storyboard.name):\(element.line)"
            if let start = visited.firstIndex(of: key) {
                let cycle = (steps[start...] + [place]).joined(separator: " → ")
                let count = visited.count - start
                throw StoryboardErrors(errors: [fail(element, in: current.storyboard,
                    "storyboard references lead to each other and never to a scene (\(count) reference\(count == 1 ? "" : "s") in a cycle: \(cycle)); "
                        + "point one of them at a scene with a Storyboard ID")])
            }
            visited.append(key)
            steps.append(place)
            current = try step(from: element, in: current.storyboard)
        }
        return current
    }

    /// The scene (or further reference) one reference names.
    private func step(from element: SceneObject, in storyboard: Storyboard) throws(StoryboardErrors) -> Target {
        let referenced: Storyboard
        var described = "this storyboard"
        if let name = element.referencedStoryboardName {
            let path = try referencedPath(name, from: storyboard, at: element)
            described = "\"\(path)\""
            do {
                let found = try self.storyboard(atPath: path, classes: storyboard.classes)
                referenced = found.storyboard
                if found.opened { storyboard.openedByReferences.append(referenced) }
            } catch {
                if isExhaustion(error) { throw error }
                let count = error.errors.count
                let own = error.errors.count == 1 && error.errors[0].line == 0
                    ? fail(element, in: storyboard, "the storyboard reference to \"\(name)\" names \(described), which cannot be opened: "
                        + "\(error.errors[0].message); a reference finds NAME.storyboard beside this one, in the .lproj folders beside or above it, "
                        + "or anywhere in the project (the folder with the .xcodeproj, else the repository); --storyboard-path DIR adds a folder")
                    : fail(element, in: storyboard, "the storyboard reference to \"\(name)\" names \(described), which does not load: \(count) "
                        + "error\(count == 1 ? "" : "s") in it, listed with \(count == 1 ? "it" : "them")")
                throw StoryboardErrors(errors: [own] + error.errors.filter { $0.line > 0 })
            }
        } else {
            referenced = storyboard
        }
        if let identifier = element.referencedIdentifier {
            guard let id = referenced.document.controllerID(forStoryboardIdentifier: identifier) else {
                throw StoryboardErrors(errors: [fail(element, in: storyboard,
                    "the storyboard reference names the Storyboard ID \"\(identifier)\", which no scene of \(described) has; give the scene that "
                        + "Storyboard ID, or correct the reference")])
            }
            return Target(storyboard: referenced, controllerID: id)
        }
        guard let initial = referenced.document.initialControllerID else {
            throw StoryboardErrors(errors: [fail(element, in: storyboard,
                "the storyboard reference names no Storyboard ID, so it leads to the initial view controller of \(described), which has none; tick "
                    + "\"Is Initial View Controller\" there, or give the reference a Referenced ID")])
        }
        return Target(storyboard: referenced, controllerID: initial)
    }

    /// The file a reference's `storyboardName` names, found as the app's bundle would
    /// (`StoryboardLocator`); the path beside the storyboard when it is embedded in the app, or
    /// when nothing is found (opening it then says why); a name that several files could be is
    /// refused with each of them.
    private func referencedPath(_ name: String, from storyboard: Storyboard, at element: SceneObject) throws(StoryboardErrors) -> String {
        let beside = Self.path(ofStoryboardNamed: name, beside: storyboard.path)
        if case .embedded = storyboard.fileKey { return beside }
        if files[Self.plainPath(beside)] != nil { return beside }
        switch StoryboardLocator(searchPaths: storyboard.classes.referenceSearchPaths).locate(name: name, referencedFrom: storyboard.path) {
        case .path(let path):
            return path
        case .ambiguous(let paths):
            throw StoryboardErrors(errors: [fail(element, in: storyboard,
                "the storyboard reference to \"\(name)\" could open any of \(paths.map { "\"\($0)\"" }.joined(separator: ", ")): an app's bundle holds one "
                    + "storyboard of a name, so Xcode refuses two in one target; rename or remove all but one")])
        case .none:
            // A reference to another bundle's storyboard (a framework's): its file is that
            // bundle's, not this project's.
            if let bundle = element.referencedBundleIdentifier {
                throw StoryboardErrors(errors: [fail(element, in: storyboard,
                    "the storyboard reference to \"\(name)\" names another bundle (bundleIdentifier \"\(bundle)\"), whose files this project "
                        + "does not hold; give the folder that holds \(name).storyboard with --storyboard-path DIR")])
            }
            return beside
        }
    }

    private func fail(_ element: SceneObject, in storyboard: Storyboard, _ message: String) -> StoryboardDiagnostic {
        StoryboardDiagnostic(file: storyboard.name, at: element, rule: .references, message: message.escapedForMessage)
    }

    private func fail(_ connection: Connection, in storyboard: Storyboard, _ message: String) -> StoryboardDiagnostic {
        StoryboardDiagnostic(file: storyboard.name, at: connection, rule: .references, message: message.escapedForMessage)
    }

    // MARK: Containment

    /// Scenes that hold scenes more levels deep than `StoryboardBudget.maximumContainmentDepth`,
    /// or that hold themselves through storyboard references, following relationships, embeds
    /// and references into other files: the first such scene of the file. Cycles within one
    /// file have been refused by its document already.
    func checkContainment(of storyboard: Storyboard) -> [StoryboardDiagnostic] {
        for controller in storyboard.document.controllers.values.sorted(by: { $0.line < $1.line }) {
            guard let id = controller.id else { continue }
            if let error = containmentProblem(from: storyboard, controllerID: id) {
                // Past the depth is past the budget: the files that led here do not repeat it.
                return error.isDepth ? exhaust(error.error).errors : [error.error]
            }
        }
        return []
    }

    /// One scene on the way down from the scene being checked, with the scenes it holds.
    private struct Level {
        let storyboard: Storyboard
        let element: SceneObject
        let key: SceneKey
        /// The scenes it holds; for a reference, the scene it leads to.
        let held: [(storyboard: Storyboard, controllerID: String)]
        /// 1 for a scene, 0 for a reference, which stands for the scene it leads to.
        let levels: Int
        var next = 0
        /// The most levels found below it so far.
        var below = 0

        var place: String { "\(storyboard.name):\(element.line)" }
    }

    private func level(_ storyboard: Storyboard, _ controllerID: String) -> Level? {
        guard let element = storyboard.document.controllers[controllerID] else { return nil }
        let key = SceneKey(storyboard: storyboard.fileKey, controllerID: controllerID)
        if element.isStoryboardReference {
            let held = (try? target(of: storyboard, controllerID: controllerID)).map { [($0.storyboard, $0.controllerID)] } ?? []
            return Level(storyboard: storyboard, element: element, key: key, held: held, levels: 0)
        }
        let held = ContainmentCycles.edges(of: element).filter { storyboard.document.controllers[$0.to] != nil }.map { (storyboard, $0.to) }
        return Level(storyboard: storyboard, element: element, key: key, held: held, levels: 1)
    }

    /// Walks down from one scene with a stack of its own, as deep as the limit at most; the
    /// depth of every scene it finishes is kept, so that each scene of a run is walked once.
    private func containmentProblem(from storyboard: Storyboard, controllerID: String) -> (error: StoryboardDiagnostic, isDepth: Bool)? {
        let limit = StoryboardBudget.maximumContainmentDepth
        guard containmentDepths[SceneKey(storyboard: storyboard.fileKey, controllerID: controllerID)] == nil,
              let start = level(storyboard, controllerID) else { return nil }
        var stack = [start]
        var onPath: Set<SceneKey> = [start.key]
        var levels = start.levels
        func tooDeep(_ path: [Level]) -> (error: StoryboardDiagnostic, isDepth: Bool) {
            let deepest = path.last!
            return (fail(start.element, in: storyboard,
                StoryboardBudget.containmentMessage(start: start.element, deepest: deepest.element, place: deepest.place)), true)
        }
        while let top = stack.indices.last {
            if stack[top].next < stack[top].held.count {
                let (heldStoryboard, heldID) = stack[top].held[stack[top].next]
                stack[top].next += 1
                let key = SceneKey(storyboard: heldStoryboard.fileKey, controllerID: heldID)
                if onPath.contains(key) {
                    let from = stack.firstIndex { $0.key == key } ?? 0
                    let cycle = (stack[from...].map(\.place) + [stack[from].place]).joined(separator: " → ")
                    return (fail(start.element, in: storyboard,
                        "relationship and embed segues make scenes contain themselves through storyboard references: \(cycle), so making one would "
                            + "never end; point one of them at another scene"), false)
                }
                if let depth = containmentDepths[key] {
                    stack[top].below = max(stack[top].below, depth)
                    if levels + depth > limit { return tooDeep(stack) }
                    continue
                }
                guard let next = level(heldStoryboard, heldID) else { continue }
                levels += next.levels
                stack.append(next)
                if levels > limit { return tooDeep(stack) }
                onPath.insert(key)
            } else {
                let done = stack.removeLast()
                onPath.remove(done.key)
                levels -= done.levels
                containmentDepths[done.key] = done.levels + done.below
                if let parent = stack.indices.last { stack[parent].below = max(stack[parent].below, done.levels + done.below) }
            }
        }
        return nil
    }

    /// Makes the scene a reference leads to; nil for a reference met again while its own scene is
    /// being made.
    func instantiate(_ storyboard: Storyboard, controllerID: String) -> ViewController? {
        let key = SceneKey(storyboard: storyboard.fileKey, controllerID: controllerID)
        guard !instantiating.contains(key), let target = try? target(of: storyboard, controllerID: controllerID) else { return nil }
        instantiating.insert(key)
        defer { instantiating.remove(key) }
        return target.storyboard.instantiateScene(withControllerID: target.controllerID)
    }
}

/// A storyboard the group knows without keeping it open.
struct WeakStoryboard {
    weak var storyboard: Storyboard?
}

extension Storyboard {
    /// The storyboard `NAME.storyboard` of this one's project, found as references find it
    /// (beside it first), as `UIStoryboard(name:bundle:)` opens one of the app's bundle: the same
    /// instance its storyboard references use.
    public func storyboard(named name: String) throws(StoryboardErrors) -> Storyboard {
        var path = StoryboardGroup.path(ofStoryboardNamed: name, beside: self.path)
        let locator = StoryboardLocator(searchPaths: classes.referenceSearchPaths)
        if case .file = fileKey, case .path(let found) = locator.locate(name: name, referencedFrom: self.path) {
            path = found
        }
        return try group.storyboard(atPath: path, classes: classes).storyboard
    }

    /// The Storyboard IDs of its scenes, sorted: what `instantiateViewController(withIdentifier:)` takes.
    public var storyboardIdentifiers: [String] { document.allStoryboardIdentifiers }

    /// The classes of the scenes of this storyboard and of every storyboard its references open
    /// (all of them are opened when it loads), as traces and behaviours name them
    /// (`StoryboardClasses.sceneClassName(of:)`): custom classes without their modules, and
    /// `UIViewController`, `NavigationController`… for the scenes that have none.
    public var sceneClassNames: Set<String> {
        var names: Set<String> = []
        for storyboard in group.all {
            for controller in storyboard.document.controllers.values where !controller.isStoryboardReference {
                names.insert(storyboard.classes.sceneClassName(of: controller))
            }
        }
        return names
    }

    /// The Storyboard IDs and Interface Builder ids of the scenes of the class `className` (as
    /// `sceneClassNames` names them), in this storyboard and those its references opened: what
    /// `CLASS#SCENE` may name.
    public func sceneNames(ofClass className: String) -> Set<String> {
        var names: Set<String> = []
        for storyboard in group.all {
            for controller in storyboard.document.controllers.values where !controller.isStoryboardReference {
                guard storyboard.classes.sceneClassName(of: controller) == className else { continue }
                if let identifier = controller.storyboardIdentifier { names.insert(identifier) }
                if let id = controller.id { names.insert(id) }
            }
        }
        return names
    }

    /// What is wrong with the stand-ins' `--implements` for this storyboard: a class no scene
    /// has, or a scene its class has not. `storyboard run` refuses them and lint says them, alike.
    public func implementationProblems(of standIns: StandIns) -> [StoryboardDiagnostic] {
        let known = sceneClassNames
        let classes = known.isEmpty ? "none" : known.sorted().joined(separator: ", ")
        return standIns.implementations.keys.sorted().compactMap { key -> StoryboardDiagnostic? in
            guard known.contains(key.className) else {
                let near = NearestName.to(key.className, among: known.sorted()).map { " (did you mean \($0)?)" } ?? ""
                return StoryboardDiagnostic(file: name, line: 0, rule: .connections, message:
                    "--implements names \(key.className), which is the class of no scene of this storyboard or of those it refers to\(near); "
                        + "its scenes' classes are \(classes)")
            }
            guard let scene = key.scene else { return nil }
            let scenes = sceneNames(ofClass: key.className)
            guard !scenes.contains(scene) else { return nil }
            return StoryboardDiagnostic(file: name, line: 0, rule: .connections, message: "--implements names \(key), but no scene of the "
                + "class \(key.className) has the Storyboard ID or id \"\(scene)\"; its scenes are \(scenes.sorted().joined(separator: ", "))")
        }
    }

    /// The files of the storyboards open with this one (itself and those its references opened),
    /// by the path that opened each: what a command must not write over.
    public var filesOpen: [(path: String, identity: FileIdentity)] {
        group.all.compactMap { storyboard in
            guard case .file(let identity) = storyboard.fileKey else { return nil }
            return (storyboard.path, identity)
        }
    }

    func instantiateReference(withControllerID id: String) -> ViewController? {
        group.instantiate(self, controllerID: id)
    }
}
