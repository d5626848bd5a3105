import Storyboards

/// Declared behaviours checked against the storyboard before anything runs: each names a class
/// that scenes have, an action their controls send, a segue they have, outlets their controllers
/// connect and a property the outlet's view has, or it is refused at its line with what there is.
extension Storyboard {
    /// Every problem of `behaviours` with this storyboard and those its references opened.
    public func behaviourProblems(_ behaviours: StandInBehaviours) -> [StoryboardDiagnostic] {
        BehaviourCheck(storyboard: self).problems(behaviours)
    }
}

@MainActor
private struct BehaviourCheck {
    let storyboard: Storyboard
    /// Each scene controller of the storyboards open, with the document it is in.
    let scenes: [(element: SceneObject, document: StoryboardDocument)]

    init(storyboard: Storyboard) {
        self.storyboard = storyboard
        scenes = storyboard.group.all.flatMap { opened in
            opened.document.controllers.values.sorted { $0.line < $1.line }.map { ($0, opened.document) }
        }
    }

    func problems(_ behaviours: StandInBehaviours) -> [StoryboardDiagnostic] {
        var errors: [StoryboardDiagnostic] = []
        func fail<Value>(_ declared: StandInBehaviours.Declared<Value>, _ message: String) {
            errors.append(StoryboardDiagnostic(file: declared.file, line: declared.line, column: declared.column, rule: .behaviours,
                                          message: message.escapedForMessage))
        }
        let classNames = Set(scenes.map { className(of: $0.element) })
        for key in behaviours.classes.keys.sorted() {
            guard let declared = behaviours.classes[key] else { continue }
            let name = key.description
            let ofClass = scenes.filter { className(of: $0.element) == key.className }
            let mine = key.scene.map { scene in ofClass.filter { Self.names($0.element, scene: scene) } } ?? ofClass
            guard !mine.isEmpty else {
                let places: [DeclaredPlace?] = [declared.performs.values.map(\.place).min(), declared.unwinds.values.map(\.place).min(),
                                                declared.prepares.values.map(\.place).min(), declared.pages?.place, declared.appears?.place,
                                                declared.selects?.place, declared.allowedChildrenForUnwinding?.place, declared.sheet?.place,
                                                declared.canPerform.values.map(\.place).min()]
                let first = declared.declaredAt?.place ?? places.compactMap { $0 }.min()
                let (file, line, column) = first.map { ($0.file, $0.line, $0.column) } ?? (storyboard.name, 0, 0)
                let message: String
                if ofClass.isEmpty {
                    message = "no scene of \(storyboard.name) has the class \(key.className)"
                        + Self.suggestion(key.className, among: classNames, what: "its scenes' classes")
                } else {
                    let sceneNames = Set(ofClass.compactMap { $0.element.storyboardIdentifier ?? $0.element.id })
                    message = "no scene of the class \(key.className) has the Storyboard ID or id \"\(key.scene ?? "")\""
                        + Self.suggestion(key.scene ?? "", among: sceneNames, what: "its scenes are")
                }
                errors.append(StoryboardDiagnostic(file: file, line: line, column: column, rule: .behaviours, message: message.escapedForMessage))
                continue
            }
            for child in declared.allowedChildrenForUnwinding.map({ declared in declared.value.map { (declared, $0) } }) ?? []
            where !classNames.contains(child.1) {
                fail(child.0, "\(name).allowedChildrenForUnwinding names \(child.1), the class of no scene of \(storyboard.name)"
                    + Self.suggestion(child.1, among: classNames, what: "its scenes' classes"))
            }
            let performable = Set(mine.flatMap { segues(of: $0) }.filter { !$0.segueKind.isContainment }.compactMap(\.identifier))
            for declaredSegue in [declared.appears, declared.selects].compactMap({ $0 }) where !performable.contains(declaredSegue.value) {
                fail(declaredSegue, "\(name)'s scene has no segue with identifier \"\(declaredSegue.value)\" to perform"
                    + Self.suggestion(declaredSegue.value, among: performable, what: "its segues' identifiers"))
            }
            if let sheet = declared.sheet {
                for identifier in sheet.value.segues where !performable.contains(identifier) {
                    fail(sheet, "\(name).sheet performs \"\(identifier)\", but its scene has no segue with that identifier"
                        + Self.suggestion(identifier, among: performable, what: "its segues' identifiers"))
                }
            }
            if let selects = declared.selects, !mine.contains(where: { $0.element.showsTable }) {
                fail(selects, "\(name)'s scene has no table whose rows could be selected")
            } else if let selects = declared.selects {
                // A segue the cell triggers runs on the selection already: declaring that the
                // code performs it too would run it twice.
                let cellSegues = mine.flatMap { scene in
                    scene.element.descendantsAndSelf.filter { ["tableViewCell", "collectionViewCell"].contains($0.elementName) }.flatMap(\.segues)
                }
                if cellSegues.contains(where: { $0.identifier == selects.value }) {
                    errors.append(StoryboardDiagnostic(file: selects.file, line: selects.line, column: selects.column, rule: .selectedTwice,
                        message: "\(name) selects \"\(selects.value)\", which its cell already triggers: a row's selection would perform it "
                            + "twice, once from the cell and once from the code; leave selects out, or make the segue a manual one (from the "
                            + "scene's controller) if the code performs it"))
                }
            }
            for (action, segue) in declared.performs.sorted(by: { $0.value.place < $1.value.place }) {
                let sent = Set(mine.flatMap { actionsSent(by: $0.element) }.map(\.name))
                if !sent.contains(action.name), !sent.contains(action.name + ":") {
                    fail(segue, "no control of \(name)'s scene sends \(action)" + Self.suggestion(action.name, among: sent, what: "its controls send"))
                }
                let identifiers = Set(mine.flatMap { segues(of: $0) }.compactMap(\.identifier))
                if !identifiers.contains(segue.value) {
                    fail(segue, "\(name)'s scene has no segue with identifier \"\(segue.value)\", which performSegue(withIdentifier:) would trap on"
                        + Self.suggestion(segue.value, among: identifiers, what: "its segues' identifiers"))
                }
            }
            for (_, changes) in declared.unwinds.sorted(by: { $0.value.place < $1.value.place }) {
                for problem in outletProblems(changes.value, in: mine.map(\.element), named: name) { fail(changes, problem) }
            }
            for (identifier, changes) in declared.prepares.sorted(by: { $0.value.place < $1.value.place }) {
                let matching = mine.flatMap { scene in
                    segues(of: scene).filter { $0.identifier == identifier }.map { (segue: $0, document: scene.document) }
                }
                guard !matching.isEmpty else {
                    let identifiers = Set(mine.flatMap { segues(of: $0) }.compactMap(\.identifier))
                    fail(changes, "\(name)'s scene has no segue with identifier \"\(identifier)\" to prepare for"
                        + Self.suggestion(identifier, among: identifiers, what: "its segues' identifiers"))
                    continue
                }
                for (segue, document) in matching {
                    guard let destination = segue.destinationID.flatMap({ document.controllers[$0] }),
                          !destination.isStoryboardReference else { continue }
                    let candidates = contained(destination, in: document)
                    let holder = candidates.first { element in changes.value.allSatisfy { outlets(of: element)[$0.outlet] != nil } }
                    let described = "the destination of \"\(identifier)\", \(className(of: destination))"
                    for problem in outletProblems(changes.value, in: [holder ?? destination], named: described) { fail(changes, problem) }
                }
            }
        }
        let allIdentifiers = Set(scenes.flatMap { segues(of: $0) }.compactMap(\.identifier))
        let storyboardIDs = Set(storyboard.group.all.flatMap(\.document.allStoryboardIdentifiers))
        for key in behaviours.classes.keys.sorted() {
            guard let pages = behaviours.classes[key]?.pages else { continue }
            let name = key.description
            let mine = scenes.filter { found in
                className(of: found.element) == key.className && key.scene.map { Self.names(found.element, scene: $0) } ?? true
            }
            if !mine.isEmpty, !mine.contains(where: { $0.element.elementName == "pageViewController" }) {
                fail(pages, "\(name)'s scene is not a page view controller, whose pages these would be")
            }
            for identifier in pages.value where storyboard.document.controllerID(forStoryboardIdentifier: identifier) == nil {
                fail(pages, "no scene of \(storyboard.name) has the Storyboard ID \"\(identifier)\" for a page of \(name)"
                    + Self.suggestion(identifier, among: storyboardIDs, what: "its Storyboard IDs"))
            }
        }
        for (identifier, substitute) in behaviours.compactSubstitutes.sorted(by: { $0.value.place < $1.value.place }) {
            if !allIdentifiers.contains(identifier) {
                fail(substitute, "no segue has the identifier \"\(identifier)\""
                    + Self.suggestion(identifier, among: allIdentifiers, what: "the segues' identifiers"))
            }
            if storyboard.document.controllerID(forStoryboardIdentifier: substitute.value) == nil {
                fail(substitute, "no scene of \(storyboard.name) has the Storyboard ID \"\(substitute.value)\""
                    + Self.suggestion(substitute.value, among: storyboardIDs, what: "its Storyboard IDs"))
            }
        }
        // In the order of the file, as a reader fixes them.
        return errors.enumerated().sorted { ($0.element.file, $0.element.line, $0.offset) < ($1.element.file, $1.element.line, $1.offset) }.map(\.element)
    }

