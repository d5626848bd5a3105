import Storyboards

/// A storyboard file in Interface Builder's XML, as `UIStoryboard`: scenes the app
/// instantiates, with their views, outlets, actions and segues.
///
/// Loading checks the whole file, and reports every problem the engine cannot honour with its
/// line, so that a broken storyboard fails at launch with a message rather than later with a
/// crash. What a terminal has no use for (constraints, frames, colours, fonts, traits) is
/// read past.
@MainActor
public final class Storyboard {
    /// The file as messages name it.
    public let name: String
    let classes: StoryboardClasses
    let document: StoryboardDocument
    /// Where the file is, as given: storyboard references open the files beside it.
    let path: String
    /// The file, whatever path spells it: its storyboard group opens each file once.
    let fileKey: StoryboardGroup.FileKey
    /// The storyboards opened with this one through its references, each file once.
    let group: StoryboardGroup
    /// The storyboards its references opened, kept open as long as it is: the group holds its
    /// storyboards weakly, since each holds the group.
    var openedByReferences: [Storyboard] = []
    /// The storyboard's scenes and segues, built the first time they are asked for, once
    /// (issue 44: it was built again at every access).
    public private(set) lazy var outline = StoryboardOutline(model: document.model, classes: classes)

    /// The storyboard in the file at `path`. Messages name the file as `name`, by default the
    /// path as given, so that an editor can jump from `PATH:LINE: error:` to the line.
    public convenience init(contentsOfFile path: String, name: String? = nil, classes: StoryboardClasses) throws(StoryboardErrors) {
        let name = (name ?? path).escapedForMessage
        let read: (bytes: [UInt8], identity: FileIdentity)
        do {
            read = try StoryboardFile.bytesAndIdentity(atPath: path, name: name)
        } catch {
            throw StoryboardErrors(errors: [error])
        }
        try self.init(data: read.bytes, name: name, path: path, key: .file(read.identity), classes: classes, group: StoryboardGroup())
    }

    /// The storyboard at `path` from its bytes, already read with `StoryboardFile.contents(atPath:)`:
    /// the same as `init(contentsOfFile:name:classes:)`, without reading the file a second time.
    public convenience init(bytes: [UInt8], ofFile path: String, name: String? = nil, classes: StoryboardClasses) throws(StoryboardErrors) {
        let group = StoryboardGroup()
        try self.init(data: bytes, name: (name ?? path).escapedForMessage, path: path, key: group.key(forPath: path), classes: classes, group: group)
    }

    /// The storyboard in `data`, the bytes of a file that messages call `name`; its references
    /// open the files beside `name`.
    public convenience init(data: some Collection<UInt8>, name: String, classes: StoryboardClasses) throws(StoryboardErrors) {
        let group = StoryboardGroup()
        try self.init(data: data, name: name, path: name, key: group.key(forPath: name), classes: classes, group: group)
    }

    /// The storyboard `path` of `files` (paths and their bytes, such as storyboards embedded in the
    /// app), named `name` in messages; its references find the files beside it among `files`
    /// before looking on disk.
    public convenience init(path: String, of files: [String: [UInt8]], name: String, classes: StoryboardClasses) throws(StoryboardErrors) {
        let group = StoryboardGroup(files: files)
        guard let bytes = files[path] else {
            throw StoryboardErrors(errors: [StoryboardDiagnostic(file: name, line: 0, rule: .file, message: "is not among the storyboards embedded in the app")])
        }
        try self.init(data: bytes, name: name, path: path, key: group.key(forPath: path), classes: classes, group: group)
    }

