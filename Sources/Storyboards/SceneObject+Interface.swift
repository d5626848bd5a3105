/// What Interface Builder writes for UIKit's objects, read as UIKit's properties: a
/// controller's view, navigation item and toolbar items; a navigation item's bar button items;
/// a table's static sections and prototype cells; a tab bar item. Each shape of the XML is
/// known here only, so that loading, its checks and lint follow the same one.
extension SceneObject {
    // MARK: UIKit's class

    /// The UIKit class its element makes when the storyboard names no custom class:
    /// `UIViewController` for a `viewController`, `UITableViewController` for a
    /// `tableViewController`, `AVPlayerViewController` for an `avPlayerViewController`.
    public var uiKitClassName: String { Self.uiKitClassName(ofElement: elementName) }

    /// The class of an element of this name, in Apple's frameworks.
    public static func uiKitClassName(ofElement name: String) -> String {
        if let special = frameworkClasses[name] { return special }
        guard let first = name.first else { return name }
        return "UI" + first.uppercased() + name.dropFirst()
    }

    /// Elements whose class is not UIKit's, or not spelled from the element's name.
    private static let frameworkClasses = [
        "avPlayerViewController": "AVPlayerViewController", "glkViewController": "GLKViewController", "glkView": "GLKView",
        "wkWebView": "WKWebView", "mapView": "MKMapView", "skView": "SKView", "scnView": "SCNView", "mtkView": "MTKView",
        "arscnView": "ARSCNView", "arskView": "ARSKView", "viewControllerPlaceholder": "UIStoryboardReference",
        "hostingController": "UIHostingController", "exit": "UIStoryboardUnwindSegueSource",
    ]

    // MARK: Scenes' controllers

    /// Whether it is a storyboard reference (Interface Builder's `viewControllerPlaceholder`).
    public var isStoryboardReference: Bool { elementName == ElementNames.storyboardReference }
    /// The file a storyboard reference opens, without `.storyboard`; nil for this file.
    public var referencedStoryboardName: String? { element["storyboardName"] }
    /// The bundle a reference's storyboard is in, when another than the app's (a framework's).
    public var referencedBundleIdentifier: String? { element["bundleIdentifier"] }
    /// The Storyboard ID of the scene a reference leads to; nil for that file's initial scene.
    public var referencedIdentifier: String? { element["referencedIdentifier"] }

    /// The controller's view (`<view key="view">`, or a table view or any view with that key).
    public var rootView: SceneObject? { object(forKey: "view") }

    public var navigationItem: SceneObject? { element.child("navigationItem", key: "navigationItem").map(SceneObject.init) }

    /// The items the controller shows in its navigation controller's toolbar.
    public var toolbarItems: [SceneObject] {
        ((element.child("toolbarItems") ?? element.child(key: "toolbarItems"))?.children ?? [])
            .filter { $0.name == "barButtonItem" }.map(SceneObject.init)
    }

    public var tabBarItem: SceneObject? { element.child("tabBarItem", key: "tabBarItem").map(SceneObject.init) }

    /// Whether the controller's view defines the context current-context presentations cover.
    public var definesPresentationContext: Bool { element["definesPresentationContext"] == "YES" }
    /// The controller's `modalPresentationStyle` as written, if it sets one.
    public var modalPresentationStyle: String? { element["modalPresentationStyle"] }
    /// A navigation controller's bar prefers large titles.
    public var prefersLargeTitles: Bool { element.child("navigationBar", key: "navigationBar")?["largeTitles"] == "YES" }
    /// A navigation controller's toolbar is hidden: UIKit's default. Interface Builder writes
    /// `toolbarHidden="NO"` (and a `<toolbar key="toolbar">`) when "Shows Toolbar" is ticked.
    public var isToolbarHidden: Bool { element["toolbarHidden"] != "NO" }

    /// The controller's relationship segues named `relationship`, in the order of the file.
    public func relationships(_ relationship: String) -> [Connection] {
        segues.filter { $0.segueKind == .relationship(relationship) }
    }

