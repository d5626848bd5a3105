import Terminal

/// The app as a presenter runs it, from the first launch to quitting: F5 launches it again as
/// it was launched, and F4 takes it back to the previous pause of the script playing. Both
/// make a new app (`launch`: a new window from the storyboard, the options applied again), and
/// a rewind then replays the script's steps up to the pause, laid out but not drawn: the engine
/// is deterministic, so the same steps lead to the same place, with no state to undo.
///
/// Which steps to replay is the script's: `ScriptHistory` keeps them, in the player of a real
/// terminal (`ScriptReplaying`) or here for a headless script. The timers of the app left
/// behind are stopped; the scheduler, and so the clock a recording is timed by, goes on.
@MainActor
public final class Stage {
    /// The app now on stage.
    public private(set) var app: Application
    private let launch: () throws -> Application
    private let scheduler: Scheduler

    /// `launch` makes the app as at launch, set up as the options say; it is called again for
    /// each restart, so a storyboard file is read again.
    public init(scheduler: Scheduler, launch: @escaping () throws -> Application) throws {
        self.scheduler = scheduler
        self.launch = launch
        app = try launch()
    }

    /// Runs in the terminal until the user quits; `player` is the script playing, if any.
    public func run(player: ScriptReplaying? = nil) {
        while true {
            app.run()
            guard app.wantsRelaunch else { return }
            relaunch(replaying: player?.replay ?? [])
            app.render()
        }
    }

    /// Runs a script, as `--headless` does, each step drawn; an F5 or F4 in it launches the app
    /// again, and the script goes on from the step after it. `before` sees each step before it
    /// runs (a recording marks captions and pauses).
    public func run(script steps: [KeyScriptStep], before: (KeyScriptStep) -> Void = { _ in }) {
        app.launch()
        var history = ScriptHistory()
        var last: KeyScriptStep?
        for (index, step) in steps.enumerated() {
            history.record(step, at: index)
            before(step)
            app.perform(step)
            last = step
            if app.wantsRelaunch {
                relaunch(replaying: history.steps)
            } else if !app.isRunning {
                break
            }
            app.render()
        }
        app.endScript(after: last)
    }

    /// A new app, brought to where `steps` lead. When it cannot be made (the storyboard file no
    /// longer loads), the app on stage goes on, and an alert says why.
    private func relaunch(replaying steps: [KeyScriptStep]) {
        let mark = scheduler.timersSet
        do {
            app = try launch()
        } catch {
            app.stay(becauseRelaunchFailed: "The app could not be started again, so it goes on as it was: \(error)")
            return
        }
        scheduler.invalidateTimers(setBefore: mark)
        app.run(script: steps, drawing: false)
    }
}
