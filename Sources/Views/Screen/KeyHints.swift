import Navigation

/// The keys the footer shows, most useful first: what Enter and Esc do here, the letters that
/// press buttons, then moving and quitting. They are the commands of the responder chain in
/// effect now that have a title here (`ResponderChain.activeCommands`): the footer names only
/// keys that act, with the word for what they do on this screen.
@MainActor
package enum KeyHints {
    /// The footer's order of actions; an alert's own comes first when one shows.
    private static let order: [KeyAction] = [
        .answerRoom, .closeRoomPanel, .closeRoomQuestion, .askRoom, .rightBarButton, .lineDown, .lineUp, .openRow, .rowAccessory, .press, .cancel, .closePopover, .pullDown,
        .mnemonic,
        .nextTab, .otherColumn, .nextFocus, .quit, .interrupt, .help, .toggleInspector,
    ]
    private static let alertOrder: [KeyAction] = [.press, .cancel, .lineDown, .lineUp, .nextFocus]

    package static func hints(for chain: ResponderChain) -> [String] {
        let isAlert = chain.responders.contains { ($0 as? ScreenResponder)?.screen.alert != nil }
        return hints(for: chain, order: isAlert ? alertOrder : order)
    }

    /// The hints of the commands in effect in `chain` that have a title, in the order of `order`.
    package static func hints(for chain: ResponderChain, order: [KeyAction]) -> [String] {
        let active = chain.activeCommands(sending: order) { !$0.title.isEmpty }
        var hints: [String] = []
        // Two keys that do the same (q and Ctrl-C quit, Down and j move) are named once: the
        // first in effect.
        var titles: [String] = []
        for action in order {
            for index in active.indices where active[index].action == action && !titles.contains(active[index].title) {
                if action != .mnemonic { titles.append(active[index].title) }
                hints.append(active[index].hint)
            }
        }
        return hints
    }

    /// The help's text for the keys in effect in `chain`, as iPad's discoverability overlay
    /// lists the key commands in effect: the containers' keys only where there are containers,
    /// so that the wallet's help still fits an 80x24 terminal whole. Short lines, so the list
    /// keeps its columns on a small terminal, and words rather than arrows, so it reads the same
    /// on an ASCII one.
    package static func reference(for chain: ResponderChain, help: KeysHelp) -> String {
        KeyBindings.reference(for: help, labels: Set(chain.activeCommands().map(\.label)))
    }
}
