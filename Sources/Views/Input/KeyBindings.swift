import Terminal

/// What a key does, by name (UIKit's key command's action selector): the binding table
/// (`KeyBindings`) maps keys to these, and the responder that can perform one does it
/// (`Responder`): the app, the inspector, a screen, a tab bar, a table, a text field.
public enum KeyAction: Sendable, Hashable {
    /// Ctrl-C: quit, asking first while work is under way; a second one quits.
    case interrupt
    case suspend
    case quit
    case help
    case toggleInspector
    case toggleStepping
    /// F5: the app launched again; F4: back to the previous pause of the script playing.
    case restart, rewind
    /// F6: the inspector on the whole terminal, where the arrows scroll it, or back beside the app.
    case zoomInspector
    /// While a segue is paused: its next step, or the rest of it.
    case nextSegueStep, finishSegue
    case nextFocus, previousFocus
    /// The focused button, bar button or alert button.
    case press
    /// The pane's left bar button (Cancel, Back); in an alert, its cancel action.
    case cancel
    /// A text field's Enter: the pane's right bar button (Send).
    case rightBarButton
    /// The button whose title starts with the letter typed.
    case mnemonic
    case nextTab, previousTab
    /// The tab whose number was typed.
    case selectTab
    case otherColumn
    case closePopover
    /// A table's selection, or a long alert's message.
    case lineUp, lineDown, pageUp, pageDown, top, bottom
    /// A table's selected row: opened, or its accessory (detail button).
    case openRow, rowAccessory
    /// A text field's editing keys: characters typed, Backspace, Delete, the cursor's moves.
    case edit
    /// A follower's view of a presenter's larger screen, moved sideways.
    case panLeft, panRight
    /// The script playing (`wallet --play`): Space at a pause goes on with it; q and Ctrl-C stop
    /// it; any other key of the presenter's is ignored while it plays.
    case continueScript, stopScript, ignoreWhileScriptPlays
    /// Under `wallet serve`: the presenter puts the paused unwind's question to the room (F7),
    /// or takes it back (Esc while the segue is paused); an attendee or a follower answers with
    /// a letter.
    case askRoom, answerRoom, closeRoomQuestion
    /// Any key, on an attendee's or a follower's revealed answer: closes the panel, and only that.
    case closeRoomPanel
    /// Ctrl-D: the sheet on top pulled down, as a swipe down does (rule 29: no unwind).
    case pullDown
}

/// Which responder declares a binding (`Responder.keyCommands`): the app (`anywhere`), the
/// inspector (`inspector`; `zoomed` to the whole terminal, where the app is not seen; `paused`,
/// a segue stopped between steps), the screen on top (`screen`; its `alert`), a tab bar or a
/// page view controller (`containers`), the focused `textField` or `table`.
public enum KeyScope: Sendable, Equatable {
    case anywhere, inspector, zoomed, paused, alert, containers, textField, table, screen
    /// The screens of a `wallet serve` session around the app: its menu, a follower's.
    case menu, follower
    /// The script playing (`wallet --play`), first in the chain while it plays.
    case scriptPlayer
    /// A question put to the room under `wallet serve` (`RoomLayer`): the presenter's keys in
    /// `room`, an attendee's or a follower's in `roomAnswer`.
    case room, roomAnswer
}

/// Which keys a binding matches.
public enum KeyPattern: Sendable, Equatable {
    case key(Key)
    /// A button's letter (`Screen.mnemonics`), in either case.
    case mnemonic(Character)
    /// Any character a text field types, and its editing keys.
    case textEditing
    /// 1 to 9.
    case tabNumber
    /// Every key: what a script playing does with the presenter's other keys.
    case anyKey

