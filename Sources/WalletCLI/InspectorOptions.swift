import App
import ArgumentParser
import Views

/// The workshop inspector and step-through, from launch; F2 and F3 toggle them in the app.
struct InspectorOptions: ParsableArguments {
    @Flag(name: .long, help: ArgumentHelp("Open the inspector at launch (F2 toggles it): the live controller tree and the last segue, each controller "
        + "an unwind asked and its answer"))
    var inspector = false

    @Flag(name: .long, help: ArgumentHelp("Step through every segue and unwind from launch (F3 toggles it): each pauses before each step, Space runs the next, "
        + "Enter the rest; opens the inspector"))
    var step = false

    @MainActor
    func apply(to app: Application) {
        if inspector { app.inspector.isShown = true }
        if step { app.inspector.setStepping(true) }
    }
}
