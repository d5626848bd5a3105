import Navigation

/// Whose keys the help (F1) lists: the wallet's names its Send and its transfers; an app run
/// from any other storyboard (`wallet catalog`, `wallet storyboard run`) has neither, and a new
/// user reading "in a text field, Send" there looks for a Send that is not on screen.
public enum KeysHelp: Sendable {
    case wallet
    case anyStoryboard
}

extension KeyHints {
    /// Every key, in words that hold for any storyboard.
    static let anyStoryboardReference = """
        Tab, Shift-Tab    move focus
        Up, Down, k, j    move in a table
        PgUp, PgDn        page up or down
        Home, End         top or bottom
        Enter             press the focused button, row or
                          bar button; in a text field, the
                          right bar button
        Right             a row's accessory, drawn (i)
        Esc               the left bar button (Cancel,
                          Back); close an alert
        a letter          press the button it starts
        q                 quit, when not typing
        Ctrl-C            quit, anywhere
        Ctrl-Z            suspend; fg in the shell resumes
        F1 or ?           these keys
        F2                the inspector (controller tree)
        F3                step through segues with Space
        a click           press or open what is clicked
        """

    /// The help's text for the app in `window`, as `help` says whose keys it lists.
    static func reference(for window: Window, help: KeysHelp) -> String {
        switch help {
        case .wallet: return reference(for: window)
        case .anyStoryboard: return reference(for: window).replacingPrefix(reference, with: anyStoryboardReference)
        }
    }
}

private extension String {
    func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
