import Navigation

extension StoryboardClasses {
    /// The engine's classes and the terminal's views, by the element names Interface Builder
    /// writes. Apps add their own classes to this.
    public static func terminal() -> StoryboardClasses {
        let classes = StoryboardClasses()
        classes.register(element: "tableViewController") { TableViewController() }
        classes.registerView(element: "label") { Label() }
        classes.registerView(element: "button") { Button() }
        classes.registerView(element: "textField") { TextField() }
        classes.registerView(element: "stackView") { StackView() }
        classes.registerView(element: "tableView") { TableView() }
        classes.registerView(element: "tableViewCell") { TableViewCell() }
        classes.registerView(element: "tableViewCellContentView") { TableViewCellContentView() }
        classes.registerView(element: "navigationBar") { NavigationBar() }
        classes.registerView(element: "toolbar") { Toolbar() }
        classes.registerSegue(CrossDissolveSegue.self)
        return classes
    }
}
