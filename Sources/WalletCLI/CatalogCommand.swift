import ArgumentParser
import Catalog
import Navigation
import Storyboards
import Views

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `wallet catalog`: the segue catalog of `Assets/Catalog.storyboard`, with the app's options for
/// looks, keys, headless runs, demos, the inspector, stepping and traces.
struct CatalogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Run the segue catalog: every kind of segue and every unwind path, explained on screen, for a workshop.",
        discussion: """
            A tab bar of six tabs: Start (what each tab shows), Push (Show, unwinding several \
            levels back, the nearest implementer wins), Present (Present Modally, Popover, a custom \
            segue, each left by an unwind), Split (Show Detail, an unwind from another storyboard \
            through a reference), Embed (a container view, a custom container that fades) and Unwind \
            (an unwind across the tab bar, one nobody on screen implements). Each screen says what its segue \
            does, which key to press and where the unwind will land; the bottom row says where it \
            did. The digits 1 to 6 (or Ctrl-N, Ctrl-P) switch tabs; a letter presses the button it \
            starts. Its scenes have no Swift classes: each declares its unwind actions with the \
            runtime attribute unwindActions.
              wallet catalog
              wallet catalog --inspector --animations slow --theme high-contrast
              wallet catalog --headless --size 100x30 --keys '2ssr'
              wallet catalog Assets/Catalog.storyboard
            """
    )

    // An argument, not --storyboard: that option is the wallet's own, and would be taken as it.
    @Argument(help: ArgumentHelp("A copy of the catalog's storyboard to run instead, edited for a workshop (its references open the files beside it); "
        + "the Assets/Catalog.storyboard embedded in the app by default.", valueName: "file"))
    var storyboard: String?

    @OptionGroup var app: AppRunOptions

    func validate() throws {
        if let storyboard, !FileSystem.exists(atPath: storyboard) {
            throw ValidationError("no storyboard at \"\(storyboard)\"")
        }
        try app.validateHeadless()
    }

    func run() throws {
        signal(SIGPIPE, SIG_IGN)
        try MainActor.assumeIsolated {
            // Named by the path as given, so that messages lead an editor to the file.
            // The embedded Assets/Catalog.storyboard without a file.
            try app.run(makeWindow: { _ throws(StoryboardErrors) in try CatalogApp.makeWindow(storyboardPath: storyboard) },
                        storyboard: storyboard.map { ("FILE", $0) }, app: .catalog, setUp: CatalogApp.configure)
        }
    }
}
