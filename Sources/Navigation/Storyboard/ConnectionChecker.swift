/// Checks what a storyboard connects before anything runs: classes known, outlets declared,
/// actions implemented, destinations present, segue kinds the engine can perform.
@MainActor
struct ConnectionChecker {
    let file: String
    let classes: StoryboardClasses
    let elementsByID: [String: StoryboardElement]
    let controllers: [String: StoryboardElement]
    private(set) var errors: [StoryboardError] = []
    /// One instance per element made to check, so that outlets are read once.
    private var samples: [ObjectIdentifier: AnyObject?] = [:]

    init(file: String, classes: StoryboardClasses, elementsByID: [String: StoryboardElement], controllers: [String: StoryboardElement]) {
        self.file = file
        self.classes = classes
        self.elementsByID = elementsByID
        self.controllers = controllers
    }

    private mutating func fail(_ element: StoryboardElement, _ message: String) {
        errors.append(StoryboardError(file: file, line: element.line, message: message))
    }

    mutating func check(scene: StoryboardElement) {
        let objects = scene.child("objects")?.children ?? []
        guard let controller = objects.first(where: { classes.isControllerElement($0.name) }) else { return }
        guard sample(of: controller) != nil else { return }
        walk(controller, in: controller)
    }

    /// Checks the connections of `element` and of everything below it.
    private mutating func walk(_ element: StoryboardElement, in controller: StoryboardElement) {
        if let connections = element.child("connections") {
            for connection in connections.children { check(connection, from: element, in: controller) }
        }
        if element !== controller, classes.isViewElement(element.name) || element["customClass"] != nil {
            _ = sample(of: element)
        }
        checkRequiredOutlets(of: element)
        for child in element.children where child.name != "connections" {
            walk(child, in: controller)
        }
    }

    /// The outlets the app registered as needed for the element's class are all connected.
    private mutating func checkRequiredOutlets(of element: StoryboardElement) {
        guard let (className, required) = classes.requiredOutlets(of: element) else { return }
        let connected = Set(element.child("connections")?.children.filter { $0.name == "outlet" }.compactMap { $0["property"] } ?? [])
        for outlet in required where !connected.contains(outlet) {
            fail(element, "\(className)'s outlet \"\(outlet)\" is not connected, and the app needs it; connect it in Interface Builder")
        }
    }

    private mutating func check(_ connection: StoryboardElement, from source: StoryboardElement, in controller: StoryboardElement) {
        guard ["outlet", "action", "segue", "outletCollection"].contains(connection.name) else { return }
        guard let destinationID = connection["destination"] else {
            fail(connection, "<\(connection.name)> without a destination")
            return
        }
        guard let destination = elementsByID[destinationID] else {
            fail(connection, "\(connection.name) \(connection.describedName) points at \"\(destinationID)\", which no object in the storyboard has as its id")
            return
        }
        switch connection.name {
        case "outlet", "outletCollection":
            checkOutlet(connection, from: source, to: destination)
        case "action":
            checkAction(connection, to: destination)
        default:
            checkSegue(connection, from: source, in: controller, to: destination)
        }
    }

    private mutating func checkOutlet(_ connection: StoryboardElement, from source: StoryboardElement, to destination: StoryboardElement) {
        guard let property = connection["property"] else {
            fail(connection, "outlet without a property name")
            return
        }
        guard source.isViewOrController(classes), let owner = sample(of: source) else { return }
        let outlets = Outlets.of(owner)
        let className = String(describing: type(of: owner))
        guard let outlet = outlets[property] else {
            let known = outlets.keys.sorted().joined(separator: ", ")
            fail(connection, "\(className) has no outlet \"\(property)\"\(known.isEmpty ? "" : " (its outlets: \(known))"); declare `@Outlet var \(property): …` in \(className) or remove the connection")
            return
        }
        guard destination.isViewOrController(classes), let target = sample(of: destination) else { return }
        if !outlet.connect(target) {
            fail(connection, "outlet \"\(property)\" of \(className) holds a \(outlet.valueTypeName), but it is connected to a \(String(describing: type(of: target))) (<\(destination.name)> on line \(destination.line))")
        }
    }