    /// A storyboard of `group`, which it joins, under the key of its file, before opening the
    /// files its references name, so that references between files that name each other open
    /// each file once. Its bytes and elements are charged to the group's budget.
    convenience init(data: some Collection<UInt8>, name: String, path: String, key: StoryboardGroup.FileKey, classes: StoryboardClasses,
                     group: StoryboardGroup) throws(StoryboardErrors) {
        try group.charge(file: name, bytes: data.count)
        let parsed: (model: StoryboardModel, elements: Int)
        do {
            parsed = try StoryboardModel.parse(data, file: name, elementAllowance: group.elementAllowance, controllers: classes.isControllerElement)
        } catch {
            if error.message == StoryboardBudget.elementsMessage { throw group.exhaust(error) }
            throw StoryboardErrors(errors: [error])
        }
        group.charge(elements: parsed.elements)
        try self.init(model: parsed.model, name: name, path: path, key: key, classes: classes, group: group)
    }

    /// The storyboard of a file parsed already, the first of its group, whose budget it charges.
    convenience init(model: StoryboardModel, bytes: Int, elements: Int, name: String, path: String, key: StoryboardGroup.FileKey,
                     classes: StoryboardClasses, group: StoryboardGroup) throws(StoryboardErrors) {
        try group.charge(file: name, bytes: bytes)
        group.charge(elements: elements)
        try self.init(model: model, name: name, path: path, key: key, classes: classes, group: group)
    }

    private init(model: StoryboardModel, name: String, path: String, key: StoryboardGroup.FileKey, classes: StoryboardClasses,
                 group: StoryboardGroup) throws(StoryboardErrors) {
        self.name = name
        self.classes = classes
        self.path = path
        fileKey = key
        self.group = group
        classes.standIns?.noteSceneActions(in: model, classNames: { classes.sceneClassName(of: $0) })
        document = try StoryboardDocument(model: model, classes: classes)
        group.add(self)
        var errors = group.checkReferences(of: self)
        if errors.isEmpty { errors = group.checkContainment(of: self) }
        if !errors.isEmpty { throw StoryboardErrors(errors: errors) }
    }

    /// The scene the storyboard starts with, made anew; nil when the storyboard names none.
    public func instantiateInitialViewController() -> ViewController? {
        document.initialControllerID.flatMap(instantiateScene(withControllerID:))
    }

    /// The scene whose `storyboardIdentifier` is `identifier`, made anew.
    public func instantiateViewController(withIdentifier identifier: String) -> ViewController? {
        document.controllerID(forStoryboardIdentifier: identifier).flatMap(instantiateScene(withControllerID:))
    }

    /// The line of the storyboard's `<document>` element, for messages about the whole file.
    public var documentLine: Int { document.model.line }

    /// The unwind actions of a scene's Exit connections (the scene's controller element id).
    func unwindActions(inSceneOf controllerID: String) -> [Selector] { document.unwindActions(inScene: controllerID) }

    /// What the scene with this controller id makes, as the trace names a controller: its class
    /// (the custom class, or the engine's for the element) and its title, quoted, if it has one;
    /// for a storyboard reference, the file it opens.
    public func describedScene(withControllerID id: String) -> String {
        guard let element = document.controllers[id] else { return "scene \(id.escapedForMessage)" }
        if element.isStoryboardReference {
            return "the scene of \(element.referencedStoryboardName ?? "another storyboard").storyboard".escapedForMessage
        }
        let className = classes.sceneClassName(of: element)
        let title = element.sceneTitle
        return (title.map { "\(className) \"\($0)\"" } ?? className).escapedForMessage
    }

    // MARK: Scenes

