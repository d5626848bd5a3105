import ArgumentParser
import Navigation
import Views

/// `--implements CLASS=action1:,action2:`: which unwind actions the stand-in for a class the
/// app does not have implements, beside those the storyboard declares with the scene's
/// `unwindActions` runtime attribute.
struct StandInOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The unwind actions a class of the storyboard implements, as in --implements QuestionViewController=startOver:,unwindToQuiz: (repeat it for "
            + "each class); added to those its scenes declare with the unwindActions runtime attribute.",
        valueName: "class=action:,…"))
    var implements: [String] = []

    func validate() throws {
        for value in implements {
            do {
                _ = try StandIns.implementation(from: value)
            } catch {
                throw ValidationError("--implements: \(error)")
            }
        }
    }

    /// The terminal's stand-ins, with the actions given here.
    @MainActor
    func standIns() -> StandIns {
        let standIns = StandIns.terminal()
        for value in implements {
            guard let (className, actions) = try? StandIns.implementation(from: value) else { continue }
            standIns.implementations[className, default: []] += actions
        }
        return standIns
    }
}