    public func matches(_ key: Key) -> Bool {
        switch self {
        case .key(let bound): return bound == key
        case .mnemonic(let letter):
            guard case .character(let character) = key else { return false }
            return character == letter || character.lowercased() == String(letter)
        case .textEditing:
            switch key {
            case .character(let character): return !character.isNewline
            case .backspace, .delete, .left, .right, .home, .end, .control("a"), .control("e"), .control("u"): return true
            default: return false
            }
        case .tabNumber:
            guard case .character(let character) = key, let number = character.wholeNumberValue else { return false }
            return character.isASCII && (1...9).contains(number)
        case .anyKey: return true
        }
    }

    /// Keys it matches, one of each kind: what the footer and F1 try, to find whether a command
    /// is in effect.
    public var samples: [Key] {
        switch self {
        case .key(let key): [key]
        case .mnemonic(let letter): [.character(letter)]
        case .textEditing: [.character("a"), .character(" "), .backspace]
        case .tabNumber: (1...9).map { .character(Character(String($0))) }
        case .anyKey: [.character("x")]
        }
    }
}

/// One line of the table: keys, where they apply, what they do, and how the help says it.
public struct KeyBinding: Sendable {
    /// The keys as the help writes them: `Tab, Shift-Tab`.
    public let label: String
    public let scope: KeyScope
    /// Each key with its action.
    public let keys: [(KeyPattern, KeyAction)]
    /// What the help (F1) and `--help` say, in a few words; nil when another binding of the
    /// same label says it. `{wallet|any}` words differ in the wallet's help and any other app's.
    public let summary: String?
    /// What the README's keys table says, in full, when the summary is not enough.
    public let detail: String?
    /// Whether the help lists it with the containers' keys, shown only where there are some.
    public let isContainerKey: Bool
    /// How the footer writes the keys, in few columns (`↑/↓`, `^N/^P`); the label when nil.
    public let footer: String?

    init(_ label: String, _ scope: KeyScope, _ keys: [(KeyPattern, KeyAction)], summary: String?, detail: String? = nil,
         isContainerKey: Bool = false, footer: String? = nil) {
        self.label = label
        self.scope = scope
        self.keys = keys
        self.summary = summary
        self.detail = detail
        self.isContainerKey = isContainerKey
        self.footer = footer
    }
}

/// Whose keys the help (F1) lists: the wallet's names its Send and its transfers; an app run
/// from any other storyboard (`wallet catalog`, `wallet storyboard run`) has neither, and a new
/// user reading "in a text field, Send" there looks for a Send that is not on screen.
public enum KeysHelp: Sendable {
    case wallet
    case anyStoryboard
}

