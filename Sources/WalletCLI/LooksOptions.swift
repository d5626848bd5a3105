import App
import ArgumentParser
import Views

extension Theme.Appearance: ExpressibleByArgument {}

/// How the app looks, and whether it takes the mouse: `--theme`, `--mouse`.
struct LooksOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Colours and emphasis: default, high-contrast (nothing dim, for projectors and bright rooms) or mono (no colour). Without it, a non-empty "
            + "NO_COLOR gives mono. Example: --theme high-contrast.",
        valueName: "default|high-contrast|mono"))
    var theme: Theme.Appearance?

    @Flag(name: .long, inversion: .prefixedNo, help: ArgumentHelp(
        "Whether clicks and the wheel reach the app where the terminal reports the mouse (on by default). --no-mouse leaves the mouse to the terminal, "
            + "to select text without holding Shift."))
    var mouse = true

    @Flag(name: .customLong("show-keys"), help: ArgumentHelp("Show the audience the last keys pressed, at the right end of the keys' row, "
        + "as screencasting tools do: yours, and those a playing script types."))
    var showKeys = false

    /// The appearance asked for: `--theme`, else `NO_COLOR`, else the default.
    func appearance(environment: [String: String] = ["NO_COLOR": FileSystem.environment("NO_COLOR")].compactMapValues { $0 }) -> Theme.Appearance {
        Theme.Appearance.chosen(theme, environment: environment)
    }

    /// Draws `app` with the appearance asked for.
    @MainActor
    func apply(to app: Application) {
        app.theme = Theme(capabilities: app.backend.capabilities, appearance: appearance())
        if showKeys { app.shownKeys = ShownKeys() }
    }
}
