/// The storyboards an app has open together: the one it started from and those its storyboard
/// references name, each file opened once, by its path, so that two files that refer to each
/// other load (and instantiate) without going round forever.
///
/// A reference (`<viewControllerPlaceholder storyboardName="Detail" referencedIdentifier="…">`)
/// names `Detail.storyboard` beside the storyboard it is in, and a scene there by its Storyboard
/// ID, or that storyboard's initial view controller when it names none; without a
/// `storyboardName` it names a scene of its own storyboard. Every reference is checked when the
/// storyboard loads, with the line of the placeholder; the scene is made when a segue needs it.
@MainActor
final class StoryboardGroup {
    /// The element Interface Builder writes for a storyboard reference.
    static let referenceElement = "viewControllerPlaceholder"

    /// Held weakly: each storyboard holds its group, and a storyboard is kept open by the one
    /// whose reference opened it (or by whoever opened it by name), so that nothing keeps a
    /// group of storyboards alive but their users.
    private var storyboards: [String: WeakStoryboard] = [:]
    /// Failures of files already tried, so that a file two references name is reported once.
    private var failures: [String: StoryboardErrors] = [:]
    /// The references being made now: a reference met again while its own scene is being made
    /// is a cycle of relationships across files (a navigation controller whose root is a
    /// reference to itself), which would otherwise make scenes forever.
    private var instantiating: Set<String> = []
    /// Files the group finds by path before the disk: the storyboards embedded in the app.
    var files: [String: [UInt8]] = [:]

    func add(_ storyboard: Storyboard) { storyboards[storyboard.path] = WeakStoryboard(storyboard: storyboard) }

    /// The storyboards open, in no particular order.
    var all: [Storyboard] { storyboards.values.compactMap(\.storyboard) }

    /// Whether a storyboard of the group has the file at `path` open.
    func isOpen(atPath path: String) -> Bool { storyboards[path]?.storyboard != nil }