/// Every key of the app, once: what it does, which responder declares it, and what the help
/// says of it. Responders make their key commands from it (`commands(in:titles:priority:)`);
/// `--help` and the README's keys table list all of it (a test checks the README's), F1 the
/// labels of the commands in effect.
public enum KeyBindings {
    public static let all: [KeyBinding] = [
        KeyBinding("Tab, Shift-Tab", .screen, [(.key(.tab), .nextFocus), (.key(.backTab), .previousFocus)],
                   summary: "move focus", detail: "move focus between bar buttons, buttons, text fields and tables; in an alert, between its buttons",
                   footer: "Tab"),
        KeyBinding("Up, Down", .screen, [(.key(.up), .previousFocus), (.key(.left), .previousFocus),
                                         (.key(.down), .nextFocus), (.key(.right), .nextFocus)],
                   summary: "move focus where no table takes them; Left and Right too"),
        KeyBinding("Up, Down, k, j", .table,
                   [(.key(.up), .lineUp), (.key(.character("k")), .lineUp), (.key(.down), .lineDown), (.key(.character("j")), .lineDown)],
                   summary: "move in a table",
                   detail: "move the selection in a table (it scrolls); Up and Down scroll an alert too long for the terminal", footer: "↑/↓"),
        KeyBinding("PgUp, PgDn", .table, [(.key(.pageUp), .pageUp), (.key(.pageDown), .pageDown)], summary: "page up or down",
                   detail: "page up or down in a table; in a long alert, its lines"),
        KeyBinding("Home, End", .table, [(.key(.home), .top), (.key(.end), .bottom)], summary: "top or bottom",
                   detail: "jump to the first or last row; in a long alert, its first or last lines"),
        KeyBinding("Right", .table, [(.key(.right), .rowAccessory)], summary: "{any:a row's accessory, drawn (i)}",
                   detail: "in a storyboard's table whose rows have an accessory, drawn (i) (the wallet's have none, so its help leaves Right "
                       + "out): the selected row's accessory, as a tap on it",
                   footer: "→"),
        KeyBinding("Enter, Space", .table, [(.key(.enter), .openRow), (.key(.character(" ")), .openRow)], summary: nil, footer: "Enter"),
        KeyBinding("Enter, Space", .screen, [(.key(.enter), .press), (.key(.character(" ")), .press)],
                   summary: "press the focused button, row or bar button",
                   detail: """
                       press the focused button or bar button, or open the selected row ({wallet:a contact; a transaction opens nothing|any:if it \
                       leads anywhere}). While stepping (F3), Space only steps: with no segue paused it does nothing
                       """, footer: "Enter"),
        KeyBinding("Enter", .textField, [(.key(.enter), .rightBarButton)], summary: "in a text field, {wallet:Send|any:the right bar button}",
                   detail: "in a text field, the screen's right bar button{wallet: (Send)}, as Return is on iOS forms"),
        KeyBinding("Esc", .screen, [(.key(.escape), .cancel)],
                   summary: "{wallet:Cancel or Back|any:the left bar button (Cancel, Back)}; close an alert",
                   detail: "the left bar button (Cancel, Back) of the pane with focus, or close an alert"),
        KeyBinding("q", .screen, [(.key(.character("q")), .quit)],
                   summary: "quit, when not typing",
                   detail: """
                       quit, when no text field has focus and no alert shows; while work is under way (a transfer being sent) it asks first, and \
                       Enter or Esc keeps the app open
                       """),
        mnemonics,
        KeyBinding("Ctrl-D", .screen, [(.key(.control("d")), .pullDown)],
                   summary: "pull the sheet on top down, as a swipe down on iOS",
                   detail: """
                       pull the sheet on top down, as a swipe down on an iPhone (iOS 13 and later; a drag of its grabber with the mouse does \
                       too, and a drag shorter than a third of the card springs back): it is dismissed with no unwind, so Cancel's action is \
                       not called; only the presentation controller's delegate hears of it. With isModalInPresentation it springs back, and \
                       the delegate hears presentationControllerDidAttemptToDismiss
                       """, footer: "^D"),
        KeyBinding("Ctrl-C", .anywhere, [(.key(.control("c")), .interrupt)],
                   summary: "quit, anywhere; {wallet:asks while sending, a second one quits|any:asks while work is under way}",
                   detail: "quit, anywhere; while a transfer is being sent it asks first, and a second Ctrl-C quits"),
        KeyBinding("Ctrl-Z", .anywhere, [(.key(.control("z")), .suspend)],
                   summary: "suspend; fg in the shell resumes",
                   detail: "suspend to the shell, as vim and less do; `fg` brings the app back, drawn at the terminal's size then"),
        KeyBinding("F1 or ?", .screen, [(.key(.function(1)), .help), (.key(.character("?")), .help)], summary: "this list of keys", footer: "F1"),
        KeyBinding("F2, F6", .inspector, [(.key(.function(2)), .toggleInspector), (.key(.function(6)), .zoomInspector)],
                   summary: "the inspector; full screen",
                   detail: """
                       F2: the inspector: the live controller tree (each navigation stack's top marked, each presented \
                       controller under its presenter with its style, each controller's unwind actions) and the last segue \
                       (for an unwind, every controller asked with its answer and why, the destination, prepare, the action, \
                       each part of the transition); beside the app from 97 columns, over its right side below. F6: the inspector \
                       on the whole terminal, to read all of it: Up, Down, PgUp, PgDn, Home and End scroll it, Space and Enter still \
                       step a paused segue, and F6 or Esc puts it back
                       """, footer: "F2"),
        KeyBinding("F3", .inspector, [(.key(.function(3)), .toggleStepping)],
                   summary: "step through segues with Space",
                   detail: """
                       step through segues (it opens the inspector): each segue pauses before each step, showing the real \
                       state between steps; Space runs the next step, Enter the rest of the segue; F3 again runs what \
                       remains and stops stepping
                       """),
        KeyBinding("F4, F5", .anywhere, [(.key(ScriptHistory.rewindKey), .rewind), (.key(ScriptHistory.restartKey), .restart)],
                   summary: "back a pause (--play); restart",
                   detail: """
                       F4: back to the previous `<pause>` of the script `--play` plays (at a pause, the one before), paused there, the app \
                       launched again and the script replayed to there in an instant; with no script, or no pause before, the launch. F5: \
                       start again as launched (the first screen{wallet:, the demo data}, the inspector as the options set it), a script \
                       from its beginning, a storyboard file read again so that an edit shows. With no script playing and the app moved \
                       since launch, F4 and F5 ask first, and the same key again starts over
                       """),
        KeyBinding("F7", .room, [(.key(.function(7)), .askRoom)],
                   summary: "put the paused unwind's question to the room (wallet serve)",
                   detail: """
                       under `wallet serve`, while stepping (F3) and paused before an unwind's search: put "which controller answers yes \
                       first?" to the room, the controllers on screen as lettered choices; every attendee and follower answers with a letter, \
                       and the live tally shows over the app. Space runs the search and reveals the answer, until the next key; Esc takes the \
                       question back
                       """),
        KeyBinding("Esc", .room, [(.key(.escape), .closeRoomQuestion)], summary: nil),
        KeyBinding("Ctrl-N, Ctrl-P", .containers, [(.key(.control("n")), .nextTab), (.key(.control("p")), .previousTab)],
                   summary: "next or previous tab (or page)", detail: """
                       the next or previous tab of a tab bar, anywhere, a text field included; a click on a tab \
                       selects it. Without a tab bar, the next or previous page of a page view controller
                       """,
                   isContainerKey: true, footer: "^N/^P"),
        KeyBinding("1 to 9", .containers, [(.tabNumber, .selectTab)], summary: "that tab, when not typing", isContainerKey: true),
        KeyBinding("Ctrl-O", .containers, [(.key(.control("o")), .otherColumn)],
                   summary: "the other column of a split view",
                   detail: """
                       focus the other column of a split view (or an embedded child); Tab walks through both columns' stops; Esc is the Back of \
                       the column with focus
                       """,
                   isContainerKey: true, footer: "^O"),
        KeyBinding("Esc", .containers, [(.key(.escape), .closePopover)], summary: "close a popover",
                   detail: "close a popover that has no Cancel or Back of its own, as a tap outside it does; adapted to full screen (`--ios 12` in "
                       + "a compact width) too, where UIKit leaves no way out; adapted to a sheet (iOS 13 and later), Ctrl-D pulls it down instead",
                   isContainerKey: true),
        KeyBinding("Up, Down", .zoomed, [(.key(.up), .lineUp), (.key(.down), .lineDown), (.key(.character("k")), .lineUp),
                                         (.key(.character("j")), .lineDown)], summary: nil, footer: "↑/↓"),
        KeyBinding("PgUp, PgDn", .zoomed, [(.key(.pageUp), .pageUp), (.key(.pageDown), .pageDown)], summary: nil),
        KeyBinding("Home, End", .zoomed, [(.key(.home), .top), (.key(.end), .bottom)], summary: nil),
        KeyBinding("F6 or Esc", .zoomed, [(.key(.escape), .zoomInspector)], summary: nil, footer: "F6/Esc"),
        KeyBinding("Space", .paused, [(.key(.character(" ")), .nextSegueStep)],
                   summary: "while stepping (F3), the next step of the segue paused, and nothing else"),
        KeyBinding("Enter", .paused, [(.key(.enter), .finishSegue)], summary: nil),
        KeyBinding("q", .paused, [(.key(.character("q")), .quit)], summary: nil),
        KeyBinding("Tab, Shift-Tab", .alert, [(.key(.tab), .nextFocus), (.key(.backTab), .previousFocus),
                                              (.key(.right), .nextFocus), (.key(.left), .previousFocus)], summary: nil, footer: "Tab"),
        KeyBinding("Up, Down", .alert, [(.key(.up), .lineUp), (.key(.down), .lineDown)], summary: nil, footer: "↑/↓"),
        KeyBinding("PgUp, PgDn", .alert, [(.key(.pageUp), .pageUp), (.key(.pageDown), .pageDown)], summary: nil),
        KeyBinding("Home, End", .alert, [(.key(.home), .top), (.key(.end), .bottom)], summary: nil),
        KeyBinding("Enter", .alert, [(.key(.enter), .press), (.key(.character(" ")), .press)], summary: nil),
        KeyBinding("Esc", .alert, [(.key(.escape), .cancel)], summary: nil),
        KeyBinding("a character", .textField, [(.textEditing, .edit)],
                   summary: "typed in a text field; Backspace, Delete, Left, Right, Home, End, Ctrl-A, Ctrl-E, Ctrl-U edit"),
    ]

