import Storyboards

/// Which objects of a scene loading makes, and which of them each connection can reach.
/// Loading and the load check both read the scene through this, so that a connection the check
/// accepts is one loading can make: an outlet to anything else would stay nil, and the app
/// would trap reading it.
@MainActor
struct SceneReach {
    /// The ids a connection made from an object can reach: the controller and its bar items for
    /// the navigation item's; those and the view tree for the controller's and the views'; the
    /// controller and the cell's own tree for a prototype's.
    private(set) var reachableIDs: [SceneObject: Set<String>] = [:]
    /// Objects made as a prototype cell's contents: a new set for every row.
    private(set) var prototypeObjects: Set<SceneObject> = []

    init(controller: SceneObject, classes: StoryboardClasses) {
        var barIDs: Set<String> = []
        if let id = controller.id { barIDs.insert(id) }
        var barObjects: [SceneObject] = []
        if let item = controller.navigationItem {
            barObjects.append(item)
            barObjects += item.barButtonItems
            if let titleView = item.titleView { barObjects += titleView.descendantsAndSelf }
        }
        barObjects += controller.toolbarItems
        for object in barObjects {
            if let id = object.id { barIDs.insert(id) }
        }
        for object in barObjects { reachableIDs[object] = barIDs }

        var sceneIDs = barIDs
        var sceneObjects: [SceneObject] = [controller]
        var prototypes: [SceneObject] = []
        if let view = controller.rootView {
            Self.collectTree(view, classes: classes, ids: &sceneIDs, objects: &sceneObjects, prototypes: &prototypes)
        }
        for object in sceneObjects { reachableIDs[object] = sceneIDs }

        // Prototypes may hold tables with prototypes of their own; each is a tree of its own.
        while let cell = prototypes.popLast() {
            var cellIDs: Set<String> = controller.id.map { [$0] } ?? []
            var cellObjects: [SceneObject] = []
            Self.collectTree(cell, classes: classes, ids: &cellIDs, objects: &cellObjects, prototypes: &prototypes)
            for object in cellObjects {
                reachableIDs[object] = cellIDs
                prototypeObjects.insert(object)
            }
        }
        // A button's or a bar button item's menu is made with it: its commands reach what it reaches.
        for (object, ids) in reachableIDs {
            guard let menu = object.menu, ["button", "barButtonItem"].contains(object.elementName) else { continue }
            for element in menu.descendantsAndSelf {
                reachableIDs[element] = ids
                if prototypeObjects.contains(object) { prototypeObjects.insert(element) }
            }
        }
    }

    /// The ids a connection from `object` can reach; nil when loading makes nothing of it, so
    /// that its connections are never made.
    func reachable(from object: SceneObject) -> Set<String>? {
        reachableIDs[object]
    }

    func isInPrototype(_ object: SceneObject) -> Bool {
        prototypeObjects.contains(object)
    }

    private static func collectTree(_ root: SceneObject, classes: StoryboardClasses, ids: inout Set<String>,
                                    objects: inout [SceneObject], prototypes: inout [SceneObject]) {
        var pending = [root]
        while let object = pending.popLast() {
            objects.append(object)
            if let id = object.id { ids.insert(id) }
            pending += object.builtChildren(isView: classes.isViewElement).map(\.object)
            pending += object.staticSections.flatMap(\.cells)
            for item in object.navigationBarItems {
                objects.append(item)
                if let id = item.id { ids.insert(id) }
                for barItem in item.barButtonItems {
                    objects.append(barItem)
                    if let id = barItem.id { ids.insert(id) }
                }
            }
            // A toolbar's items are made when the app draws toolbars placed in views (the terminal does).
            for barItem in object.toolbarItemsInView where classes.isViewElement(object.elementName) {
                objects.append(barItem)
                if let id = barItem.id { ids.insert(id) }
            }
            prototypes += object.prototypeCells
        }
    }

    /// How many views loading `view` makes, as `Storyboard.loadView` builds them (its subviews,
    /// keyed views, static cells, each with theirs), counted up to one past `limit`.
    static func viewCount(of view: SceneObject, classes: StoryboardClasses, limit: Int) -> Int {
        var count = 0
        var pending = [view]
        while let object = pending.popLast(), count <= limit {
            count += 1
            pending += object.builtChildren(isView: classes.isViewElement).map(\.object)
            pending += object.staticSections.flatMap(\.cells)
        }
        return count
    }

    /// The identifier a prototype cell is registered under: its reuse identifier, or, for one
    /// the author left without (Xcode warns, and code could not dequeue it), its id after
    /// `PrototypeCells.unidentified`, so that it is still told apart and shown as having none.
    static func registeredIdentifier(of cell: SceneObject) -> String {
        cell.reuseIdentifier ?? PrototypeCells.unidentified + (cell.id ?? "")
    }
}

/// How a prototype cell without a reuse identifier is registered: before its element id, a
/// prefix no identifier an author types starts with.
public enum PrototypeCells {
    public static let unidentified = "\u{1}"
}
