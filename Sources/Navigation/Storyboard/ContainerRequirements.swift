/// What a container scene needs to show anything: a tab bar controller some tabs, a split view
/// controller its primary. Without them the screen would be empty and nothing could be done,
/// so loading says what to connect.
@MainActor
enum ContainerRequirements {
    static func problem(of controller: StoryboardElement) -> String? {
        switch controller.name {
        case "tabBarController" where Storyboard.relationships("viewControllers", of: controller).isEmpty:
            return "a tab bar controller with no tabs has nothing to show; connect its view controllers relationship to the scene of each tab"
        case "splitViewController" where Storyboard.relationships("masterViewController", of: controller).isEmpty:
            return "a split view controller without a master view controller has nothing to show; connect its master view controller relationship"
        default:
            return nil
        }
    }
}