    /// The keys of a served session's menu and of a follower's screen: written on those screens,
    /// not the app's, so neither F1, `--help` nor the README's table lists them.
    public static let session: [KeyBinding] = {
        let leave: [(KeyPattern, KeyAction)] = [(.key(.character("q")), .quit), (.key(.character("Q")), .quit), (.key(.escape), .quit),
                                                (.key(.control("c")), .quit), (.key(.control("d")), .quit)]
        return [
            KeyBinding("Up, Down", .menu, [(.key(.up), .lineUp), (.key(.character("k")), .lineUp), (.key(.down), .lineDown),
                                          (.key(.character("j")), .lineDown), (.key(.tab), .lineDown)], summary: nil, footer: "↑ ↓"),
            KeyBinding("Home, End", .menu, [(.key(.home), .top), (.key(.end), .bottom)], summary: nil),
            KeyBinding("Enter, Space", .menu, [(.key(.enter), .openRow), (.key(.character(" ")), .openRow)], summary: nil, footer: "Enter"),
            // The menu never leaves on Esc (issue 47), and asks before it leaves (LauncherScreen).
            KeyBinding("q", .menu, leave.filter { $0.0 != .key(.escape) }, summary: nil),
            // The served exercises' command line: `connect`'s options, typed (ExerciseQuiz).
            KeyBinding(":", .menu, [(.key(.character(":")), .edit)], summary: nil),
            KeyBinding("arrows", .follower, [(.key(.left), .panLeft), (.key(.right), .panRight), (.key(.up), .lineUp),
                                            (.key(.down), .lineDown)], summary: nil),
            KeyBinding("Home", .follower, [(.key(.home), .top)], summary: nil),
            KeyBinding("q", .follower, leave, summary: nil),
            // While a script plays: Space at a pause, q and Ctrl-C stop it, F4 and F5 take it
            // back (and the app with it); the others are ignored, but Ctrl-Z.
            KeyBinding("Space", .scriptPlayer, [(.key(.character(" ")), .continueScript)], summary: nil),
            KeyBinding("q, Ctrl-C", .scriptPlayer, [(.key(.character("q")), .stopScript), (.key(.control("c")), .stopScript)], summary: nil),
            KeyBinding("F4, F5", .scriptPlayer, [(.key(.function(4)), .rewind), (.key(.function(5)), .restart)], summary: nil),
            KeyBinding("any other key", .scriptPlayer, [(.anyKey, .ignoreWhileScriptPlays)], summary: nil),
            // A question put to the room, over an attendee's app or a follower's screen.
            KeyBinding("a to z", .roomAnswer, (0..<26).map { (.key(.character(ChoiceLetters.letter($0))), .answerRoom) }, summary: nil,
                       footer: "a"),
            KeyBinding("any key", .roomAnswer, [(.anyKey, .closeRoomPanel)], summary: nil),
        ]
    }()

