import Storyboards

/// Segues and actions of a storyboard that loading reads but the terminal can never fire: each
/// is a warning with its line, so that nothing that changes navigation is dropped silently.
///
/// Two cases, both found from what loading makes (`SceneObjects`):
/// - an object beside the scene's controller in `<objects>` (a gesture recognizer other than a
///   tap attached to a view, a bar button item or a cell kept apart from the view, a view of its
///   own): loading makes only the controller, what hangs from it and the tap gesture recognizers
///   its views list, so the object's connections are never made;
/// - an object inside the scene that loading does not make (the items of a toolbar or of a
///   navigation bar placed in a view) or makes as a plain view that draws nothing and takes no
///   key (a switch, a segmented control, a slider: controls the terminal does not have).
@MainActor
enum UnhonouredConnections {
    static func warnings(root: StoryboardElement, file: String, classes: StoryboardClasses) -> [StoryboardDiagnostic] {
        var warnings: [StoryboardDiagnostic] = []
        func warn(_ element: StoryboardElement, _ message: String) {
            warnings.append(StoryboardDiagnostic(file: file, at: element, rule: .unfireableConnection, message: message.escapedForMessage))
        }
        for scene in root.scenes(controllers: classes.isControllerElement) {
            let objects = scene.objects
            guard let controller = scene.controller else { continue }
            // The ids of the tap gesture recognizers a view of the scene lists: those fire.
            let attached = Set(controller.descendantsAndSelf.filter { $0.name == "outletCollection" && $0["property"] == "gestureRecognizers" }
                .compactMap { $0["destination"] })
            for object in objects where object !== controller && !ignoredObjects.contains(object.name)
                && !(object.name == "tapGestureRecognizer" && object.id.map(attached.contains) == true) {
                for (source, connection) in firingConnections(in: object) {
                    warn(connection, "\(described(connection)) of \(ElementNames.withArticle(source.name))\(titled(source)) never runs: "
                         + "the \(ElementNames.described(object.name)) is an object of the scene beside its controller (line \(object.line)), "
                         + "which the terminal does not make; \(advice(for: object.name))")
                }
            }
            let made = SceneObjects(controller: controller, classes: classes)
            for (source, connection) in firingConnections(in: controller) where source !== controller && !notControls.contains(source.name) {
                if made.reachable(from: source) == nil {
                    let advice = source.name == "barButtonItem"
                        ? "put the item in the scene's navigation item or toolbar items"
                        : "use a button, a table cell or a bar button item for what should navigate"
                    warn(connection, "\(described(connection)) of \(ElementNames.withArticle(source.name))\(titled(source)) never runs: "
                         + "the terminal does not make it\(placeDescription(of: source, in: controller, classes: classes)); \(advice)")
                } else if !classes.isViewElement(source.name), source["customClass"] == nil, source.name != "barButtonItem" {
                    warn(connection, "\(described(connection)) of \(ElementNames.withArticle(source.name))\(titled(source)) never runs: "
                         + "the terminal has no \(ElementNames.described(source.name)), so it draws nothing there and no key reaches it; "
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
    private static func firingConnections(in element: StoryboardElement) -> [(source: StoryboardElement, connection: StoryboardElement)] {
        var found: [(StoryboardElement, StoryboardElement)] = []
        for source in element.descendantsAndSelf {
            for connections in source.children where connections.name == "connections" {
                for connection in connections.children where connection.name == "action"
                    || (connection.name == "segue" && !SegueKind(of: connection).isContainment) {
                    found.append((source, connection))
                }
            }
        }
        return found
    }

    /// `the segue "showDetail"`, `the show segue`, `the action done:`.
    private static func described(_ connection: StoryboardElement) -> String {
        if connection.name == "action" { return "the action \(connection["selector"] ?? "?")" }
        if let identifier = connection["identifier"] { return "the segue \"\(identifier)\"" }
        return "the \(connection["kind"] ?? "") segue"
    }

    private static func titled(_ element: StoryboardElement) -> String {
        let title = element.string("title") ?? element.child("state", key: "normal")?.string("title")
        return title.map { " \"\($0)\"" } ?? ""
    }

    /// ` (it is in a toolbar placed in the view, line 40)`: what the element hangs from, when that
    /// says why it is not made.
    private static func placeDescription(of element: StoryboardElement, in controller: StoryboardElement, classes: StoryboardClasses) -> String {
        var parents: [ObjectIdentifier: StoryboardElement] = [:]
        for parent in controller.descendantsAndSelf {
            for child in parent.children { parents[ObjectIdentifier(child)] = parent }
        }
        var current = parents[ObjectIdentifier(element)]
        while let parent = current {
            if ["toolbar", "navigationBar", "tabBar"].contains(parent.name) {
                return " (it is in \(ElementNames.withArticle(parent.name)) placed in the view, line \(parent.line))"
            }
            if parent.id != nil, !classes.isViewElement(parent.name), parent.name != "navigationItem" {
                return " (it belongs to \(ElementNames.withArticle(parent.name)), line \(parent.line), which the terminal does not have)"
            }
            if parent.key == "view" { break }
            current = parents[ObjectIdentifier(parent)]
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
