import CNcurses
import Terminal

/// Colour pairs, allocated on first use for each (foreground, background) and cached. Pair 0 is
/// the terminal's own colours.
struct CursesColors {
    /// Whether the terminal accepts -1 for its own foreground and background (`use_default_colors`).
    let hasDefaultColors: Bool
    private var pairs: [Pair: Int16] = [:]
    private var nextPair: Int32 = 1
    private let pairLimit: Int32

    private struct Pair: Hashable {
        var foreground: Color
        var background: Color
    }

    init(hasDefaultColors: Bool) {
        self.hasDefaultColors = hasDefaultColors
        pairLimit = min(cn_color_pairs(), Int32(Int16.max))
    }

    /// The pair for the style's colours; when the terminal has no pair left, the foreground on the
    /// default background, or else the default pair.
    mutating func pair(foreground: Color, background: Color) -> Int16 {
        if foreground == .default, background == .default { return 0 }
        let key = Pair(foreground: foreground, background: background)
        if let pair = pairs[key] { return pair }
        var pair: Int16 = 0
        if nextPair < pairLimit,
           init_pair(Int16(nextPair), number(foreground, isForeground: true), number(background, isForeground: false)) != ERR {
            pair = Int16(nextPair)
            nextPair += 1
        } else if background != .default {
            pair = self.pair(foreground: foreground, background: .default)
        }
        pairs[key] = pair
        return pair
    }

    private func number(_ color: Color, isForeground: Bool) -> Int16 {
        switch color {
        case .default: hasDefaultColors ? -1 : Int16(isForeground ? COLOR_WHITE : COLOR_BLACK)
        case .black: Int16(COLOR_BLACK)
        case .red: Int16(COLOR_RED)
        case .green: Int16(COLOR_GREEN)
        case .yellow: Int16(COLOR_YELLOW)
        case .blue: Int16(COLOR_BLUE)
        case .magenta: Int16(COLOR_MAGENTA)
        case .cyan: Int16(COLOR_CYAN)
        case .white: Int16(COLOR_WHITE)
        }
    }
}