    /// A button's letter: the screen declares one command for each (`Screen.mnemonics`).
    static let mnemonics = KeyBinding("a letter", .screen, [],
               summary: "press the button it starts{wallet: (n)}",
               detail: """
                   press the button whose title starts with it{wallet:: `n` is New Transfer}; of buttons that start alike, the \
                   first has its first letter and the others another of theirs, and a title without letters (`+`) its sign, as the \
                   footer shows; the right bar button too (`d` for a Done), when no button has its letter: Enter is a text field's, and \
                   Tab the only other way to it
                   """)

    /// The commands of the bindings of `scope`, in the table's order; `priority`: UIKit's
    /// `wantsPriorityOverSystemBehavior`, for all of them. Their footer words are the
    /// responder's (`Responder.title(for:)`). Made anew at each call: responders keep theirs in
    /// a static list, made once.
    public static func commands(in scope: KeyScope, priority: Bool = false) -> [KeyCommand] {
        var commands: [KeyCommand] = []
        for binding in all + session where binding.scope == scope {
            for (pattern, action) in binding.keys {
                commands.append(KeyCommand(input: pattern, action: action, discoverabilityTitle: binding.summary, label: binding.label,
                                           footerLabel: binding.footer ?? binding.label, wantsPriorityOverSystemBehavior: priority))
            }
        }
        return commands
    }

