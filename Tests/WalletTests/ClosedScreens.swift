import App
import TestSupport
@testable import Navigation
import Views

/// Watches, weakly, every controller that has been on screen and every object that had focus,
/// to check that nothing of a closed screen outlives it: state kept for a screen after it has
/// gone is what handed the second Amount the first one's dead Back button (defect 1).
@MainActor
final class ClosedScreens {
    private final class Watched {
        weak var object: AnyObject?
        /// The controller whose screen the object belongs to; for a controller, itself.
        weak var owner: ViewController?
        let name: String

        init(_ object: AnyObject, owner: ViewController, name: String) {
            self.object = object
            self.owner = owner
            self.name = name
        }
    }

    private var controllers: [Watched] = []
    private var focused: [Watched] = []

    /// Starts watching what is on screen now: the controllers in the window and the focused object.
    func watch(_ app: Application) {
        for controller in app.window.allControllers where !controllers.contains(where: { $0.object === controller }) {
            controllers.append(Watched(controller, owner: controller, name: "\(ControllerID(controller))"))
        }
        if let screen = app.currentScreen, let target = app.focus.focus(on: screen),
           !focused.contains(where: { $0.object === target.object }) {
            focused.append(Watched(target.object, owner: screen.controller, name: "the focused \(type(of: target.object))"))
        }
    }

    /// What outlives its screen: controllers alive though out of the window, and focused
    /// objects alive though their controller is gone.
    func survivors(in app: Application) -> [String] {
        let inWindow = app.window.allControllers
        var problems: [String] = []
        for watched in controllers {
            if let controller = watched.object as? ViewController, !inWindow.contains(where: { $0 === controller }) {
                problems.append("\(watched.name) left the window but is still alive")
            }
        }
        for watched in focused where watched.owner == nil && watched.object != nil {
            problems.append("\(watched.name) of a closed screen is still alive")
        }
        controllers.removeAll { $0.object == nil }
        focused.removeAll { $0.object == nil }
        return problems
    }
}