    /// What stands in for the element is named: its custom class without the module, or the
    /// engine's class for the element.
    private func className(of element: SceneObject) -> String { storyboard.classes.sceneClassName(of: element) }

    /// Whether `scene` is the element's Storyboard ID or Interface Builder id.
    private static func names(_ element: SceneObject, scene: String) -> Bool {
        element.storyboardIdentifier == scene || element.id == scene
    }


    private func actionsSent(by element: SceneObject) -> [Selector] {
        storyboard.classes.standIns?.description(of: element, className: className(of: element)).targetActions ?? []
    }

    private func segues(of scene: (element: SceneObject, document: StoryboardDocument)) -> [Connection] {
        scene.document.segues(inScene: scene.element.id ?? "")
    }

    private func outlets(of element: SceneObject) -> [String: [String]] { element.outlets }

    /// The element and the controllers its relationship segues contain, breadth first, as
    /// `prepareStandIn(for:)` looks for the outlets.
    private func contained(_ element: SceneObject, in document: StoryboardDocument) -> [SceneObject] {
        var found: [SceneObject] = []
        var queue = [element]
        while !queue.isEmpty, found.count < 64 {
            let next = queue.removeFirst()
            guard !found.contains(next) else { continue }
            found.append(next)
            let relationships = next.segues.filter { $0.segueKind.isRelationship }
            queue += relationships.compactMap { $0.destinationID.flatMap { document.controllers[$0] } }
        }
        return found
    }

