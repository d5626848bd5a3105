import ArgumentParser
import Navigation
import Storyboards
import Views

/// How `wallet storyboard lint` and `graph` read a storyboard: as the command that runs it
/// would. One that names the wallet's classes (or the catalog's generic scenes) is read with
/// that app's classes, as `wallet --storyboard` runs it; any other, an attendee's, as `wallet
/// storyboard run` runs it, with stand-ins for the classes the wallet does not have (issue 32:
/// lint advised registering an attendee's HomeViewController in the wallet's code, while run
/// ran it). `--stand-ins` and `--wallet-classes` choose.
struct StandInCheckOptions: ParsableArguments {
    @Flag(name: .customLong("stand-ins"),
        help: ArgumentHelp("Read the storyboard as `wallet storyboard run` does: classes the wallet does not have are stood in "
        + "for, and their unwind actions are those the scenes declare (unwindActions) or --implements gives. The default for a "
        + "storyboard that names none of the wallet's classes."))
    var standIns = false

    @Flag(name: .customLong("wallet-classes"),
        help: ArgumentHelp("Read the storyboard as `wallet --storyboard` does, with the wallet's classes, even when it names none of them."))
    var walletClasses = false

    @OptionGroup var implementations: StandInOptions

    /// The classes to read the storyboard `file` with: those of the command that runs it (the
    /// wallet's, or the catalog's), or those `storyboard run` uses.
    @MainActor
    func classes(for file: StoryboardFileContents) -> StoryboardClasses {
        let runsWithStandIns = standIns || !implementations.implements.isEmpty
            || (!walletClasses && !StoryboardCommand.declaresGenericScenes(file) && !StoryboardCommand.namesWalletClasses(file))
        guard runsWithStandIns else {
            let classes = StoryboardCommand.classes(for: file)
            classes.referenceSearchPaths = implementations.storyboardPaths
            return classes
        }
        return StoryboardWithoutCode.classes(standIns: implementations.standIns(), searchPaths: implementations.storyboardPaths)
    }
}
