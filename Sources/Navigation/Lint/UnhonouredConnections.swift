import Storyboards

extension LintRule {
    /// A segue or action the terminal can never fire (`UnhonouredConnections`).
    static let unfireableConnections = LintRule(rule: .unfireableConnection) { outline, classes in
        UnhonouredConnections.warnings(model: outline.model, classes: classes)
    }
}

/// Segues and actions of a storyboard that loading reads but the terminal can never fire: each
/// is a warning with its line, so that nothing that changes navigation is dropped silently.
///
/// Two cases, both found from what loading makes (`SceneReach`):
/// - an object beside the scene's controller in `<objects>` (a gesture recognizer other than a
///   tap attached to a view, a bar button item or a cell kept apart from the view, a view of its
///   own): loading makes only the controller, what hangs from it and the tap gesture recognizers
///   its views list, so the object's connections are never made;
/// - an object inside the scene that loading does not make (the items of a toolbar or of a
///   navigation bar placed in a view) or makes as a plain view that draws nothing and takes no
///   key (a switch, a segmented control, a slider: controls the terminal does not have).
@MainActor
enum UnhonouredConnections {

    static func warnings(model: StoryboardModel, classes: StoryboardClasses) -> [StoryboardDiagnostic] {
        var warnings: [StoryboardDiagnostic] = []
        func warn(_ connection: Connection, _ message: String) {
            warnings.append(StoryboardDiagnostic(file: model.file, at: connection, rule: .unfireableConnection, message: message.escapedForMessage))
        }
        for scene in model.scenes {
            let objects = scene.objects
            guard let controller = scene.controller else { continue }
            // The ids of the tap gesture recognizers a view of the scene lists: those fire.
            let attached = Set(controller.descendantsAndSelf.flatMap(\.connections)
                .filter { $0.kind == .outletCollection && $0.property == "gestureRecognizers" }.compactMap(\.destinationID))
            for object in objects where object != controller && !ignoredObjects.contains(object.elementName)
                && !(object.elementName == "tapGestureRecognizer" && object.id.map(attached.contains) == true) {
                for (source, connection) in firingConnections(in: object) {
                    warn(connection, "\(described(connection)) of \(ElementNames.withArticle(source.elementName))\(titled(source)) never runs: "
                         + "the \(ElementNames.described(object.elementName)) is an object of the scene beside its controller (line \(object.line)), "
                         + "which the terminal does not make; \(advice(for: object.elementName))")
                }
            }
            let made = SceneReach(controller: controller, classes: classes)
            for (source, connection) in firingConnections(in: controller) where source != controller && !notControls.contains(source.elementName) {
                if source.elementName == "refreshControl" {
                    // A table view controller's refresh control: the table is made, the pull is not.
                    warn(connection, "\(described(connection)) of a refresh control never runs: the terminal has no pull to refresh; "
                         + "use a button or a bar button item (a Refresh) for what should run it")
                } else if made.reachable(from: source) == nil {
                    let advice = source.elementName == "barButtonItem"
                        ? "put the item in the scene's navigation item or toolbar items"
                        : "use a button, a table cell or a bar button item for what should navigate"
                    warn(connection, "\(described(connection)) of \(ElementNames.withArticle(source.elementName))\(titled(source)) never runs: "
                         + "the terminal does not make it\(placeDescription(of: source, in: controller, classes: classes)); \(advice)")
                } else if !classes.isViewElement(source.elementName), source.customClass == nil, !["barButtonItem", "command", "menu"].contains(source.elementName) {
                    warn(connection, "\(described(connection)) of \(ElementNames.withArticle(source.elementName))\(titled(source)) never runs: "
                         + "the terminal has no \(ElementNames.described(source.elementName)), so it draws nothing there and no key reaches it; "
                         + "use a button for what should navigate")
                }
            }
        }
        return warnings
    }

    /// Scene objects that are not the app's: Interface Builder's stand-ins.
    private static let ignoredObjects: Set<String> = ["placeholder", "exit", "customObject"]
    /// Elements whose connections are not fired by a key: the controller's own (manual segues,
    /// outlets) and the navigation item's.
    private static let notControls: Set<String> = ["navigationItem"]

    /// Every segue (not a relationship) and action below `element`, with the element it belongs to.
    private static func firingConnections(in element: SceneObject) -> [(source: SceneObject, connection: Connection)] {
        var found: [(SceneObject, Connection)] = []
        for source in element.descendantsAndSelf {
            for connection in source.connections where connection.kind == .action
                || (connection.kind == .segue && !connection.segueKind.isContainment) {
                found.append((source, connection))
            }
        }
        return found
    }

    /// `the segue "showDetail"`, `the show segue`, `the action done:`.
    private static func described(_ connection: Connection) -> String {
        if connection.kind == .action { return "the action \(connection.selector ?? "?")" }
        if let identifier = connection.identifier { return "the segue \"\(identifier)\"" }
        return "the \(connection.writtenKind ?? "") segue"
    }

    private static func titled(_ element: SceneObject) -> String {
        element.displayedTitle.map { " \"\($0)\"" } ?? ""
    }

    /// ` (it is in a toolbar placed in the view, line 40)`: what the element hangs from, when that
    /// says why it is not made.
    private static func placeDescription(of element: SceneObject, in controller: SceneObject, classes: StoryboardClasses) -> String {
        var parents: [SceneObject: SceneObject] = [:]
        for parent in controller.descendantsAndSelf {
            for child in parent.children { parents[child] = parent }
        }
        var current = parents[element]
        while let parent = current {
            if ["toolbar", "navigationBar", "tabBar"].contains(parent.elementName) {
                return " (it is in \(ElementNames.withArticle(parent.elementName)) placed in the view, line \(parent.line))"
            }
            if parent.id != nil, !classes.isViewElement(parent.elementName), parent.elementName != "navigationItem" {
                return " (it belongs to \(ElementNames.withArticle(parent.elementName)), line \(parent.line), which the terminal does not have)"
            }
            if parent.key == "view" { break }
            current = parents[parent]
        }
        return ""
    }

    private static func advice(for elementName: String) -> String {
        switch elementName {
        case "tapGestureRecognizer":
            return "it is attached to no view (a view's gestureRecognizers), so there is nothing to press; attach it to the view it belongs to"
        case let name where name.hasSuffix("GestureRecognizer"):
            return "the terminal has no gestures but taps, which Enter on the view stands for: connect the segue or action to a tap gesture "
                + "recognizer, a button or a bar button item instead"
        default:
            return "connect the segue or action to a control in the scene's view or bars instead"
        }
    }
}
