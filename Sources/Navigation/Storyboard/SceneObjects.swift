import Storyboards

/// Which elements of a scene loading makes into objects, and which of them each connection can
/// reach. Loading and the load check both read the scene through this, so that a connection the
/// check accepts is one loading can make: an outlet to anything else would stay nil, and the
/// app would trap reading it.
@MainActor
struct SceneObjects {
    /// The ids a connection made from an element can reach, by the element's identity: the
    /// controller and its bar items for the navigation item's; those and the view tree for the
    /// controller's and the views'; the controller and the cell's own tree for a prototype's.
    private(set) var reachableIDs: [ObjectIdentifier: Set<String>] = [:]
    /// Elements made as a prototype cell's contents: a new set for every row.
    private(set) var prototypeElements: Set<ObjectIdentifier> = []

    init(controller: StoryboardElement, classes: StoryboardClasses) {
        var barIDs: Set<String> = []
        if let id = controller.id { barIDs.insert(id) }
        var barElements: [StoryboardElement] = []
        if let item = Self.navigationItem(of: controller) {
            barElements.append(item)
            barElements += Self.barButtonItems(of: item)
            if let titleView = Self.titleView(of: item) { barElements += titleView.descendantsAndSelf }
        }
        barElements += Self.toolbarItems(of: controller)
        for element in barElements {
            if let id = element.id { barIDs.insert(id) }
        }
        for element in barElements { reachableIDs[ObjectIdentifier(element)] = barIDs }

        var sceneIDs = barIDs
        var sceneElements: [StoryboardElement] = [controller]
        var prototypes: [StoryboardElement] = []
        if let view = Self.rootView(of: controller) {
            Self.collectTree(view, classes: classes, ids: &sceneIDs, elements: &sceneElements, prototypes: &prototypes)
        }
        for element in sceneElements { reachableIDs[ObjectIdentifier(element)] = sceneIDs }

        // Prototypes may hold tables with prototypes of their own; each is a tree of its own.
        while let cell = prototypes.popLast() {
            var cellIDs: Set<String> = controller.id.map { [$0] } ?? []
            var cellElements: [StoryboardElement] = []
            Self.collectTree(cell, classes: classes, ids: &cellIDs, elements: &cellElements, prototypes: &prototypes)
            for element in cellElements {
                reachableIDs[ObjectIdentifier(element)] = cellIDs
                prototypeElements.insert(ObjectIdentifier(element))
            }
        }
    }

    /// The ids a connection from `element` can reach; nil when loading makes no object for it,
    /// so that its connections are never made.
    func reachable(from element: StoryboardElement) -> Set<String>? {
        reachableIDs[ObjectIdentifier(element)]
    }

    func isInPrototype(_ element: StoryboardElement) -> Bool {
        prototypeElements.contains(ObjectIdentifier(element))
    }

    private static func collectTree(_ root: StoryboardElement, classes: StoryboardClasses, ids: inout Set<String>,
                                    elements: inout [StoryboardElement], prototypes: inout [StoryboardElement]) {
        var pending = [root]
        while let element = pending.popLast() {
            elements.append(element)
            if let id = element.id { ids.insert(id) }
            pending += builtChildren(of: element, classes: classes).map(\.element)
            pending += staticSections(of: element).flatMap(\.cells)
            for item in navigationBarItems(of: element) {
                elements.append(item)
                if let id = item.id { ids.insert(id) }
                for barItem in barButtonItems(of: item) {
                    elements.append(barItem)
                    if let id = barItem.id { ids.insert(id) }
                }
            }
            // A toolbar's items are made when the app draws toolbars placed in views (the terminal does).
            for barItem in toolbarItemsInView(of: element) where classes.isViewElement(element.name) {
                elements.append(barItem)
                if let id = barItem.id { ids.insert(id) }
            }
            prototypes += prototypeCells(of: element)
        }
    }

    // MARK: The shape loading follows

    /// The scene's root view: the controller's child with the key `view`.
    static func rootView(of controller: StoryboardElement) -> StoryboardElement? {
        controller.child(key: "view")
    }

    static func navigationItem(of controller: StoryboardElement) -> StoryboardElement? {
        controller.child("navigationItem", key: "navigationItem")
    }

    /// The bar button items a navigation item shows: the keyed one of each side, or every item
    /// of the side's array (Interface Builder writes several with no key on the items).
    static func barButtonItems(of navigationItem: StoryboardElement) -> [StoryboardElement] {
        func side(_ single: String, _ several: String) -> [StoryboardElement] {
            if let item = navigationItem.child("barButtonItem", key: single) { return [item] }
            return ((navigationItem.child(several) ?? navigationItem.child(key: several))?.children ?? []).filter { $0.name == "barButtonItem" }
        }
        return side("leftBarButtonItem", "leftBarButtonItems") + side("rightBarButtonItem", "rightBarButtonItems")
    }

