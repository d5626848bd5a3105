import App
@testable import Navigation
import Views
@testable import Wallet

/// What must hold of the controller hierarchy after every key, whatever the storyboard and the
/// keys: each link has its other end, nothing is in it twice, the screen that takes keys is
/// the top of its stack, and exactly the controllers on screen have appeared.
@MainActor
enum HierarchyInvariants {
    static func problems(in app: Application) -> [String] {
        var problems: [String] = []
        var seen: [ViewController] = []
        guard let root = app.window.rootViewController else { return ["the window has no root view controller"] }

        func visit(_ controller: ViewController) {
            guard !seen.contains(where: { $0 === controller }) else {
                problems.append("\(ControllerID(controller)) appears twice in the hierarchy")
                return
            }
            seen.append(controller)
            for child in controller.children {
                if child.parent !== controller { problems.append("\(ControllerID(child)) is a child of \(ControllerID(controller)) but names another parent") }
                visit(child)
            }
            if let navigation = controller as? NavigationController,
               !navigation.children.elementsEqual(navigation.viewControllers, by: ===) {
                problems.append("\(ControllerID(navigation))'s children are not its stack")
            }
            if let presented = controller.ownPresentedViewController {
                if presented.presentingViewController !== controller {
                    problems.append("\(ControllerID(presented)) is presented by \(ControllerID(controller)) but names another presenter")
                }
                visit(presented)
            }
            if let presenter = controller.presentingViewController, presenter.ownPresentedViewController !== controller {
                problems.append("\(ControllerID(controller)) names \(ControllerID(presenter)) as presenter, which does not present it")
            }
        }
        visit(root)

        for level in app.window.presentationStack.dropFirst() where level.presentingViewController == nil {
            problems.append("\(ControllerID(level)) is on screen as a presentation without a presenter")
        }

        // The screen that takes keys shows the top of the top level's stack, or an open menu
        // over it, which is no presentation.
        if let menu = app.window.menuLevel {
            if menu.presentingViewController != nil { problems.append("the open menu \(ControllerID(menu)) is presented") }
            if app.currentScreen?.controller !== menu { problems.append("a menu is open, but the screen shows another level") }
        } else if let top = app.window.topViewController, let screen = app.currentScreen {
            let shown = (top as? NavigationController)?.topViewController ?? top
            if screen.controller !== shown { problems.append("the screen shows \(ControllerID(screen.controller)), not the top of the stack \(ControllerID(shown))") }
        }

        // On screen: the top level, and the levels a presentation that keeps its presenter (over
        // full screen, a sheet: rule 29) leaves visible, each with the children that appear with it.
        var visible: [ViewController] = []
        func appear(_ controller: ViewController) {
            visible.append(controller)
            controller.childrenForAppearance.forEach(appear)
        }
        for level in app.window.presentationStack.reversed() {
            appear(level)
            // The style it was presented in: adapting later sends no appearance calls.
            if (level.styleWhenPresented ?? level.adaptivePresentationStyle).removesPresenter { break }
        }
        for controller in seen {
            let onScreen = visible.contains { $0 === controller }
            if onScreen, controller.appearance != .appeared {
                problems.append("\(ControllerID(controller)) is on screen but its appearance is \(controller.appearance)")
            } else if !onScreen, controller.appearance != .disappeared {
                problems.append("\(ControllerID(controller)) is off screen but its appearance is \(controller.appearance)")
            }
        }
        return problems
    }
}
