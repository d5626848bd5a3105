import Storyboards

/// What a scene's relationship segues give its container: a tab bar controller's tabs, a split
/// view controller's primary and secondary. Relationships are made with the scene, as UIKit
/// makes them when it instantiates the container.
extension Storyboard {
    /// The relationships a container element may have, by element name: Xcode's words.
    static let containerRelationships: [String: Set<String>] = [
        "navigationController": ["rootViewController"],
        "tabBarController": ["viewControllers"],
        "splitViewController": ["masterViewController", "detailViewController"],
    ]

    /// The relationship segues of a controller element named `relationship`, in document order.
    static func relationships(_ relationship: String, of controller: StoryboardElement) -> [StoryboardElement] {
        controller.child("connections")?.children.filter {
            $0.name == "segue" && SegueKind(of: $0) == .relationship(relationship)
        } ?? []
    }

    /// Reads what every scene may carry for a container above it: its tab bar item.
    func configureContainment(of controller: ViewController, from element: StoryboardElement) {
        if let item = element.child("tabBarItem", key: "tabBarItem") {
            let tabBarItem = TabBarItem(title: item["title"], imageName: item["image"], tag: Int(item["tag"] ?? "") ?? 0)
            tabBarItem.systemItem = item["systemItem"]
            tabBarItem.badgeValue = item["badgeValue"]
            controller.tabBarItem = tabBarItem
        }
        controller.definesPresentationContext = element["definesPresentationContext"] == "YES"
        if let style = element["modalPresentationStyle"].flatMap(ModalPresentationStyle.init(rawValue:)) {
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
    func instantiateRelationships(of controller: ViewController, from element: StoryboardElement) {
        func children(_ relationship: String) -> [ViewController] {
            Self.relationships(relationship, of: element).compactMap { segue in
                segue["destination"].flatMap(instantiateScene(withControllerID:))
            }
        }
        if let tabBar = controller as? TabBarController {
            tabBar.setViewControllers(children("viewControllers"), animated: false)
        } else if let split = controller as? SplitViewController {
            split.setViewControllers(children("masterViewController") + children("detailViewController"))
        }
    }
}

extension Storyboard {
    /// The embed segues of a scene, with the id of the container view each starts from.
    static func embedSegues(in controller: StoryboardElement) -> [(containerID: String?, segue: StoryboardElement)] {
        guard let view = SceneObjects.rootView(of: controller) else { return [] }
        return view.descendantsAndSelf.filter { $0.name == "containerView" }.flatMap { container in
            (container.child("connections")?.children ?? []).filter { $0.name == "segue" && SegueKind(of: $0) == .embed }
                .map { (container.id, $0) }
        }
    }

    /// Performs the embed segues of a view just loaded, as UIKit does before the owner's
    /// `viewDidLoad`: each destination is made, the owner's `prepare(for:sender:)` sees the
    /// segue, and the destination becomes the owner's child, in its container view (rule 22).
    func performEmbedSegues(_ embeds: [(containerID: String?, segue: StoryboardElement)], owner: ViewController) {
        let containers = owner.view.allViews.compactMap { $0 as? ContainerView }
        for (containerID, element) in embeds {
            guard let id = element.id, let destinationID = element["destination"],
                  let destination = instantiateScene(withControllerID: destinationID) else { continue }
            let container = containers.first { $0.storyboardID == containerID }
            let template = SegueTemplate(storyboardID: id, identifier: element["identifier"], kind: .embed,
                                         customClassName: element["customClass"], destinationID: destinationID, storyboard: self)
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