    private mutating func checkAction(_ connection: StoryboardElement, to destination: StoryboardElement) {
        guard let selector = connection["selector"] else {
            fail(connection, "action without a selector")
            return
        }
        guard classes.isControllerElement(destination.name), let target = sample(of: destination) as? ActionTarget else { return }
        if !target.responds(to: Selector(selector)) {
            let className = String(describing: type(of: target))
            fail(connection, "\(className) does not implement the action \"\(selector)\"; add `@IBAction func \(selector.dropLast())(_ sender: Any?)` and list it in `actions`")
        }
    }

    private mutating func checkSegue(_ segue: StoryboardElement, from source: StoryboardElement, in controller: StoryboardElement,
                                     to destination: StoryboardElement) {
        let kind = segue["kind"] ?? ""
        switch kind {
        case "relationship":
            let relationship = segue["relationship"] ?? ""
            guard controller.name == "navigationController", relationship == "rootViewController" else {
                fail(segue, "relationship \"\(relationship)\" of a \(controller.name) is not supported yet; navigation controllers' rootViewController is")
                return
            }
            requireScene(destination, for: segue)
        case "unwind":
            if destination.name != "exit" {
                fail(segue, "unwind segue to <\(destination.name)>: unwind segues connect to the scene's Exit placeholder")
            }
            if segue["unwindAction"] == nil {
                fail(segue, "unwind segue without an unwindAction; choose the action in Interface Builder")
            }
        case "custom":
            requireScene(destination, for: segue)
            let name = segue["customClass"] ?? ""
            if classes.segueClass(named: name) == nil {
                fail(segue, "custom segue class \"\(name)\" is not registered; register it with StoryboardClasses.registerSegue")
            }
        case "embed":
            fail(segue, "embed segues are not supported yet")
        default:
            guard SegueKinds.kind(of: segue) != nil else {
                fail(segue, "unknown segue kind \"\(kind)\"")
                return
            }
            requireScene(destination, for: segue)
        }
    }

    private mutating func requireScene(_ destination: StoryboardElement, for segue: StoryboardElement) {
        guard let id = destination.id, controllers[id] != nil else {
            fail(segue, "segue destination \"\(destination.id ?? "")\" is a <\(destination.name)>, not a view controller scene")
            return
        }
    }

    /// An instance of the class an element makes, or nil with an error when it cannot be made.
    private mutating func sample(of element: StoryboardElement) -> AnyObject? {
        let key = ObjectIdentifier(element)
        if let made = samples[key] { return made }
        let made: AnyObject? = classes.isControllerElement(element.name)
            ? object(from: classes.makeController(for: element), element, kind: "view controller", known: classes.knownControllerClassNames)
            : object(from: classes.makeView(for: element), element, kind: "view", known: classes.knownViewClassNames)
        samples[key] = .some(made)
        return made
    }

    private mutating func object<Base: AnyObject>(from resolution: StoryboardClasses.Resolution<Base>, _ element: StoryboardElement,
                                                  kind: String, known: [String]) -> AnyObject? {
        switch resolution {
        case .made(let object):
            return object
        case .unsupportedElement(let name):
            fail(element, "\(name) scenes are not supported yet; the engine has viewController, navigationController and tableViewController")
        case .unknownClass(let name):
            fail(element, "unknown \(kind) class \"\(name)\"; the app registers: \(known.joined(separator: ", "))")
        case .wrongKind(let className, let elementName, let elementClass):
            fail(element, "\(className) is not a kind of \(elementClass), but the storyboard uses it for a <\(elementName)>")
        }
        return nil
    }
}

private extension StoryboardElement {
    /// How a connection is named in messages: its property, selector or kind.
    var describedName: String {
        if let property = self["property"] { return "\"\(property)\"" }
        if let selector = self["selector"] { return "\"\(selector)\"" }
        return "(\(self["kind"] ?? "segue")\(self["identifier"].map { " \"\($0)\"" } ?? ""))"
    }

    @MainActor
    func isViewOrController(_ classes: StoryboardClasses) -> Bool {
        classes.isControllerElement(name) || classes.isViewElement(name) || self["customClass"] != nil
    }
}