    /// A split view controller's style, as Interface Builder writes it since Xcode 12:
    /// `allowDoubleColumnStyle="YES"` marks a column-style split (without it, the classic one),
    /// `style` says `doubleColumn` or `tripleColumn`; where it says none, a supplementary column
    /// makes it triple. A supplementary or compact relationship, which only the column style
    /// has, makes a file that lacks the flag column-style too. nil: classic.
    public var splitColumnStyle: String? {
        let columnOnly = !relationships("supplementaryViewController").isEmpty || !relationships("compactViewController").isEmpty
        guard element["allowDoubleColumnStyle"] == "YES" || columnOnly else { return nil }
        if let style = element["style"], ["doubleColumn", "tripleColumn"].contains(style) { return style }
        return relationships("supplementaryViewController").isEmpty ? "doubleColumn" : "tripleColumn"
    }

    /// A table view controller, or a controller whose view is or holds a table: a scene whose
    /// rows a selection (`--selects`) can perform a segue from.
    public var showsTable: Bool {
        ["tableViewController", "collectionViewController"].contains(elementName)
            || descendantsAndSelf.contains { ["tableView", "collectionView"].contains($0.elementName) }
    }

    /// The relationship that gives a navigation controller its root; the first, when several do.
    public var rootRelationship: Connection? { segues.first { $0.segueKind.isRootViewController } }

    /// Its outlets and outlet collections, each with the ids of the objects it holds, in the
    /// order of the file.
    public var outlets: [String: [String]] {
        var outlets: [String: [String]] = [:]
        for connection in connections where connection.kind == .outlet || connection.kind == .outletCollection {
            guard let property = connection.property, let destination = connection.destinationID else { continue }
            outlets[property, default: []].append(destination)
        }
        return outlets
    }

    // MARK: Navigation items

    public var prompt: String? { element["prompt"] }
    /// A navigation item's `largeTitleDisplayMode` as written.
    public var largeTitleDisplayMode: String? { element["largeTitleDisplayMode"] }
    public var hidesBackButton: Bool { element["hidesBackButton"] == "YES" }
    public var leftItemsSupplementBackButton: Bool { element["leftItemsSupplementBackButton"] == "YES" }

    /// A navigation item's left items: the keyed one, or every item of the array (Interface
    /// Builder writes several with no key on the items, which UIKit reads whole).
    public var leftBarButtonItems: [SceneObject] { barItems(single: "leftBarButtonItem", array: "leftBarButtonItems") }
    /// A navigation item's right items, the first the rightmost.
    public var rightBarButtonItems: [SceneObject] { barItems(single: "rightBarButtonItem", array: "rightBarButtonItems") }
    /// Both sides' items.
    public var barButtonItems: [SceneObject] { leftBarButtonItems + rightBarButtonItems }

    private func barItems(single: String, array: String) -> [SceneObject] {
        if let item = element.child("barButtonItem", key: single) { return [SceneObject(item)] }
        return ((element.child(array) ?? element.child(key: array))?.children ?? []).filter { $0.name == "barButtonItem" }.map(SceneObject.init)
    }

    /// The back button's title a navigation item gives the next screen: its `backButtonTitle`,
    /// or its back bar button item's title.
    public var backButtonTitle: String? {
        element["backButtonTitle"] ?? element.child("barButtonItem", key: "backBarButtonItem")?["title"]
    }

    /// The view a navigation item shows instead of its title (often a segmented control).
    public var titleView: SceneObject? { object(forKey: "titleView") }

    // MARK: Bar items

    /// A bar button item's or tab bar item's system item, as written (`cancel`, `done`, `search`).
    public var systemItem: String? { element["systemItem"] }
    /// The name of its image.
    public var imageName: String? { element["image"] }
    /// Whether it is enabled: UIKit's default unless the storyboard says `NO`.
    public var isEnabled: Bool { element["enabled"] != "NO" }
    /// A view's or tab bar item's tag.
    public var tag: Int { element["tag"].flatMap { Int($0) } ?? 0 }
    public var badgeValue: String? { element["badgeValue"] }

    // MARK: Menus

