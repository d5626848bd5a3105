import Storyboards

/// What a container scene needs to show anything. A split view controller without its primary
/// cannot be shown at all, so loading says what to connect. A tab bar controller with no tabs
/// is what Xcode makes before tabs are connected, and UIKit shows it as an empty tab bar (Apple's
/// CustomTransitions sample ships one): it loads, and lint warns.
@MainActor
enum ContainerRequirements {
    static func problem(of controller: SceneObject) -> String? {
        switch controller.elementName {
        case "splitViewController" where controller.relationships("masterViewController").isEmpty:
            return "a split view controller without a master view controller has nothing to show; connect its master view controller relationship"
        default:
            return nil
        }
    }

    /// A tab bar controller with no tabs: allowed, but it shows nothing but its empty bar.
    static func warning(of controller: SceneObject) -> String? {
        guard controller.elementName == "tabBarController", controller.relationships("viewControllers").isEmpty else { return nil }
        return "a tab bar controller with no tabs shows an empty tab bar; connect its view controllers relationship to the scene of each tab"
    }
}