    /// Makes the controller of a scene, with its navigation item, its segues and, for a
    /// navigation controller, its root. The view is made later, when it first loads. Loading has
    /// checked that every scene named by the storyboard can be made and that roots form no
    /// cycle; nil stands for a scene that cannot be made rather than a trap.
    func instantiateScene(withControllerID id: String) -> ViewController? {
        if document.controllers[id]?.isStoryboardReference == true { return instantiateReference(withControllerID: id) }
        guard let element = document.controllers[id], case .made(let controller) = classes.makeController(for: element) else {
            return nil
        }
        controller.storyboard = self
        controller.storyboardIdentifier = element.storyboardIdentifier
        controller.storyboardElementID = id
        if element.customClass == nil, StoryboardClasses.plainSceneElements.contains(element.elementName) {
            controller.sceneClassName = element.uiKitClassName
        }
        // Like init(coder:), a scene sets a title only when it has one.
        if let title = element.title { controller.title = title }
        if let modal = RuntimeAttribute.modalInPresentation(of: element) { controller.isModalInPresentation = modal }
        var objects = ObjectTable(owner: controller, ownerID: id)
        if let item = element.navigationItem {
            configure(controller.navigationItem, from: item, objects: &objects)
        }
        controller.toolbarItems = element.toolbarItems.compactMap { barButtonItem($0, objects: &objects) }
        for segue in document.segues(inScene: id) {
            if let identifier = segue.identifier, let template = makeTemplate(segue) {
                controller.segueTemplates[identifier] = template
            }
        }
        configureContainment(of: controller, from: element)
        instantiateRelationships(of: controller, from: element)
        if let navigation = controller as? NavigationController {
            navigation.prefersLargeTitles = element.prefersLargeTitles
            navigation.isToolbarHidden = element.isToolbarHidden
            if let rootID = element.rootRelationship?.destinationID,
               let root = instantiateScene(withControllerID: rootID) {
                navigation.setViewControllers([root], animated: false)
            }
        }
        // A title view is made with the navigation item, before the scene's view: the bar shows
        // it as soon as the controller is on a stack.
        if let titleView = element.navigationItem?.titleView {
            controller.navigationItem.titleView = loadTree(titleView, owner: controller, objects: objects)
        }
        let barItems = objects
        controller.viewFactory = { [unowned self] owner in
            self.loadView(of: element, owner: owner, objects: barItems)
        }
        return controller
    }

    private func configure(_ navigationItem: NavigationItem, from element: SceneObject, objects: inout ObjectTable) {
        objects.add(navigationItem, id: element.id)
        navigationItem.title = element.title
        navigationItem.prompt = element.prompt
        if let mode = element.largeTitleDisplayMode.flatMap(NavigationItem.LargeTitleDisplayMode.init(rawValue:)) {
            navigationItem.largeTitleDisplayMode = mode
        }
        navigationItem.hidesBackButton = element.hidesBackButton
        navigationItem.leftItemsSupplementBackButton = element.leftItemsSupplementBackButton
        navigationItem.leftBarButtonItems = element.leftBarButtonItems.compactMap { barButtonItem($0, objects: &objects) }
        navigationItem.rightBarButtonItems = element.rightBarButtonItems.compactMap { barButtonItem($0, objects: &objects) }
        navigationItem.backButtonTitle = element.backButtonTitle
    }

    private func barButtonItem(_ element: SceneObject, objects: inout ObjectTable) -> BarButtonItem? {
        let item = BarButtonItem(title: element.title, systemItem: element.systemItem.flatMap(BarButtonItem.SystemItem.init(rawValue:)))
        item.imageName = element.imageName
        item.isEnabled = element.isEnabled
        objects.add(item, id: element.id)
        if let id = element.id { objects.owner?.barButtonItemsByStoryboardID[id] = item }
        connect(element.connections, of: item, connections: item.connections, objects: objects)
        if let menuElement = element.menu {
            var pending: [PendingConnections] = []
            item.menu = menu(menuElement, objects: &objects, pending: &pending)
            for (command, connections) in pending { connect(connections, of: command, connections: (command as? Command)?.connections, objects: objects) }
        }
        return item
    }

    /// A button's or bar button item's menu, its commands' connections left in `pending` to
    /// make once their ends exist.
    private func menu(_ element: SceneObject, objects: inout ObjectTable, pending: inout [PendingConnections]) -> Menu {
        let menu = Menu(title: element.title ?? "", imageName: element.imageName, displaysInline: element.isInlineMenu)
        objects.add(menu, id: element.id)
        menu.children = element.menuElements.map { child in
            if child.elementName == "menu" { return .menu(self.menu(child, objects: &objects, pending: &pending)) }
            let attributes = child.menuAttributes
            let command = Command(title: child.title ?? "", imageName: child.imageName, state: child.isOn ? .on : .off,
                                  isDestructive: attributes.destructive, isDisabled: attributes.disabled)
            objects.add(command, id: child.id)
            if !child.connections.isEmpty { pending.append((command, child.connections)) }
            return .command(command)
        }
        return menu
    }

