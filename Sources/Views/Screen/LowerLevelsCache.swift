import Navigation
import Terminal

/// The levels below the one on top, as the last frame drew them: a sheet's Down key, or a digit
/// typed on Amount, redraws only the sheet, not the wallet dimmed under it.
///
/// What the lower levels show is summed up in marks, gathered the way `ScreenRenderer` walks
/// them: each controller drawn (by identity, held weakly), the display generation of each view
/// tree drawn (`View.setNeedsDisplay()` stamps it), and the words of each bar (titles, items,
/// tabs). The kept frame is used while the marks, the size and the theme are the same; any
/// push, pop, tab, presentation, embedded child or setter of something drawn changes them.
/// Levels that are alerts are always drawn afresh (their message scrolls without a view).
@MainActor
public final class LowerLevelsCache {
    private var kept: Kept?
    /// How many times the lower levels were drawn rather than reused: what a test counts.
    package private(set) var drawCount = 0

    private struct Kept {
        let size: Size
        let theme: ThemeKey
        let marks: [Mark]
        let frame: ScreenRenderer.Frame
    }

    private struct ThemeKey: Equatable {
        let glyphs: Glyphs
        let usesColor: Bool
        let appearance: Theme.Appearance
        init(_ theme: Theme) { glyphs = theme.glyphs; usesColor = theme.usesColor; appearance = theme.appearance }
    }

    /// One thing the lower levels drew: an object, the display generation of its views, and the
    /// words it showed that no view holds (a bar's).
    struct Mark {
        weak var object: AnyObject?
        let generation: Int
        let words: String

        func matches(_ other: Mark) -> Bool {
            object != nil && object === other.object && generation == other.generation && words == other.words
        }
    }

    public init() {}

    /// Forgets the kept frame: the next frame draws every level.
    public func invalidate() { kept = nil }

    /// The frame of the lower levels, kept or drawn by `draw` and kept.
    func frame(of levels: ArraySlice<ViewController>, size: Size, theme: Theme,
               draw: () -> ScreenRenderer.Frame) -> ScreenRenderer.Frame {
        guard !levels.contains(where: { $0 is AlertController }) else {
            kept = nil
            drawCount += 1
            return draw()
        }
        let themeKey = ThemeKey(theme)
        if let kept, kept.size == size, kept.theme == themeKey {
            let marks = Self.marks(of: levels)
            if marks.count == kept.marks.count, zip(marks, kept.marks).allSatisfy({ $0.matches($1) }) {
                return kept.frame
            }
        }
        drawCount += 1
        let frame = draw()
        // After drawing: laying a table out settles its scrolling, which stamps it again.
        kept = Kept(size: size, theme: themeKey, marks: Self.marks(of: levels), frame: frame)
        return frame
    }

    /// The marks of the levels, in the order the renderer draws them.
    static func marks(of levels: ArraySlice<ViewController>) -> [Mark] {
        var marks: [Mark] = []
        for level in levels {
            // Where a presented level goes: its style, adapted to the width.
            marks.append(Mark(object: level, generation: 0,
                              words: level.modalPresentationStyle.rawValue + " " + level.adaptivePresentationStyle.rawValue))
            addMarks(of: level, to: &marks)
        }
        return marks
    }

    /// Mirrors `ScreenRenderer.draw(_:in:boxed:frame:context:)`'s walk of a controller.
    private static func addMarks(of controller: ViewController, to marks: inout [Mark]) {
        if let navigation = controller as? NavigationController, let top = Screen.contentController(of: navigation) {
            let screen = Screen(level: navigation)
            marks.append(Mark(object: navigation, generation: 0, words: barWords(of: screen)))
            // The title view by identity: another view in its place may carry the same stamp.
            if let titleView = screen.titleView {
                marks.append(Mark(object: titleView, generation: titleView.displayGeneration, words: ""))
            }
            addMarks(of: top, to: &marks)
        } else if let pages = controller as? PageViewController {
            marks.append(Mark(object: pages, generation: 0, words: "\(pages.currentPageIndex ?? -1)\u{1F}\(pages.pages.count)"))
            if let page = pages.viewControllers.first { addMarks(of: page, to: &marks) }
        } else if let tabBar = controller as? TabBarController, let selected = tabBar.selectedViewController {
            var words = "\(tabBar.selectedIndex)"
            for tab in tabBar.viewControllers {
                words += "\u{1F}\(tab.tabBarItem.displayTitle)\u{1F}\(tab.title ?? "")"
            }
            marks.append(Mark(object: tabBar, generation: 0, words: words))
            addMarks(of: selected, to: &marks)
        } else if let split = controller as? SplitViewController, !split.columnsShown.isEmpty {
            marks.append(Mark(object: split, generation: 0, words: "\(split.columnsShown.count)"))
            for column in split.columnsShown { addMarks(of: column, to: &marks) }
        } else {
            let view = controller.view
            marks.append(Mark(object: controller, generation: 0, words: ""))
            if let view { marks.append(Mark(object: view, generation: view.displayGeneration, words: "")) }
            for shown in view?.allViewsShown ?? [] {
                if let child = (shown as? ContainerView)?.embeddedViewController {
                    // An embedded child draws inside this view, from views of its own.
                    marks.append(Mark(object: child, generation: 0, words: ""))
                    addMarks(of: child, to: &marks)
                } else if let bar = shown as? NavigationBar {
                    // A bar placed in the view draws items, which are not views.
                    let top = bar.topItem
                    let items = words(of: top?.leftBarButtonItems ?? []) + "\u{1E}" + words(of: top?.rightBarButtonItems ?? [])
                    marks.append(Mark(object: bar, generation: 0, words: (top?.title ?? "") + items))
                } else if let toolbar = shown as? Toolbar {
                    marks.append(Mark(object: toolbar, generation: 0, words: words(of: toolbar.items)))
                }
            }
        }
    }

    /// What a navigation bar and its toolbar show in words: the title, each item's and whether
    /// it is enabled, and whether the toolbar shows (an empty one is a rule and a blank row).
    private static func barWords(of screen: Screen) -> String {
        (screen.title ?? "") + (screen.leftIsBack ? "\u{1F}<" : "\u{1F}") + words(of: screen.leftItems)
            + "\u{1E}" + words(of: screen.rightItems)
            + (screen.showsToolbar ? "\u{1E}" + words(of: screen.toolbarItems) : "")
    }

    /// Each item's title and whether it is enabled.
    private static func words(of items: [BarButtonItem]) -> String {
        items.map { "\u{1F}\($0.displayTitle)\($0.isEnabled ? "" : "\u{1D}")" }.joined()
    }
}