    /// The path of `NAME.storyboard` in the directory of `path`, written as `path` is.
    static func path(ofStoryboardNamed name: String, beside path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return name + ".storyboard" }
        return String(path[...slash]) + name + ".storyboard"
    }

    /// The storyboard at `path`, opened now if no storyboard of the group has it open.
    func storyboard(atPath path: String, classes: StoryboardClasses) throws(StoryboardErrors) -> Storyboard {
        if let storyboard = storyboards[path]?.storyboard { return storyboard }
        if let failure = failures[path] { throw failure }
        do {
            let bytes: [UInt8]
            if let embedded = files[path] {
                bytes = embedded
            } else {
                bytes = try StoryboardFile.contents(atPath: path, name: path.escapedForMessage)
            }
            return try Storyboard(data: bytes, name: path.escapedForMessage, path: path, classes: classes, group: self)
        } catch let error as StoryboardError {
            failures[path] = StoryboardErrors(errors: [error])
            throw StoryboardErrors(errors: [error])
        } catch let errors as StoryboardErrors {
            failures[path] = errors
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
    func checkReferences(of storyboard: Storyboard) -> [StoryboardError] {
        var errors: [StoryboardError] = []
        for element in storyboard.document.controllers.values.sorted(by: { $0.line < $1.line })
        where element.name == Self.referenceElement {
            guard let id = element.id else { continue }
            do {
                let found = try target(of: storyboard, controllerID: id)
                errors += rootsThroughReference(id, leadingTo: found, in: storyboard)
            } catch {
                errors += error.errors
            }
        }
        return errors
    }

    /// A navigation controller whose root is, through a reference, another navigation controller:
    /// refused as in one file (UIKit does not allow it), and the only way roots could lead from
    /// file to file back to themselves.
    private func rootsThroughReference(_ referenceID: String, leadingTo found: Target, in storyboard: Storyboard) -> [StoryboardError] {
        guard let destination = found.storyboard.document.controllers[found.controllerID], destination.name == "navigationController" else { return [] }
        return storyboard.document.controllers.values.sorted { $0.line < $1.line }.compactMap { controller in
            guard controller.name == "navigationController", let segue = StoryboardDocument.rootRelationship(of: controller),
                  segue["destination"] == referenceID else { return nil }
            return fail(segue, in: storyboard,
                "the rootViewController of navigation controller \"\(controller.id ?? "")\" is, through the storyboard reference \"\(referenceID)\", a navigation controller (\(found.storyboard.name) line \(destination.line)), which UIKit does not allow; point it at the scene it should show first")
        }
    }

    /// The scene a reference leads to, following references that lead to references.
    func target(of storyboard: Storyboard, controllerID: String) throws(StoryboardErrors) -> Target {
        var current = Target(storyboard: storyboard, controllerID: controllerID)
        var visited: [String] = []
        while let element = current.storyboard.document.controllers[current.controllerID], element.name == Self.referenceElement {
            let key = current.storyboard.path + "\u{0}" + current.controllerID
            if visited.contains(key) {
                throw StoryboardErrors(errors: [fail(element, in: current.storyboard,
                    "storyboard references lead to each other and never to a scene (\(visited.count) reference\(visited.count == 1 ? "" : "s") in a cycle); point one of them at a scene with a Storyboard ID")])
            }
            visited.append(key)
            current = try step(from: element, in: current.storyboard)
        }
        return current
    }

    /// The scene (or further reference) one reference names.
    private func step(from element: StoryboardElement, in storyboard: Storyboard) throws(StoryboardErrors) -> Target {
        let referenced: Storyboard
        var described = "this storyboard"
        if let name = element["storyboardName"] {
            let path = Self.path(ofStoryboardNamed: name, beside: storyboard.path)
            described = "\"\(path)\""
            do {
                let wasOpen = isOpen(atPath: path)
                referenced = try self.storyboard(atPath: path, classes: storyboard.classes)
                if !wasOpen { storyboard.openedByReferences.append(referenced) }
            } catch {
                let count = error.errors.count
                let own = error.errors.count == 1 && error.errors[0].line == 0
                    ? fail(element, in: storyboard, "the storyboard reference to \"\(name)\" names \(described), which cannot be opened: \(error.errors[0].message); a reference names a storyboard file beside this one, without .storyboard")
                    : fail(element, in: storyboard, "the storyboard reference to \"\(name)\" names \(described), which does not load: \(count) error\(count == 1 ? "" : "s") in it, listed with \(count == 1 ? "it" : "them")")
                throw StoryboardErrors(errors: [own] + error.errors.filter { $0.line > 0 })
            }
        } else {
            referenced = storyboard
        }
        if let identifier = element["referencedIdentifier"] {
            guard let id = referenced.document.controllerID(forStoryboardIdentifier: identifier) else {
                throw StoryboardErrors(errors: [fail(element, in: storyboard,
                    "the storyboard reference names the Storyboard ID \"\(identifier)\", which no scene of \(described) has; give the scene that Storyboard ID, or correct the reference")])
            }
            return Target(storyboard: referenced, controllerID: id)
        }
        guard let initial = referenced.document.initialControllerID else {
            throw StoryboardErrors(errors: [fail(element, in: storyboard,
                "the storyboard reference names no Storyboard ID, so it leads to the initial view controller of \(described), which has none; tick \"Is Initial View Controller\" there, or give the reference a Referenced ID")])
        }
        return Target(storyboard: referenced, controllerID: initial)
    }

    private func fail(_ element: StoryboardElement, in storyboard: Storyboard, _ message: String) -> StoryboardError {
        StoryboardError(file: storyboard.name, line: element.line, message: message.escapedForMessage)
    }

    /// Makes the scene a reference leads to; nil for a reference met again while its own scene is
    /// being made.
    func instantiate(_ storyboard: Storyboard, controllerID: String) -> ViewController? {
        let key = storyboard.path + "\u{0}" + controllerID
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
    /// The storyboard `NAME.storyboard` beside this one, as `UIStoryboard(name:bundle:)` opens one
    /// of the app's bundle: the same instance its storyboard references use.
    public func storyboard(named name: String) throws(StoryboardErrors) -> Storyboard {
        try group.storyboard(atPath: StoryboardGroup.path(ofStoryboardNamed: name, beside: path), classes: classes)
    }

    /// The Storyboard IDs of its scenes, sorted: what `instantiateViewController(withIdentifier:)` takes.
    public var storyboardIdentifiers: [String] { document.allStoryboardIdentifiers }

    /// The custom classes of the scenes of this storyboard and of every storyboard its references
    /// open (all of them are opened when it loads), without their modules.
    public var sceneClassNames: Set<String> {
        var names: Set<String> = []
        for storyboard in group.all {
            for controller in storyboard.document.controllers.values {
                if let name = controller["customClass"] { names.insert(name.split(separator: ".").last.map(String.init) ?? name) }
            }
        }
        return names
    }

    func instantiateReference(withControllerID id: String) -> ViewController? {
        group.instantiate(self, controllerID: id)
    }
}