    // MARK: Views

    /// Builds a scene's view tree and connects its outlets, actions and segues, as loading a
    /// nib does: outlets are nil until the view loads.
    private func loadView(of element: SceneObject, owner: ViewController, objects barItems: ObjectTable) -> View {
        guard let viewElement = element.rootView else { return View() }
        // The scene's tap gesture recognizers are made with its view, which lists them in its
        // gestureRecognizers outlet collection.
        var objects = barItems
        var recognizers: [PendingConnections] = []
        for recognizerElement in document.scene(of: element)?.tapGestureRecognizers ?? [] {
            let recognizer = TapGestureRecognizer()
            objects.add(recognizer, id: recognizerElement.id)
            recognizers.append((recognizer, recognizerElement.connections))
        }
        return loadTree(viewElement, owner: owner, objects: objects, ownerConnections: element.connections, extra: recognizers)
    }

    /// Makes a tree of views, then makes every connection in it once all its ends exist (and
    /// the owner's, when given), then wakes each view, in the order a nib loads.
    private func loadTree(_ element: SceneObject, owner: ViewController?, objects: ObjectTable,
                          ownerConnections: [Connection]? = nil, extra: [PendingConnections] = []) -> View {
        var objects = objects
        var pending: [PendingConnections] = extra
        let view = build(element, owner: owner, objects: &objects, pending: &pending)
        if let owner, let ownerConnections { pending.append((owner, ownerConnections)) }
        for (object, connections) in pending {
            let controls = (object as? View)?.connections ?? (object as? TapGestureRecognizer)?.connections ?? (object as? Command)?.connections
            connect(connections, of: object, connections: controls, objects: objects)
        }
        for subview in view.allViews { subview.awakeFromNib() }
        return view
    }

    /// An object and the connections to make for it once the tree is built.
    private typealias PendingConnections = (object: AnyObject, connections: [Connection])

    private func build(_ element: SceneObject, owner: ViewController?, objects: inout ObjectTable,
                       pending: inout [PendingConnections]) -> View {
        let view: View
        if case .made(let made) = classes.makeView(for: element) { view = made } else { view = View() }
        view.storyboardID = element.id
        objects.add(view, id: element.id)
        view.decode(from: StoryboardCoder(object: element))
        if let menuElement = element.menu, let holder = view as? MenuHolding {
            holder.menu = menu(menuElement, objects: &objects, pending: &pending)
        }
        for (child, key) in element.builtChildren(isView: classes.isViewElement) {
            let subview = build(child, owner: owner, objects: &objects, pending: &pending)
            if let key { view.addSubview(subview, forKey: key) } else { view.addSubview(subview) }
        }
        let barItems = element.navigationBarItems
        if !barItems.isEmpty {
            let items = barItems.map { itemElement in
                let item = NavigationItem()
                configure(item, from: itemElement, objects: &objects)
                return item
            }
            (view as? NavigationBarItemsHolding)?.setItems(items)
        }
        let toolbarItems = element.toolbarItemsInView
        if !toolbarItems.isEmpty {
            (view as? ToolbarItemsHolding)?.setItems(toolbarItems.compactMap { barButtonItem($0, objects: &objects) })
        }
        let sections = element.staticSections
        if !sections.isEmpty {
            let made = sections.map { section in
                StaticTableSection(headerTitle: section.headerTitle, footerTitle: section.footerTitle,
                                   cells: section.cells.map { build($0, owner: owner, objects: &objects, pending: &pending) })
            }
            (view as? StaticSectionsHolding)?.setStaticSections(made)
        }
        for cell in element.prototypeCells {
            let reuseIdentifier = SceneReach.registeredIdentifier(of: cell)
            (view as? PrototypeCellRegistering)?.registerPrototype(reuseIdentifier: reuseIdentifier) { [unowned self, weak owner] in
                self.instantiatePrototype(cell, owner: owner)
            }
        }
        let connections = element.connections
        if !connections.isEmpty { pending.append((view, connections)) }
        return view
    }

