import Navigation
import Terminal

/// Something a click presses, where the last frame drew it: a bar button, a button (an alert's
/// too), a table's row, a text field. Only the screen on top has targets; a click anywhere else
/// (the dimmed screen under a sheet, a label, the margins) finds none and does nothing.
@MainActor
public struct ClickTarget {
    public enum Kind {
        case barItem(BarButtonItem)
        case button(Button)
        case row(TableView, IndexPath)
        case textField(TextField)
        /// A tab of a tab bar, by index.
        case tab(TabBarController, Int)
    }

    public let rect: Rect
    public let kind: Kind

    public init(rect: Rect, kind: Kind) {
        self.rect = rect
        self.kind = kind
    }
}

extension Application {
    /// A click of the mouse's first button at `point` (`Key.click`): on the screen on top, a bar
    /// button sends its actions, a button is pressed, a row is selected and opened as Enter
    /// opens it, a text field takes focus; an alert's buttons are pressed. Anywhere else it
    /// does nothing. The targets are those of the frame the user sees: drawn again here, at the
    /// size the app is drawn (`screenArea`, or the whole terminal as the last frame had it), from
    /// the same state.
    func click(at point: Point) {
        guard let (inspectorArea, covered) = inspector.clickableArea(in: drawnSize ?? backend.size), covered?.contains(point) != true else { return }
        let area = screenArea ?? inspectorArea
        guard let screen = currentScreen, area.contains(point),
              area.width >= ScreenRenderer.minimumSize.width, area.height >= ScreenRenderer.minimumSize.height else { return }
        let frame = ScreenRenderer(theme: theme).render(window, size: area.size, focus: focus)
        let inside = Point(x: point.x - area.x, y: point.y - area.y)
        // The last drawn is on top where targets overlap (a row's button over the row).
        guard let target = frame.clickTargets.last(where: { $0.rect.contains(inside) }) else { return }
        switch target.kind {
        case .barItem(let item):
            guard item.isEnabled else { return }
            item.sendActions()
        case .button(let button):
            guard button.isEnabled else { return }
            focus.setFocus(.view(button), on: screen)
            button.sendActions()
        case .textField(let field):
            guard field.canBecomeFocused else { return }
            focus.setFocus(.view(field), on: screen)
        case .tab(let tabBar, let index):
            tabBar.selectedIndex = index
        case .row(let table, let indexPath):
            focus.setFocus(.view(table), on: screen)
            table.selectRow(at: indexPath, animated: false)
            if table.selectingRowActs { table.activateSelectedRow() }
        }
    }
}
