import ArgumentParser
import Navigation
import Storyboards
import Views

/// `--stand-ins` for `wallet storyboard lint` and `graph`: read the storyboard as
/// `wallet storyboard run` runs it, with stand-ins for the classes the wallet does not have,
/// rather than as `wallet --storyboard` would, with the wallet's classes.
struct StandInCheckOptions: ParsableArguments {
    @Flag(name: .customLong("stand-ins"),
        help: ArgumentHelp("Read the storyboard as `wallet storyboard run` does: classes the wallet does not have are stood in "
        + "for, and their unwind actions are those the scenes declare (unwindActions) or --implements gives."))
    var standIns = false

    @OptionGroup var implementations: StandInOptions

    /// The classes to read the storyboard `file` with: those of the command that runs it (the
    /// wallet's, or the catalog's), or those `storyboard run` uses.
    @MainActor
    func classes(for file: StoryboardFileContents) -> StoryboardClasses {
        guard standIns || !implementations.implements.isEmpty else {
            let classes = StoryboardCommand.classes(for: file)
            classes.referenceSearchPaths = implementations.storyboardPaths
            return classes
        }
        return StoryboardWithoutCode.classes(standIns: implementations.standIns(), searchPaths: implementations.storyboardPaths)
    }
}