    /// Makes a fresh cell from a prototype, with its own outlets and its segues, whose source
    /// is the scene's controller.
    private func instantiatePrototype(_ element: SceneObject, owner: ViewController?) -> View {
        loadTree(element, owner: owner, objects: ObjectTable(owner: owner, ownerID: owner?.storyboardElementID))
    }

    // MARK: Connections

    private func connect(_ connections: [Connection], of object: AnyObject, connections controls: Connections?, objects: ObjectTable) {
        for connection in connections {
            switch connection.kind {
            case .outlet:
                guard let property = connection.property, let destination = connection.destinationID,
                      let target = objects[destination] else { continue }
                guard let outlet = classes.outletTable(of: object).outlet(named: property, of: object), !outlet.isCollection else { continue }
                _ = outlet.connect(target)
            case .outletCollection:
                guard let property = connection.property, let target = connection.destinationID.flatMap({ objects[$0] }) else { continue }
                // A view's gesture recognizers; else an `@OutletCollection` of the object's class.
                if property == "gestureRecognizers" {
                    if let view = object as? View, let recognizer = target as? TapGestureRecognizer { view.addGestureRecognizer(recognizer) }
                } else if let outlet = classes.outletTable(of: object).outlet(named: property, of: object), outlet.isCollection {
                    _ = outlet.connect(target)
                }
            case .action:
                guard let selector = connection.selector, let controls else { continue }
                if let target = connection.destinationID.flatMap({ objects[$0] }) as? ActionTarget {
                    controls.addTarget(target, action: Selector(selector))
                } else {
                    controls.addResponderChainAction(Selector(selector))
                }
            case .segue:
                guard !connection.segueKind.isRelationship, let controls, let owner = objects.owner,
                      let template = makeTemplate(connection) else { continue }
                // A cell's detail button runs its accessory segues; selecting the row does not.
                if connection.isAccessoryAction, let holder = object as? AccessoryConnectionsHolding {
                    holder.accessoryConnections.addSegue(template, source: owner)
                } else {
                    controls.addSegue(template, source: owner)
                }
            case .other:
                continue
            }
        }
    }

    func makeTemplate(_ segue: Connection) -> SegueTemplate? {
        guard let id = segue.id, let kind = document.segueKind(of: segue) else { return nil }
        let destination: String? = if case .unwind = kind { nil } else { segue.destinationID }
        let customClass: String? = if case .custom = kind { nil } else { segue.customClass }
        return SegueTemplate(storyboardID: id, identifier: segue.identifier, kind: kind, customClassName: customClass,
                             destinationID: destination, storyboard: self)
    }
}

/// The objects of one scene by Interface Builder id, so connections can find their ends.
@MainActor
struct ObjectTable {
    private(set) weak var owner: ViewController?
    private var objects: [String: AnyObject] = [:]

    init(owner: ViewController?, ownerID: String?) {
        self.owner = owner
        if let owner, let ownerID { objects[ownerID] = WeakBox(owner) }
    }

    mutating func add(_ object: AnyObject, id: String?) {
        if let id { objects[id] = object }
    }

    subscript(id: String) -> AnyObject? {
        let object = objects[id]
        if let box = object as? WeakBox { return box.object }
        return object
    }

    /// Holds the owning controller weakly: its own view factory keeps this table.
    private final class WeakBox {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }
}

/// A view that keeps the storyboard's prototype cells, as a table view does.
@MainActor
public protocol PrototypeCellRegistering: AnyObject {
    func registerPrototype(reuseIdentifier: String, make: @escaping @MainActor () -> View)
}
