/// Storyboards built to the limits of what a run may load, and past them: references to one
/// file under many spellings, chains of containment and of referenced files. Each is small to
/// write and valid but for what it tests, so that a failure is the limit's, not the XML's.
public enum HostileStoryboards {
    /// How one scene holds the next in a containment chain.
    public enum Containment: String, CaseIterable, Sendable {
        /// A tab bar controller whose one tab is the next.
        case tab
        /// A view controller whose container view embeds the next.
        case embed
        /// Navigation controllers and tab bar controllers in turn, each the next one's root or tab.
        case navigationAndTab
        /// A split view controller whose master is the next.
        case split
    }

    static func document(initial: String, scenes: [String]) -> String {
        #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
            + #"<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="\#(initial)">"#
            + "\n<scenes>\n" + scenes.joined() + "</scenes>\n</document>\n"
    }

    static func scene(_ body: String) -> String { "<scene><objects>\(body)</objects></scene>\n" }

    static func viewController(_ id: String) -> String {
        #"<viewController id="\#(id)" sceneMemberID="viewController"><view key="view" id="v\#(id)"/></viewController>"#
    }

    /// A storyboard whose initial scene shows, by a button's segue each, a storyboard reference
    /// to each of `names` (a `storyboardName`, as `X`, `./X`, `/X`, `../d/X`).
    public static func references(to names: [String]) -> String {
        let segues = names.indices.map { #"<segue destination="p\#($0)" kind="show" id="q\#($0)"/>"# }.joined()
        var scenes = [scene(#"<viewController id="root" sceneMemberID="viewController"><view key="view" id="vroot"/><connections>\#(segues)</connections></viewController>"#)]
        for (index, name) in names.enumerated() {
            scenes.append(scene(#"<viewControllerPlaceholder storyboardName="\#(name)" id="p\#(index)" sceneMemberID="viewController"/>"#))
        }
        return document(initial: "root", scenes: scenes)
    }

    /// A storyboard with one scene and nothing else.
    public static var single: String { document(initial: "c", scenes: [scene(viewController("c"))]) }

    /// `levels` scenes, each holding the next as `kind` says; the last a plain view controller.
    public static func chain(_ kind: Containment, levels: Int) -> String {
        var scenes: [String] = []
        scenes.reserveCapacity(levels)
        for level in 0..<levels {
            let id = "c\(level)", next = "c\(level + 1)"
            guard level < levels - 1 else { scenes.append(scene(viewController(id))); break }
            func relationship(_ element: String, _ name: String) -> String {
                #"<\#(element) id="\#(id)" sceneMemberID="viewController"><connections><segue destination="\#(next)" kind="relationship" relationship="\#(name)" id="g\#(level)"/></connections></\#(element)>"#
            }
            switch kind {
            case .tab:
                scenes.append(scene(relationship("tabBarController", "viewControllers")))
            case .navigationAndTab:
                scenes.append(scene(level.isMultiple(of: 2) ? relationship("navigationController", "rootViewController")
                                                            : relationship("tabBarController", "viewControllers")))
            case .split:
                scenes.append(scene(relationship("splitViewController", "masterViewController")))
            case .embed:
                scenes.append(scene(#"<viewController id="\#(id)" sceneMemberID="viewController"><view key="view" id="v\#(id)"><subviews><containerView id="k\#(level)"><connections><segue destination="\#(next)" kind="embed" id="g\#(level)"/></connections></containerView></subviews></view></viewController>"#))
            }
        }
        return document(initial: "c0", scenes: scenes)
    }

    /// `count` files `F0` … each referring to the next by a segue; the last a single scene.
    public static func fileChain(count: Int) -> [(name: String, text: String)] {
        (0..<count).map { index in
            ("F\(index).storyboard", index == count - 1 ? single : references(to: ["F\(index + 1)"]))
        }
    }

    /// A tab bar controller whose one tab is a reference to the initial scene of `name`: two such
    /// files naming each other contain each other.
    public static func tabHoldingReference(to name: String) -> String {
        document(initial: "t", scenes: [
            scene(#"<tabBarController id="t" sceneMemberID="viewController"><connections><segue destination="p" kind="relationship" relationship="viewControllers" id="g"/></connections></tabBarController>"#),
            scene(#"<viewControllerPlaceholder storyboardName="\#(name)" id="p" sceneMemberID="viewController"/>"#),
        ])
    }

    /// A single-scene storyboard padded with a comment to about `bytes` bytes.
    public static func padded(toBytes bytes: Int) -> String {
        let text = single
        return text + "<!--" + String(repeating: "x", count: max(0, bytes - text.utf8.count - 7)) + "-->"
    }

    /// A storyboard whose one scene's view holds `labels` labels: an element each.
    public static func labels(_ labels: Int) -> String {
        var body = #"<viewController id="c" sceneMemberID="viewController"><view key="view" id="v"><subviews>"#
        for index in 0..<labels { body += #"<label text="\#(index)" id="l\#(index)"/>"# + "\n" }
        body += "</subviews></view></viewController>"
        return document(initial: "c", scenes: [scene(body)])
    }

    /// A storyboard whose one scene's view holds `views` labels, and which lists `resources` image
    /// resources besides: elements that cost parsing but make nothing.
    public static func largest(views: Int, resources: Int) -> String {
        var text = labels(views)
        var images = "<resources>\n"
        for index in 0..<resources { images += #"<image name="i\#(index)" width="1" height="1"/>"# + "\n" }
        text = String(text.dropLast("</scenes>\n</document>\n".count)) + "</scenes>\n" + images + "</resources>\n</document>\n"
        return text
    }
}
