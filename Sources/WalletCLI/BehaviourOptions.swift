import ArgumentParser
import Navigation
import Storyboards
import StoryboardBehaviours

/// `--behaviours FILE` and the flags that say the same one at a time: what the storyboard's
/// Swift side does, for `wallet storyboard run`. Each flag's class may be one scene of it,
/// `CLASS#SCENE`, by its Storyboard ID or Interface Builder id. The file is read again at each launch (F5), so
/// that an edit shows, as the storyboard is.
struct BehaviourOptions: ParsableArguments {
    @Option(name: .customLong("behaviours"), help: ArgumentHelp(
        "A YAML file of what the storyboard's Swift side does: actions that perform segues, what unwind actions and prepare(for:sender:) change "
            + "in outlets, and compact-width substitutes (README: \"Run any storyboard\").", valueName: "file"))
    var file: String?

    @Option(name: .customLong("performs"), help: ArgumentHelp(
        "An action that performs a segue, as \(BehaviourFlags.performsForm) (repeatable).", valueName: "class.action=segue"))
    var performs: [String] = []

    @Option(name: .customLong("unwinds"), help: ArgumentHelp(
        "What an unwind action changes in its scene's outlets, as \(BehaviourFlags.unwindsForm) (repeatable).",
        valueName: "class.action=outlet.property=value"))
    var unwinds: [String] = []

    @Option(name: .customLong("prepares"), help: ArgumentHelp(
        "What prepare(for:sender:) changes in the destination's outlets, as \(BehaviourFlags.preparesForm) (repeatable).",
        valueName: "class.segue=outlet.property=value"))
    var prepares: [String] = []

    @Option(name: .customLong("pages"), help: ArgumentHelp(
        "A page view controller's pages, by Storyboard ID, as \(BehaviourFlags.pagesForm) (repeatable).", valueName: "class=id,…"))
    var pages: [String] = []

    @Option(name: .customLong("appears"), help: ArgumentHelp(
        "A segue the scene performs the first time it appears (performSegue in viewDidLoad or viewDidAppear), as "
            + "\(BehaviourFlags.appearsForm) (repeatable).", valueName: "class=segue"))
    var appears: [String] = []

    @Option(name: .customLong("selects"), help: ArgumentHelp(
        "A segue a row of the scene's table performs when selected (performSegue in tableView(_:didSelectRowAt:)), as "
            + "\(BehaviourFlags.selectsForm) (repeatable).", valueName: "class=segue"))
    var selects: [String] = []

    @Option(name: .customLong("can-perform"), help: ArgumentHelp(
        "An override of canPerformUnwindSegueAction: its answer for an action, as \(BehaviourFlags.canPerformForm) (repeatable).",
        valueName: "class.action=false"))
    var canPerform: [String] = []

    @Option(name: .customLong("sheet"), help: ArgumentHelp(
        "What the scene's code does about the user's pull-down of the sheet it is shown in, as \(BehaviourFlags.sheetForm) (repeatable).",
        valueName: "class=items"))
    var sheets: [String] = []

    @Option(name: .customLong("compact-substitute"), help: ArgumentHelp(
        "The scene a segue presents instead in a compact width, as \(BehaviourFlags.compactForm) (repeatable).", valueName: "segue=storyboard-id"))
    var compactSubstitutes: [String] = []

    /// Whether any behaviour is declared, by the file or a flag.
    var isGiven: Bool { file != nil || !(performs + unwinds + prepares + pages + appears + selects + canPerform + sheets + compactSubstitutes).isEmpty }

    func validate() throws {
        do {
            _ = try flagBehaviours()
        } catch {
            throw ValidationError(error.description)
        }
        if let file {
            // Read at every launch (F5), and standard input is the app's keyboard.
            guard file != "-" else { throw ValidationError("--behaviours: give a file; standard input is read once, and is the app's keys") }
            do {
                _ = try KeysFile.text(at: file, kind: "behaviours file")
            } catch {
                throw ValidationError("--behaviours: \(error)")
            }
        }
    }

    /// What the flags say, each read; the first malformed one's message, with its flag.
    private func flagBehaviours() throws(BehaviourFormError) -> StandInBehaviours {
        var all: [StandInBehaviours] = []
        for (flag, values, read) in [("--performs", performs, BehaviourFlags.performs), ("--unwinds", unwinds, BehaviourFlags.unwinds),
                                     ("--prepares", prepares, BehaviourFlags.prepares), ("--pages", pages, BehaviourFlags.pages),
                                     ("--appears", appears, BehaviourFlags.appears), ("--selects", selects, BehaviourFlags.selects),
                                     ("--can-perform", canPerform, BehaviourFlags.canPerform), ("--sheet", sheets, BehaviourFlags.sheet),
                                     ("--compact-substitute", compactSubstitutes, BehaviourFlags.compactSubstitute)] {
            for value in values {
                do {
                    all.append(try read(value))
                } catch {
                    throw BehaviourFormError("\(flag): \(error)")
                }
            }
        }
        return BehaviourFlags.combined(all)
    }

    /// The file's behaviours with the flags' over them; every problem of the file with its line.
    func behaviours() throws(StoryboardErrors) -> StandInBehaviours {
        var behaviours = StandInBehaviours()
        if let file {
            let text: String
            do {
                text = try KeysFile.text(at: file, kind: "behaviours file")
            } catch {
                throw StoryboardErrors(errors: [StoryboardDiagnostic(file: file, line: 0, rule: .file, message: error.reason)])
            }
            behaviours = try BehavioursFile.read(Array(text.utf8), path: file)
        }
        do {
            return behaviours.merging(try flagBehaviours())
        } catch {
            throw StoryboardErrors(errors: [StoryboardDiagnostic(file: "--behaviours", line: 0, rule: .behaviours, message: error.description)])
        }
    }
}