    /// The commands of `scope` that send one of `actions`.
    public static func commands(in scope: KeyScope, priority: Bool = false, sending actions: [KeyAction]) -> [KeyCommand] {
        commands(in: scope, priority: priority).filter { actions.contains($0.action) }
    }

    /// The command that presses a button by `letter`, with the words of the table's `a letter`.
    public static func mnemonic(_ letter: Character, title: String) -> KeyCommand {
        KeyCommand(input: .mnemonic(letter), action: .mnemonic, title: title, discoverabilityTitle: mnemonics.summary,
                   label: mnemonics.label, footerLabel: String(letter))
    }

    /// What a click does, which the help lists after the keys.
    static let click = (label: "a click", summary: "press or open what is clicked",
                        detail: """
                            where the terminal reports the mouse (xterm, tmux, iTerm2, GNOME Terminal, Windows Terminal…): \
                            on a bar button sends it (Cancel, Send, Back), on a button presses it, on a row selects and opens \
                            it as Enter does, on a text field focuses it, on an alert's button presses it, on a tab selects it; \
                            anywhere else, and on the screen under a sheet, nothing. The wheel is Up and Down. Hold Shift to \
                            select text with the mouse, or run with `--no-mouse`
                            """)

    /// The help's lines: each label once (of `labels` only, when given: F1's, the labels of the
    /// commands in effect), in the table's order, its summaries joined; the containers' keys
    /// after the click, or on the line of their label (Esc).
    public static func lines(for help: KeysHelp, labels: Set<String>? = nil) -> [(label: String, text: String)] {
        var lines: [(label: String, text: String, isContainerKey: Bool)] = []
        for binding in all {
            guard let summary = binding.summary.map({ words($0, for: help) }), !summary.isEmpty else { continue }
            guard labels?.contains(binding.label) ?? true else { continue }
            if let index = lines.firstIndex(where: { $0.label == binding.label }) {
                lines[index].text += "; " + summary
            } else {
                lines.append((binding.label, summary, binding.isContainerKey))
            }
        }
        let keys = lines.filter { !$0.isContainerKey }.map { ($0.label, $0.text) }
        return keys + [(click.label, click.summary)] + lines.filter(\.isContainerKey).map { ($0.label, $0.text) }
    }

