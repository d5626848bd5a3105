import ArgumentParser
import Navigation
import Views

/// `--implements CLASS=action1:,action2:`: which unwind actions the stand-in for a class the
/// app does not have implements, beside those the storyboard declares with the scene's
/// `unwindActions` runtime attribute.
struct StandInOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The unwind actions a class of the storyboard implements, as in --implements QuestionViewController=startOver:,unwindToQuiz: (repeat it for "
            + "each class); added to those its scenes declare with the unwindActions runtime attribute. CLASS#SCENE names one scene of the class, by "
            + "its Storyboard ID or Interface Builder id, as UIKit asks each instance.",
        valueName: "class=action:,…"))
    var implements: [String] = []

    @Option(name: .customLong("storyboard-path"), help: ArgumentHelp(
        "A folder where storyboard references are looked for, after those beside the file, its .lproj folders and its project (the folder "
            + "with the .xcodeproj, else the repository); repeat it for each.", valueName: "dir"))
    var storyboardPaths: [String] = []

    func validate() throws {
        for folder in storyboardPaths where !FileSystem.isDirectory(atPath: folder) {
            throw ValidationError("--storyboard-path: \"\(folder)\" is not a folder")
        }
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
            guard let (key, actions) = try? StandIns.implementation(from: value) else { continue }
            standIns.implementations[key, default: []] += actions
        }
        return standIns
    }
}
