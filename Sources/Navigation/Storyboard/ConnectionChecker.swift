import Storyboards

/// Checks what a storyboard connects before anything runs: classes known, outlets declared and
/// connected to an object loading makes, actions implemented, destinations present, segue kinds
/// the engine can perform, unwind actions some controller implements.
@MainActor
struct ConnectionChecker {
    let file: String
    let classes: StoryboardClasses
    let objectsByID: [String: SceneObject]
    let controllers: [String: SceneObject]
    /// The scenes, to tell which scene an object is in when a message needs it.
    let scenes: [Scene]
    /// For each element id inside a scene, the id of the scene's controller: made the first time
    /// a message needs it, so that a storyboard without such an error never pays for it.
    private var sceneOfElement: [String: String]?
    private(set) var errors: [StoryboardDiagnostic] = []
    /// One instance per element made to check, so that outlets are read once.
    private var samples: [SampleKey: AnyObject] = [:]
    /// The sample of each element asked about, so that its class is looked up once.
    private var sampleOfElement: [SceneObject: AnyObject] = [:]
    /// Objects whose class could not be made, reported once each.
    private var unmade: Set<SceneObject> = []
    /// What loading makes of the scene being checked.
    private var objects: SceneReach?

    /// Outlet collections Interface Builder writes for every view, which a terminal has no use for.
    static let interfaceBuilderCollections: Set<String> = ["gestureRecognizers", "accessibilityElements"]

    init(file: String, classes: StoryboardClasses, objectsByID: [String: SceneObject], controllers: [String: SceneObject], scenes: [Scene]) {
        self.file = file
        self.classes = classes
        self.objectsByID = objectsByID
        self.controllers = controllers
        self.scenes = scenes
    }

    /// The id of the controller of the scene the element `id` is in.
    private mutating func scene(ofElement id: String) -> String? {
        if sceneOfElement == nil {
            var sceneOf: [String: String] = [:]
            for scene in scenes {
                guard let controllerID = scene.controller?.id else { continue }
                for element in scene.objects.flatMap(\.descendantsAndSelf) {
                    if let elementID = element.id { sceneOf[elementID] = controllerID }
                }
            }
            sceneOfElement = sceneOf
        }
        return sceneOfElement?[id]
    }

    /// Storyboard text in a message is escaped, so a file cannot forge `FILE:LINE: error:` lines
    /// or reorder what the terminal shows.
    private mutating func fail(_ object: SceneObject, _ message: String) {
        errors.append(StoryboardDiagnostic(file: file, at: object, rule: .connections, message: message.escapedForMessage))
    }

    private mutating func fail(_ connection: Connection, _ message: String) {
        errors.append(StoryboardDiagnostic(file: file, at: connection, rule: .connections, message: message.escapedForMessage))
    }

    mutating func check(scene: Scene) {
        guard let controller = scene.controller else { return }
        // A storyboard reference's scene is checked where it leads (StoryboardGroup).
        if controller.isStoryboardReference { return }
        // A scene the engine cannot make at all has nothing more worth reporting; one whose class
        // is unknown still has its connections checked, so that every problem shows at once.
        if sample(of: controller) == nil, case .unsupportedElement = classes.makeController(for: controller) { return }
        objects = SceneReach(controller: controller, classes: classes)
        walk(controller, in: controller)
        // Tap gesture recognizers beside the controller fire their segues and actions too.
        for recognizer in scene.tapGestureRecognizers {
            walk(recognizer, in: controller)
        }
        objects = nil
    }

    /// Checks the connections of `element` and of everything below it.
    private mutating func walk(_ element: SceneObject, in controller: SceneObject) {
        for object in element.descendantsAndSelf {
            for connection in object.connections { check(connection, from: object, in: controller) }
            if object != controller, classes.isViewElement(object.elementName) || object.customClass != nil {
                _ = sample(of: object)
            }
            checkRequiredOutlets(of: object)
        }
    }

    /// The outlets the app registered as needed for the element's class are all connected.
    private mutating func checkRequiredOutlets(of element: SceneObject) {
        guard let (className, required) = classes.requiredOutlets(of: element) else { return }
        let connected = Set(element.connections.filter { $0.kind == .outlet }.compactMap(\.property))
        for outlet in required where !connected.contains(outlet) {
            fail(element, "\(className)'s outlet \"\(outlet)\" is not connected, and the app needs it; connect it in Interface Builder")
        }
    }

