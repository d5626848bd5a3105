import App
import ArgumentParser
import Views

extension AnimationSpeed: ExpressibleByArgument {}

/// `--animations`: how transitions play.
struct AnimationOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "How transitions play: off, normal (a quarter of a second) or slow (1.5 s, for a projector). Normal in a terminal, off with --headless, where "
            + "<wait S> advances them: --headless --animations slow --keys 'n<wait 0.5>' shows Contacts rising.",
        valueName: "off|normal|slow"))
    var animations: AnimationSpeed?

    /// Turns transitions on in `app`, as asked, or as the run's default.
    @MainActor
    func apply(to app: Application, headless: Bool) {
        app.animator.speed = animations ?? (headless ? .off : .normal)
    }
}
