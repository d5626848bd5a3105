import App
import Navigation
import Views

/// What must hold after every frame: drawing read what the layout pass decided, and changed
/// nothing itself. A table drawn at a rect, focus or generation that no layout saw has to lay
/// itself out while it draws; none of the project's views or containers lets that happen.
@MainActor
public enum LayoutThenDrawInvariant {
    /// The first table of the window's controllers that laid itself out while drawing, if any.
    public static func problem(in app: Application) -> String? {
        for controller in app.window.allControllers {
            guard let view = controller.viewIfLoaded else { continue }
            for table in tables(in: view) where table.layoutsWhileDrawing > 0 {
                return "a table of \(type(of: controller)) was laid out while drawing, \(table.layoutsWhileDrawing) times"
            }
        }
        return nil
    }

    private static func tables(in view: View) -> [TableView] {
        (view as? TableView).map { [$0] } ?? [] + view.subviews.flatMap(tables(in:))
    }
}