    /// What is wrong with changes to outlets of these scenes (of the class or scene `named`): an
    /// outlet none connects, or a property its view does not have.
    private func outletProblems(_ changes: [OutletChange], in elements: [SceneObject], named name: String) -> [String] {
        var problems: [String] = []
        for change in changes {
            let connected = elements.map { outlets(of: $0) }
            let names = Set(connected.flatMap(\.keys))
            let ids = connected.flatMap { $0[change.outlet] ?? [] }
            guard !ids.isEmpty else {
                problems.append("\(name) connects no outlet \"\(change.outlet)\"" + Self.suggestion(change.outlet, among: names, what: "its outlets"))
                continue
            }
            for id in ids {
                guard let target = scenes.lazy.compactMap({ $0.document.object(withID: id) }).first,
                      case .made(let view) = storyboard.classes.makeView(for: target) else { continue }
                if !view.setValue(change.value, forKey: change.property) {
                    let kind = ElementNames.withArticle(target.elementName)
                    let known = ["text", "title", "isHidden", "isEnabled", "placeholder"].filter { view.setValue("true", forKey: $0) }
                    problems.append("\(change.keyPath): \(change.outlet) holds \(kind) (line \(target.line)), which has "
                        + (known.contains(change.property) ? "no such value as \"\(change.value)\" for \(change.property) (true or false)"
                            : "no property \(change.property) the terminal sets; it has \(known.joined(separator: ", "))"))
                }
            }
        }
        return problems
    }

    /// `; did you mean "toSecond"?` when one is near, else `; its … are a, b` (or that there are none).
    static func suggestion(_ given: String, among names: Set<String>, what: String) -> String {
        if let near = NearestName.to(given, among: names.sorted()) { return "; did you mean \"\(near)\"?" }
        return names.isEmpty ? "; there are none" : "; \(what): \(names.sorted().joined(separator: ", "))"
    }
}

extension StandInBehaviours.Declared {
    /// Where it was said, to report problems in the order of the file.
    fileprivate var place: DeclaredPlace { DeclaredPlace(file: file, line: line, column: column) }
}

private struct DeclaredPlace: Comparable {
    let file: String
    let line: Int
    let column: Int
    static func < (a: DeclaredPlace, b: DeclaredPlace) -> Bool { (a.file, a.line, a.column) < (b.file, b.line, b.column) }
}