    /// The help as text: labels in a column of 18, summaries wrapped at `width` columns; only
    /// those of `labels`, when given.
    public static func reference(for help: KeysHelp, labels: Set<String>? = nil, width: Int = 51) -> String {
        lines(for: help, labels: labels).map { line in
            let wrapped = wrap(line.text, width: width - 18)
            return wrapped.enumerated().map { index, part in
                (index == 0 ? line.label : "").padded(to: 18) + part
            }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// The README's keys table, for the wallet: each label once, the details (or summaries) of
    /// its bindings joined.
    public static var markdownTable: String {
        var rows: [(label: String, text: String)] = []
        for binding in all {
            guard let text = (binding.detail ?? binding.summary).map({ words($0, for: .wallet) }), !text.isEmpty else { continue }
            if let index = rows.firstIndex(where: { $0.label == binding.label }) {
                rows[index].text += "; " + text
            } else {
                rows.append((binding.label, text))
            }
        }
        rows.append((click.label, click.detail))
        return (["| key | what it does |", "| --- | --- |"] + rows.map { "| \($0.label) | \($0.text) |" }).joined(separator: "\n")
    }

    /// `text` with each `{wallet:…|any:…}` choice made for `help`. Read as bytes: the marks are
    /// ASCII, and the help is made at every start-up, for `--help`.
    static func words(_ text: String, for help: KeysHelp) -> String {
        let bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: "{")) else { return text }
        let wanted = Array((help == .wallet ? "wallet:" : "any:").utf8)
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "{"), let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else {
                result.append(bytes[index])
                index += 1
                continue
            }
            for choice in bytes[(index + 1)..<close].split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false)
            where choice.starts(with: wanted) {
                result += choice.dropFirst(wanted.count)
            }
            index = close + 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Words of `text` in lines of at most `width` columns (a longer word alone on its line).
    package static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in text.utf8.split(separator: UInt8(ascii: " ")).map({ Substring($0) }) {
            let wordWidth = word.utf8.allSatisfy { $0 < 0x80 } ? word.utf8.count : String(word).terminalWidth
            if line.isEmpty {
                line = String(word)
                lineWidth = wordWidth
            } else if lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
            } else {
                lines.append(line)
                line = String(word)
                lineWidth = wordWidth
            }
        }
        return lines + (line.isEmpty ? [] : [line])
    }
}

private extension String {
    /// Labels are ASCII: their width is their length.
    func padded(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - utf8.count)) }
}

extension Key {
    /// The key as a number, for matching key commands without comparing characters: a
    /// character's one Unicode scalar, or a number past them for the named keys; nil for a
    /// character of several scalars, a click and a resize.
    var code: UInt32? {
        switch self {
        case .character(let character):
            let scalars = character.unicodeScalars
            return scalars.count == 1 ? scalars.first!.value : nil
        case .control(let character):
            let scalars = character.unicodeScalars
            return scalars.count == 1 ? 0x20_0000 + scalars.first!.value : nil
        case .function(let number): return 0x30_0000 + UInt32(truncatingIfNeeded: number)
        case .enter: return 0x11_0000
        case .escape: return 0x11_0001
        case .tab: return 0x11_0002
        case .backTab: return 0x11_0003
        case .backspace: return 0x11_0004
        case .delete: return 0x11_0005
        case .up: return 0x11_0006
        case .down: return 0x11_0007
        case .left: return 0x11_0008
        case .right: return 0x11_0009
        case .pageUp: return 0x11_000A
        case .pageDown: return 0x11_000B
        case .home: return 0x11_000C
        case .end: return 0x11_000D
        case .resize, .click, .release: return nil
        }
    }

    /// The code of the character in lower case, as a button's letter takes it (`K` presses
    /// the button `k` names); nil for a key that is not a character.
    var foldedCode: UInt32? {
        guard case .character(let character) = self else { return nil }
        if let ascii = character.asciiValue { return UInt32(ascii) | (65...90 ~= ascii ? 0x20 : 0) }
        let lowered = character.lowercased()
        return lowered.count == 1 ? Key.character(Character(lowered)).code : nil
    }
}