    private mutating func check(_ connection: Connection, from source: SceneObject, in controller: SceneObject) {
        if case .other = connection.kind { return }
        guard let destinationID = connection.destinationID else {
            fail(connection, "<\(connection.elementName)> without a destination")
            return
        }
        guard let destination = objectsByID[destinationID] else {
            let meant = NearestName.to(destinationID, among: objectsByID.keys.sorted()).map { id in
                " (did you mean \"\(id)\", \(objectsByID[id].map { ElementNames.described($0.elementName) } ?? "an object")\(objectsByID[id]?.title.map { " \"\($0)\"" } ?? "")?)"
            } ?? ""
            fail(connection, "\(connection.elementName) \(connection.describedName) points at \"\(destinationID)\", which no object in the storyboard has as its id\(meant)")
            return
        }
        switch connection.kind {
        case .outlet, .outletCollection:
            checkOutlet(connection, from: source, to: destination, in: controller)
        case .action:
            checkAction(connection, to: destination)
        case .segue, .other:
            checkSegue(connection, from: source, in: controller, to: destination)
        }
    }

    // MARK: Outlets

    /// The outlets UIKit's classes declare, by the element Interface Builder writes for each:
    /// what a storyboard may connect on them whatever the terminal's views declare.
    static let uiKitOutlets: [String: Set<String>] = [
        "toolbar": ["delegate"], "navigationBar": ["delegate"], "tabBar": ["delegate"], "searchBar": ["delegate"],
        "scrollView": ["delegate"], "textView": ["delegate"], "textField": ["delegate"],
        "tableView": ["dataSource", "delegate", "prefetchDataSource", "dragDelegate", "dropDelegate"],
        "collectionView": ["dataSource", "delegate", "prefetchDataSource", "dragDelegate", "dropDelegate"],
        "pickerView": ["dataSource", "delegate"], "wkWebView": ["navigationDelegate", "UIDelegate"], "mapView": ["delegate"],
        "tapGestureRecognizer": ["delegate"], "panGestureRecognizer": ["delegate"], "swipeGestureRecognizer": ["delegate"],
        "pinchGestureRecognizer": ["delegate"], "longPressGestureRecognizer": ["delegate"],
        "rotationGestureRecognizer": ["delegate"], "screenEdgePanGestureRecognizer": ["delegate"],
        // A cell's views that UIKit declares (issue 46: a corpus file's accessoryView was refused).
        "tableViewCell": ["accessoryView", "editingAccessoryView", "backgroundView", "selectedBackgroundView",
                          "multipleSelectionBackgroundView"],
        "collectionViewCell": ["backgroundView", "selectedBackgroundView"],
        "splitViewController": ["delegate"], "tabBarController": ["delegate"], "navigationController": ["delegate"],
        "pageViewController": ["dataSource", "delegate"],
    ]

    private mutating func checkOutlet(_ connection: Connection, from source: SceneObject, to destination: SceneObject, in controller: SceneObject) {
        guard let property = connection.property else {
            fail(connection, "outlet without a property name")
            return
        }
        let isCollection = connection.kind == .outletCollection
        // Interface Builder writes these for gestures and accessibility; a terminal reads past them.
        if isCollection, Self.interfaceBuilderCollections.contains(property) { return }
        guard source.isViewOrController(classes), let owner = sample(of: source) else { return }
        // A stand-in has none of its class's outlets: the code that reads them is not there.
        if classes.isStandIn(source) { return }
        let outlets = classes.outletTable(of: owner)
        let className = typeName(type(of: owner))
        let wrapper = isCollection ? "@OutletCollection" : "@Outlet"
        guard let outlet = outlets.outlet(named: property, of: owner) else {
            // An outlet UIKit's own class has (a toolbar's delegate): Xcode connects it, and the
            // terminal's view, which draws no such thing, reads past it (issue 33).
            if !isCollection, Self.uiKitOutlets[source.elementName]?.contains(property) == true { return }
            let known = outlets.names.joined(separator: ", ")
            let kind = isCollection ? "outlet collection" : "outlet"
            fail(connection, "\(className) has no \(kind) \"\(property)\"\(known.isEmpty ? "" : " (its outlets: \(known))"); "
                + "declare `\(wrapper) var \(property): \(isCollection ? "[…]" : "…")` in \(className) or remove the connection")
            return
        }
        guard outlet.isCollection == isCollection else {
            fail(connection, "\(className)'s \"\(property)\" is \(outlet.isCollection ? "an outlet collection" : "a single outlet"), but the storyboard "
                + "connects it as \(isCollection ? "an outlet collection" : "an outlet"); declare it `\(wrapper) var`, or connect it as the other kind")
            return
        }
        let described = "outlet \(isCollection ? "collection " : "")\"\(property)\" of \(className)"
        // Loading connects an outlet to an object of the same tree only; anything else stays nil.
        if let reachable = objects?.reachable(from: source) {
            guard let id = destination.id, reachable.contains(id) else {
                fail(connection, "\(described) is connected to \(whereIs(destination, from: source, in: controller)); connect it to a "
                    + "\(outlet.valueTypeName) in \(objects?.isInPrototype(source) == true ? "the same cell" : "this scene's view")")
                return
            }
        } else if !destination.isViewOrController(classes) {
            return
        }
        guard let target = object(for: destination) else { return }
        // An outlet to a stand-in (a text field's delegate, to a controller whose class the app
        // does not have) stays nil, as the stand-in has none of the code it would call.
        if target is StandIn { return }
        // With stand-ins (a storyboard run without its code), an engine view's outlet to an object
        // of another type (a text field's delegate connected to a navigation item) stays nil, as
        // UIKit sets it and nothing answers: the code that relied on it is not there either.
        if !outlet.connect(target), classes.standIns == nil {
            fail(connection, "\(described) holds a \(outlet.valueTypeName), but it is connected to a \(typeName(type(of: target))) "
                + "(<\(destination.elementName)> on line \(destination.line))")
        }
    }

    /// Where an outlet's destination is, from the source's point of view, when loading does not
    /// make it within the source's reach.
    private mutating func whereIs(_ destination: SceneObject, from source: SceneObject, in controller: SceneObject) -> String {
        let what = "\(ElementNames.withArticle(destination.elementName)) (line \(destination.line))"
        if let id = destination.id, let scene = scene(ofElement: id), scene != controller.id {
            return "\(what) in another scene; an outlet holds an object of its own scene"
        }
        if objects?.isInPrototype(destination) == true {
            return objects?.isInPrototype(source) == true
                ? "\(what) in another prototype cell; a cell's outlets hold the cell's own views"
                : "\(what) inside a prototype cell, which is made anew for every row"
        }
        if objects?.isInPrototype(source) == true {
            return "\(what) outside the cell; a cell's outlets hold the cell's own views"
        }
        return "\(what), which loading does not make into an object (it makes the controller, its navigation item and bar button items, and the views "
            + "under <subviews>)"
    }

    /// The object loading makes for an outlet's destination, to check its type.
    private mutating func object(for destination: SceneObject) -> AnyObject? {
        switch destination.elementName {
        case "navigationItem": NavigationItem()
        case "barButtonItem": BarButtonItem(title: nil)
        default: sample(of: destination)
        }
    }

    // MARK: Actions and segues

    private mutating func checkAction(_ connection: Connection, to destination: SceneObject) {
        guard let selector = connection.selector else {
            fail(connection, "action without a selector")
            return
        }
        guard classes.isControllerElement(destination.elementName), let target = sample(of: destination) as? ActionTarget else { return }
        // A stand-in takes any action sent to it, from its own scene or another's, and does
        // nothing with it, as documented; refusing it named a class of ours the author never wrote
        // (StandInTableHostViewController), with advice `storyboard run` cannot follow (issue 33).
        if classes.isStandIn(destination) { return }
        if !target.responds(to: Selector(selector)) {
            let className = typeName(type(of: target))
            fail(connection, "\(className) does not implement the action \"\(selector)\"; add `@IBAction func \(selector.dropLast())(_ sender: Any?)` "
                + "and list it in `actions`")
        }
    }

    private mutating func checkSegue(_ segue: Connection, from source: SceneObject, in controller: SceneObject, to destination: SceneObject) {
        // As written, for messages.
        let written = segue.writtenKind ?? ""
        let kind = segue.segueKind
        switch kind {
        case .relationship(let relationship):
            let relationship = relationship ?? ""
            guard Storyboard.containerRelationships[controller.elementName]?.contains(relationship) == true else {
                fail(segue, "relationship \"\(relationship)\" of \(ElementNames.withArticle(controller.elementName)) is not supported; supported are a "
                    + "navigation controller's rootViewController, a tab bar controller's viewControllers and a split view controller's "
                    + "masterViewController, supplementaryViewController, detailViewController and compactViewController")
                return
            }
            requireScene(destination, for: segue)
        case .unwind(let action):
            if destination.elementName != "exit" {
                fail(segue, "unwind segue to \(ElementNames.withArticle(destination.elementName)) (line \(destination.line)): unwind segues connect to the "
                    + "scene's Exit placeholder")
            } else if let id = destination.id, let scene = scene(ofElement: id), scene != controller.id {
                // Interface Builder connects a control only to its own scene's Exit (issue 47: one
                // pointed at another scene's passed exercise 1 and lint said nothing).
                let other = controllers[scene].flatMap { $0.sceneTitle ?? $0.customClassName }.map { "\"\($0)\", " } ?? ""
                fail(segue, "unwind segue to another scene's Exit (\(other)line \(destination.line)): Interface Builder connects a control only to "
                    + "its own scene's Exit; connect it to this scene's Exit (control-drag to the Exit icon above this scene)")
            }
            guard let action else {
                fail(segue, "unwind segue without an unwindAction; choose the action in Interface Builder")
                return
            }
            checkUnwindAction(Selector(action), of: segue)
        case .custom(let className):
            requireScene(destination, for: segue)
            let name = className ?? ""
            if classes.segueClass(named: name) == nil, classes.standIns == nil {
                fail(segue, "custom segue class \"\(name)\" is not registered; register it with StoryboardClasses.registerSegue")
            }
        case .embed:
            if source.elementName != "containerView" {
                fail(segue, "an embed segue from \(ElementNames.withArticle(source.elementName)) (line \(source.line)): embed segues start from a container "
                    + "view, whose area the child fills")
            }
            requireScene(destination, for: segue)
        case .popover:
            requireScene(destination, for: segue)
            checkPopoverAnchor(segue, from: source)
        case .unknown:
            fail(segue, "unknown segue kind \"\(written)\"")
            return
        case .show, .showDetail, .presentation:
            requireScene(destination, for: segue)
        }
        // With stand-ins (`wallet storyboard run`) such a segue does its kind's own transition.
        if !kind.isRelationship, !kind.isCustom, let name = segue.customClass, classes.segueClass(named: name) == nil,
           classes.standIns == nil {
            fail(segue, "segue class \"\(name)\" is not registered; register it with StoryboardClasses.registerSegue, or remove the custom class to "
                + "get the \(written) segue's own transition")
        }
    }

    /// A popover points at its anchor: the storyboard's `popoverAnchorView` or
    /// `popoverAnchorBarButtonItem`, or the control that triggers it. Xcode refuses a popover
    /// segue with neither, as this does: one started by the controller itself needs an anchor.
    private mutating func checkPopoverAnchor(_ segue: Connection, from source: SceneObject) {
        if case .popover(let anchorID?) = segue.segueKind {
            if objectsByID[anchorID] == nil {
                fail(segue, "the popover's anchor \"\(anchorID)\" is no object in the storyboard; anchor it at a view or a bar button item of the scene")
            }
        } else if classes.isControllerElement(source.elementName) {
            fail(segue, "a popover presentation segue started by the view controller has no anchor; set its Anchor in Interface Builder "
                + "(popoverAnchorView or popoverAnchorBarButtonItem), as Xcode requires")
        }
    }

    /// An unwind whose action no controller of the app implements finds no destination: Send
    /// would "succeed" and nothing would happen, so the storyboard is refused instead.
    private mutating func checkUnwindAction(_ action: Selector, of segue: Connection) {
        guard classes.checksUnwindActions else { return }
        let implemented = classes.implementedUnwindActions
        guard !implemented.contains(action) else { return }
        let known = implemented.map(\.name).sorted().joined(separator: ", ")
        fail(segue, "no view controller in the app implements \(action.name), so this unwind segue would find no destination and do nothing; choose an "
            + "action a controller implements (\(known.isEmpty ? "none does" : known)), or add `@IBAction func "
            + "\(action.name.split(separator: ":").first ?? "")(_ unwindSegue: StoryboardSegue)` to the controller to return to and list it in `actions`")
    }

    private mutating func requireScene(_ destination: SceneObject, for segue: Connection) {
        guard let id = destination.id, controllers[id] != nil else {
            fail(segue, "segue destination \"\(destination.id ?? "")\" is \(ElementNames.withArticle(destination.elementName)) (line \(destination.line)), "
                + "not a view controller scene")
            return
        }
    }

    // MARK: Samples

    /// An instance of the class an element makes, or nil with an error when it cannot be made.
    /// One sample a view class: the checks ask only what class a view's element makes, and a
    /// sample an element would keep a view alive for each of a large storyboard's elements. A
    /// controller is sampled per scene (a stand-in implements what its own scene declares). An
    /// element whose class cannot be made is reported once, at its own line.
    private mutating func sample(of element: SceneObject) -> AnyObject? {
        if let made = sampleOfElement[element] { return made }
        let made = sample(ofClassOf: element)
        if let made { sampleOfElement[element] = made }
        return made
    }

    private mutating func sample(ofClassOf element: SceneObject) -> AnyObject? {
        let isController = classes.isControllerElement(element.elementName)
        let key = SampleKey(element: element.elementName, customClass: element.customClass, customModule: element.customModule,
                            scene: isController ? element : nil)
        if let made = samples[key] { return made }
        if unmade.contains(element) { return nil }
        let made: AnyObject? = isController
            ? object(from: classes.makeController(for: element), element, kind: "view controller", known: classes.knownControllerClassNames)
            : object(from: classes.makeView(for: element), element, kind: "view", known: classes.knownViewClassNames)
        if let made { samples[key] = made } else { unmade.insert(element) }
        return made
    }

    /// What decides the class an element makes.
    private struct SampleKey: Hashable {
        let element: String
        let customClass: String?
        let customModule: String?
        let scene: SceneObject?
    }

    private mutating func object<Base: AnyObject>(from resolution: StoryboardClasses.Resolution<Base>, _ element: SceneObject,
                                                  kind: String, known: [String]) -> AnyObject? {
        switch resolution {
        case .made(let object):
            return object
        case .unsupportedElement(let name):
            if name == ElementNames.storyboardReference {
                let target = element.referencedStoryboardName.map { " to \"\($0)\"" } ?? ""
                fail(element, "a storyboard reference\(target) is not supported yet; copy the scene it refers to into this storyboard")
            } else {
                fail(element, "\(ElementNames.withArticle(name)) is not supported yet; the engine has view controllers, navigation, tab bar, split "
                    + "view and table view controllers")
            }
        case .unknownClass(let name):
            fail(element, unknownClassMessage(name, kind: kind, known: known))
        case .wrongKind(let className, let elementName, let elementClass):
            fail(element, "\(className) is not a kind of \(elementClass), but the storyboard uses it for \(ElementNames.withArticle(elementName))")
        }
        return nil
    }

    /// What an unknown class means and the two ways out: a storyboard written for the app's
    /// classes, or the class registered in code.
    private func unknownClassMessage(_ name: String, kind: String, known: [String]) -> String {
        let shortName = SceneObject.withoutModule(name)
        let registration = kind == "view" ? "registerView" : "register"
        let classes = known.isEmpty ? "none" : known.joined(separator: ", ")
        let advice = self.classes.unknownClassAdvice.map { " (\($0))" } ?? ""
        return "unknown \(kind) class \"\(name)\": this app's \(kind) classes are \(classes)\(advice); "
            + "a storyboard may name only these, or the app registers the class in code: `classes.\(registration)(\(shortName).self) { \(shortName)() "
                + "}` (StoryboardClasses.\(registration))"
    }
}

private extension Connection {
    /// How a connection is named in messages: its property, selector or kind.
    var describedName: String {
        if let property { return "\"\(property)\"" }
        if let selector { return "\"\(selector)\"" }
        return "(\(writtenKind ?? "segue")\(identifier.map { " \"\($0)\"" } ?? ""))"
    }
}

private extension SceneObject {
    @MainActor
    func isViewOrController(_ classes: StoryboardClasses) -> Bool {
        classes.isControllerElement(elementName) || classes.isViewElement(elementName) || customClass != nil
    }
}
