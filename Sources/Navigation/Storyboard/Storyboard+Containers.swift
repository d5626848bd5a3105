import Storyboards

/// What a scene's relationship segues give its container: a tab bar controller's tabs, a split
/// view controller's primary and secondary. Relationships are made with the scene, as UIKit
/// makes them when it instantiates the container.
extension Storyboard {
    /// The relationships a container element may have, by element name: Xcode's words.
    static let containerRelationships: [String: Set<String>] = [
        "navigationController": ["rootViewController"],
        "tabBarController": ["viewControllers"],
        "splitViewController": ["masterViewController", "detailViewController", "supplementaryViewController", "compactViewController"],
    ]

    /// Reads what every scene may carry for a container above it: its tab bar item.
    func configureContainment(of controller: ViewController, from element: SceneObject) {
        if let item = element.tabBarItem {
            let tabBarItem = TabBarItem(title: item.title, imageName: item.imageName, tag: item.tag)
            tabBarItem.systemItem = item.systemItem
            tabBarItem.badgeValue = item.badgeValue
            controller.tabBarItem = tabBarItem
        }
        controller.definesPresentationContext = element.definesPresentationContext
        if let style = element.modalPresentationStyle.flatMap(ModalPresentationStyle.init(rawValue:)) {
            controller.modalPresentationStyle = style
        }
        let embeds = Self.embedSegues(in: element)
        if !embeds.isEmpty {
            controller.viewDidLoadFromStoryboard = { [unowned self] owner in
                self.performEmbedSegues(embeds, owner: owner)
            }
        }
    }

    /// Makes the children a container's relationships name; nil entries are left out (loading
    /// has reported every scene that cannot be made).
    func instantiateRelationships(of controller: ViewController, from element: SceneObject) {
        func children(_ relationship: String) -> [ViewController] {
            element.relationships(relationship).compactMap { segue in
                segue.destinationID.flatMap(instantiateScene(withControllerID:))
            }
        }
        if let tabBar = controller as? TabBarController {
            tabBar.setViewControllers(children("viewControllers"), animated: false)
        } else if let split = controller as? SplitViewController {
            if let style = element.splitColumnStyle.flatMap(SplitViewController.Style.init(rawValue:)) {
                // Column style: each column set as `setViewController(_:for:)` sets it.
                split.useColumnStyle(style)
                let columns: [(String, SplitViewController.Column)] = [("masterViewController", .primary), ("supplementaryViewController", .supplementary),
                                                                       ("detailViewController", .secondary), ("compactViewController", .compact)]
                for (relationship, column) in columns {
                    if let child = children(relationship).first { split.setViewController(child, for: column) }
                }
            } else {
                split.setViewControllers(children("masterViewController") + children("detailViewController"))
            }
        }
    }
}

extension Storyboard {
    /// The embed segues of a scene, with the id of the container view each starts from.
    static func embedSegues(in controller: SceneObject) -> [(containerID: String?, segue: Connection)] {
        guard let view = controller.rootView else { return [] }
        return view.descendantsAndSelf.filter { $0.elementName == "containerView" }.flatMap { container in
            container.segues.filter { $0.segueKind == .embed }.map { (container.id, $0) }
        }
    }

    /// Performs the embed segues of a view just loaded, as UIKit does before the owner's
    /// `viewDidLoad`: each destination is made, the owner's `prepare(for:sender:)` sees the
    /// segue, and the destination becomes the owner's child, in its container view (rule 22).
    func performEmbedSegues(_ embeds: [(containerID: String?, segue: Connection)], owner: ViewController) {
        let containers = owner.view.allViews.compactMap { $0 as? ContainerView }
        for (containerID, element) in embeds {
            guard let id = element.id, let destinationID = element.destinationID,
                  let destination = instantiateScene(withControllerID: destinationID) else { continue }
            let container = containers.first { $0.storyboardID == containerID }
            let template = SegueTemplate(storyboardID: id, identifier: element.identifier, kind: .embed,
                                         customClassName: element.customClass, destinationID: destinationID, storyboard: self)
            owner.trace(.instantiated(ControllerID(destination), scene: destinationID))
            let segue = template.makeSegue(source: owner, destination: destination)
            (segue as? EmbedSegue)?.containerView = container
            let segueID = SegueID(segue)
            owner.trace(.segueCreated(segueID))
            owner.trace(.prepare(segueID))
            owner.prepare(for: segue, sender: nil)
            owner.trace(.perform(segueID))
            segue.perform()
            if destination.parent === owner { container?.embeddedViewController = destination }
        }
    }
}