    /// The navigation items of a navigation bar placed in a view (`<navigationBar><items>`).
    /// A controller's outlets and outlet collections, each with the ids of the elements it holds,
    /// in the order of the file: what declared behaviours change, and check.
    static func outlets(of controller: StoryboardElement) -> [String: [String]] {
        var outlets: [String: [String]] = [:]
        for connection in controller.child("connections")?.children ?? [] where connection.name == "outlet" || connection.name == "outletCollection" {
            guard let property = connection["property"], let destination = connection["destination"] else { continue }
            outlets[property, default: []].append(destination)
        }
        return outlets
    }

    /// The bar button items of a toolbar placed in a view, left to right.
    static func toolbarItemsInView(of element: StoryboardElement) -> [StoryboardElement] {
        guard element.name == "toolbar" else { return [] }
        return element.children.filter { $0.name == "items" }.flatMap(\.children).filter { $0.name == "barButtonItem" }
    }

    static func navigationBarItems(of element: StoryboardElement) -> [StoryboardElement] {
        guard element.name == "navigationBar" else { return [] }
        return element.children.filter { $0.name == "items" }.flatMap(\.children).filter { $0.name == "navigationItem" }
    }

    /// The tap gesture recognizers of a controller's scene: objects beside the controller in
    /// the scene's `<objects>`, which its views attach through `gestureRecognizers`.
    static func tapGestureRecognizers(besides controller: StoryboardElement, in document: StoryboardDocument) -> [StoryboardElement] {
        document.sceneObjects(besides: controller).filter { $0.name == "tapGestureRecognizer" }
    }

    /// The view a navigation item shows instead of its title (`<view key="titleView">`, often a
    /// segmented control).
    static func titleView(of navigationItem: StoryboardElement) -> StoryboardElement? {
        navigationItem.child(key: "titleView")
    }

    /// The items a controller shows in its navigation controller's toolbar.
    static func toolbarItems(of controller: StoryboardElement) -> [StoryboardElement] {
        ((controller.child("toolbarItems") ?? controller.child(key: "toolbarItems"))?.children ?? []).filter { $0.name == "barButtonItem" }
    }

    /// The children a view is built with, in document order: its subviews, and the children
    /// with a key that are views (a table's header view), with that key.
    static func builtChildren(of element: StoryboardElement, classes: StoryboardClasses) -> [(element: StoryboardElement, key: String?)] {
        var children: [(element: StoryboardElement, key: String?)] = []
        for child in element.children {
            if child.name == "subviews" {
                children += child.children.map { ($0, nil) }
            } else if !["prototypes", "connections"].contains(child.name), let key = child.key, classes.isViewElement(child.name) {
                children.append((child, key))
            }
        }
        return children
    }

    /// How many views loading `view` makes, as `Storyboard.loadView` builds them (its subviews,
    /// keyed views, static cells, each with theirs), counted up to one past `limit`.
    static func viewCount(of view: StoryboardElement, classes: StoryboardClasses, limit: Int) -> Int {
        var count = 0
        var pending = [view]
        while let element = pending.popLast(), count <= limit {
            count += 1
            pending += builtChildren(of: element, classes: classes).map(\.element)
            pending += staticSections(of: element).flatMap(\.cells)
        }
        return count
    }

    /// The sections of a table with static cells (`<sections><tableViewSection><cells>`), each
    /// cell made once, with the scene's view.
    static func staticSections(of element: StoryboardElement) -> [(section: StoryboardElement, cells: [StoryboardElement])] {
        let sections = element.children.filter { $0.name == "sections" }.flatMap(\.children).filter { $0.name == "tableViewSection" }
        return sections.map { section in
            (section, section.children.filter { $0.name == "cells" }.flatMap(\.children).filter { $0.name == "tableViewCell" })
        }
    }

    /// The prototype cells of a table, each made anew for every row.
    /// A collection view keeps its prototypes under `<cells>`.
    static func prototypeCells(of element: StoryboardElement) -> [StoryboardElement] {
        let holders: Set<String> = element.name == "collectionView" ? ["prototypes", "cells"] : ["prototypes"]
        return element.children.filter { holders.contains($0.name) }.flatMap(\.children).filter { $0.id != nil }
    }

    /// The identifier a prototype cell is registered under: its reuse identifier, or, for one
    /// the author left without (Xcode warns, and code could not dequeue it), its element id
    /// after `PrototypeCells.unidentified`, so that it is still told apart and shown as
    /// having none.
    static func registeredIdentifier(of cell: StoryboardElement) -> String {
        cell["reuseIdentifier"] ?? PrototypeCells.unidentified + (cell.id ?? "")
    }
}

/// How a prototype cell without a reuse identifier is registered: before its element id, a
/// prefix no identifier an author types starts with.
public enum PrototypeCells {
    public static let unidentified = "\u{1}"
}
