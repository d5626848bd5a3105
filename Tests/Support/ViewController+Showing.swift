import Navigation
import Views

extension ViewController {
    /// A plain controller titled `title` whose view shows `subviews` in a column, made in code
    /// as a test's scene.
    public static func showing(_ subviews: [View], title: String) -> ViewController {
        let controller = ViewController()
        controller.title = title
        controller.view = View()
        subviews.forEach(controller.view.addSubview)
        return controller
    }
}

extension Label {
    /// A label showing `text`.
    public convenience init(text: String) {
        self.init()
        self.text = text
    }
}