    /// The menu of a button or bar button item (`<menu key="menu">`, Xcode 12 and later).
    public var menu: SceneObject? { element.child("menu", key: "menu").map(SceneObject.init) }
    /// A menu's elements, in order: its commands and its submenus (`<children>`).
    public var menuElements: [SceneObject] {
        (element.child("children")?.children ?? []).filter { $0.name == "command" || $0.name == "menu" }.map(SceneObject.init)
    }
    /// Whether a submenu shows its elements in its parent's list, between separators, rather
    /// than as one element that opens it (`UIMenu.Options.displayInline`).
    public var isInlineMenu: Bool {
        element["inline"] == "YES" || element["displayInline"] == "YES"
            || element.child("menuOptions", key: "options")?["displayInline"] == "YES"
    }
    /// A command's state: on is the one a pop-up button shows, or a ticked option.
    public var isOn: Bool { element["state"] == "on" }
    /// Whether a command is destructive (drawn so) or disabled (drawn dim, not chosen).
    public var menuAttributes: (destructive: Bool, disabled: Bool) {
        let attributes = element.child("menuElementAttributes", key: "attributes")
        func flag(_ name: String) -> Bool { element[name] == "YES" || attributes?[name] == "YES" }
        return (flag("destructive"), flag("disabled"))
    }
    /// A button whose tap opens its menu (`showsMenuAsPrimaryAction`).
    public var showsMenuAsPrimaryAction: Bool { element["showsMenuAsPrimaryAction"] == "YES" }
    /// A pop-up button: choosing a command selects it, and the button shows it.
    public var changesSelectionAsPrimaryAction: Bool { element["changesSelectionAsPrimaryAction"] == "YES" }

    // MARK: Views

    /// The views it is built with, in the order of the file: its subviews, and the objects it
    /// holds under a key that `isView` says are views (a table's header view), with that key.
    public func builtChildren(isView: (String) -> Bool) -> [(object: SceneObject, key: String?)] {
        var children: [(object: SceneObject, key: String?)] = []
        for child in element.children {
            if child.name == "subviews" {
                children += child.children.map { (SceneObject($0), nil) }
            } else if child.name != "prototypes", child.name != "connections", let key = child.key, isView(child.name) {
                children.append((SceneObject(child), key))
            }
        }
        return children
    }

    /// The bar button items of a toolbar placed in a view, left to right.
    public var toolbarItemsInView: [SceneObject] {
        guard elementName == "toolbar" else { return [] }
        return element.children.filter { $0.name == "items" }.flatMap(\.children).filter { $0.name == "barButtonItem" }.map(SceneObject.init)
    }

    /// The navigation items of a navigation bar placed in a view (`<navigationBar><items>`).
    public var navigationBarItems: [SceneObject] {
        guard elementName == "navigationBar" else { return [] }
        return element.children.filter { $0.name == "items" }.flatMap(\.children).filter { $0.name == "navigationItem" }.map(SceneObject.init)
    }

    /// One section of a table with static cells.
    public struct StaticSection: Sendable {
        public let headerTitle: String?
        public let footerTitle: String?
        public let cells: [SceneObject]
    }

    /// The sections of a table with static cells (`<sections><tableViewSection><cells>`): titles
    /// left empty in the inspector read as none.
    public var staticSections: [StaticSection] {
        let sections = element.children.filter { $0.name == "sections" }.flatMap(\.children).filter { $0.name == "tableViewSection" }
        return sections.map { section in
            StaticSection(headerTitle: section.string("headerTitle").flatMap { $0.isEmpty ? nil : $0 },
                          footerTitle: section.string("footerTitle").flatMap { $0.isEmpty ? nil : $0 },
                          cells: section.children.filter { $0.name == "cells" }.flatMap(\.children).filter { $0.name == "tableViewCell" }
                              .map(SceneObject.init))
        }
    }

    /// The prototype cells of a table, each made anew for every row. A collection view keeps
    /// its prototypes under `<cells>`.
    public var prototypeCells: [SceneObject] {
        let holders: Set<String> = elementName == "collectionView" ? ["prototypes", "cells"] : ["prototypes"]
        return element.children.filter { holders.contains($0.name) }.flatMap(\.children).filter { $0.id != nil }.map(SceneObject.init)
    }

    /// A cell's reuse identifier.
    public var reuseIdentifier: String? { element["reuseIdentifier"] }
}
