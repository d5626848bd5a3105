import App
import Navigation
import Storyboards
import Views
import WalletAssets

/// Puts the segue catalog together (`wallet catalog`): `Assets/Catalog.storyboard`, the classes
/// its scenes name, and what the app shows of each unwind.
///
/// Its scenes have no classes but one: each plain scene is a stand-in that implements the unwind
/// actions the storyboard declares for it (the `unwindActions` runtime attribute). Only the fade
/// container and its segue are Swift.
@MainActor
public enum CatalogApp {
    /// The catalog's storyboard, embedded in the app with `CatalogDetail.storyboard` beside it.
    public static var storyboardPath: String { WalletAssets.catalogStoryboardPath }

    /// The classes the catalog's storyboards name: the terminal's, stand-ins for the classless
    /// scenes (each implementing the unwind actions its `unwindActions` attribute declares), the
    /// fade container and its segue.
    public static func classes() -> StoryboardClasses {
        // Unwinds are not refused at load, as for any storyboard without its code: the stand-ins'
        // actions are the storyboard's to declare, and one unwind of the catalog is meant to
        // find nobody on screen, and to abort when run.
        let classes = StoryboardWithoutCode.classes()
        classes.register(FadeContainerViewController.self) { FadeContainerViewController() }
        classes.registerSegue(FadeSegue.self)
        return classes
    }

    /// The window with the catalog's tab bar controller, before any terminal is involved: from the
    /// storyboard at `path` on disk (named by the path as given; from `bytes` when the caller has
    /// read the file already), or the embedded one when nil.
    public static func makeWindow(storyboardPath path: String? = nil, bytes: [UInt8]? = nil,
                                  classes: StoryboardClasses = classes()) throws(StoryboardErrors) -> Window {
        // The embedded file is named as the repository names it; its reference to
        // CatalogDetail.storyboard finds the embedded one beside it.
        let storyboard = if let path, let bytes {
            try Storyboard(bytes: bytes, ofFile: path, classes: classes)
        } else if let path {
            try Storyboard(contentsOfFile: path, name: path, classes: classes)
        } else {
            try Storyboard(path: storyboardPath, of: WalletAssets.files, name: storyboardPath, classes: classes)
        }
        guard let initial = storyboard.instantiateInitialViewController() else {
            throw StoryboardErrors(errors: [.noInitialViewController(file: storyboard.name, line: storyboard.documentLine)])
        }
        let window = Window()
        window.rootViewController = initial
        return window
    }

    /// What the catalog adds to an app running its window: the fade container's transition, and
    /// the status line that says where each unwind landed (or that it was aborted), and a help
    /// that names no Send.
    public static func configure(_ app: Application) {
        app.animator.register(FadeSegue.self)
        app.statusLine = StatusLine(window: app.window)
        app.keysHelp = .anyStoryboard
    }
}
