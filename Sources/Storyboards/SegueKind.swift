/// What a segue element is, read once from the `kind` Interface Builder writes (and the
/// attributes that go with it): the one model of a segue that loading, lint and graph share.
/// Legacy kinds (iOS 7's `push`, `modal`, `replace`, `popover`) read as what replaced them.
public enum SegueKind: Equatable, Sendable {
    case show
    case showDetail
    /// `modalPresentationStyle` as written, if the segue sets one.
    case presentation(style: String?)
    /// Anchored at the element `anchorID` names, or at the sender.
    case popover(anchorID: String?)
    /// A container's relationship to a child: `rootViewController`, `viewControllers`,
    /// `masterViewController`, `detailViewController`…
    case relationship(String?)
    /// Puts the destination in a container view, as the parent's view loads.
    case embed
    case custom(className: String?)
    /// The action its destination search looks for, if it names one.
    case unwind(action: String?)
    /// A kind the engine does not know, as written.
    case unknown(String)

    init(of segue: StoryboardElement) {
        switch segue["kind"] ?? "" {
        case "show", "push": self = .show
        case "showDetail", "replace": self = .showDetail
        case "presentation", "modal": self = .presentation(style: segue["modalPresentationStyle"])
        case "popoverPresentation", "popover": self = .popover(anchorID: segue["popoverAnchorView"] ?? segue["popoverAnchorBarButtonItem"])
        case "relationship": self = .relationship(segue["relationship"])
        case "embed": self = .embed
        case "custom": self = .custom(className: segue["customClass"])
        case "unwind": self = .unwind(action: segue["unwindAction"])
        case let other: self = .unknown(other)
        }
    }

    /// A relationship or an embed: the destination is part of the source's scene.
    public var isContainment: Bool {
        switch self {
        case .relationship, .embed: true
        default: false
        }
    }

    public var isRelationship: Bool {
        if case .relationship = self { true } else { false }
    }

    public var isCustom: Bool {
        if case .custom = self { true } else { false }
    }

    public var isUnwind: Bool {
        if case .unwind = self { true } else { false }
    }

    /// The relationship segue that gives a navigation controller its root.
    public var isRootViewController: Bool { self == .relationship("rootViewController") }
}
