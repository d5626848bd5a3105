import Navigation

extension StoryboardClasses {
    /// The engine's classes and the terminal's views, by the element names Interface Builder
    /// writes. Apps add their own classes to this.
    public static func terminal() -> StoryboardClasses {
        let classes = StoryboardClasses()
        classes.register(element: "tableViewController") { TableViewController() }
        classes.register(element: "collectionViewController") { CollectionViewController() }
        // Controllers of frameworks a terminal cannot draw: loaded, and saying what they are.
        classes.register(element: "hostingController") { HostingController() }
        classes.register(element: "avPlayerViewController") { PlayerViewController() }
        classes.register(element: "glkViewController") { GLKViewController() }
        classes.registerView(element: "label") { Label() }
        classes.registerView(element: "button") { Button() }
        classes.registerView(element: "textField") { TextField() }
        classes.registerView(element: "stackView") { StackView() }
        classes.registerView(element: "tableView") { TableView() }
        classes.registerView(element: "tableViewCell") { TableViewCell() }
        classes.registerView(element: "tableViewCellContentView") { TableViewCellContentView() }
        // A collection view is drawn as a list of its cells, one a row: a terminal has no grid
        // of images to lay out, and a list keeps every cell's segue a key away.
        classes.registerView(element: "collectionView") { TableView() }
        classes.registerView(element: "collectionViewCell") { TableViewCell() }
        classes.registerView(element: "collectionViewCellContentView") { TableViewCellContentView() }
        classes.registerView(element: "navigationBar") { NavigationBar() }
        classes.registerView(element: "toolbar") { Toolbar() }
        classes.registerSegue(CrossDissolveSegue.self)
        return classes
    }
}
