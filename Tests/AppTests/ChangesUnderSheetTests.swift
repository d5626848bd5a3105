import App
import Navigation
import Terminal
import TestSupport
import Testing
@testable import Views

/// A screen with one of everything drawn (labels, stacks, a button, a field, a bar placed in the
/// view, a table with a header, cells with accessories and section titles) under a navigation
/// bar, a toolbar and a tab bar: the controller a sheet is presented over, in `ChangesUnderSheetTests`.
@MainActor
final class UnderSheetScene {
    let app: Application
    let tabs = TabBarController()
    let navigation: NavigationController
    /// The controller under `under` on the navigation stack: its Back button is `under`'s.
    let first = ViewController()
    let under = ViewController()
    let other = ViewController()
    let label = Label(), note = Label(), left = Label(), right = Label(), top = Label(), bottom = Label()
    let row = StackView(), column = StackView()
    let button = Button()
    let field = TextField()
    let bar = NavigationBar()
    let barItem = NavigationItem(title: "Form")
    let saveItem = BarButtonItem(title: "Save")
    let headerLabel = Label()
    let table = TableView()
    let rows = UnderSheetRows(count: 30)
    let item = BarButtonItem(title: "Edit")
    let toolbarItem = BarButtonItem(title: "Share")

    init() {
        first.title = "Accounts"
        under.title = "Wallet"
        label.text = "Balance"
        note.text = "A note long enough to wrap onto a second line when the label is allowed more than one line."
        left.text = "left"
        left.textAlignment = .center
        right.text = "right"
        row.addSubview(left)
        row.addSubview(right)
        top.text = "top"
        bottom.text = "bottom"
        column.axis = .vertical
        column.addSubview(top)
        column.addSubview(bottom)
        button.title = "Send"
        field.placeholder = "Amount"
        barItem.rightBarButtonItem = saveItem
        bar.setItems([barItem])
        headerLabel.text = "Recent"
        table.tableHeaderView = headerLabel
        table.dataSource = rows
        under.view = View()
        for view in [bar, label, note, row, column, button, field, table] { under.view.addSubview(view) }
        navigation = NavigationController(rootViewController: first)
        navigation.pushViewController(under, animated: false)
        tabs.setViewControllers([navigation, other], animated: false)
        let window = Window()
        window.rootViewController = tabs
        app = Application(window: window, backend: MemoryTerminal(size: Size(width: 80, height: 24)), scheduler: Scheduler(clock: .manual))
    }

    /// The tabs, the navigation controller and `under` alone, as they draw with nothing over them.
    func drawnAlone() -> CellBuffer {
        ScreenRenderer(theme: app.theme).render(app.window, size: app.backend.size, focus: FocusEngine(), levels: 1).buffer
    }
}

/// Rows made once each and kept, as static cells are, so that a test can change a row's cell.
@MainActor
final class UnderSheetRows: TableViewDataSource {
    var names: [String]
    private var cells: [Int: TableViewCell] = [:]

    init(count: Int, named name: String = "Row") { names = (0..<count).map { "\(name) \($0)" } }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { names.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = cells[indexPath.row] ?? {
            let made = TableViewCell()
            made.contentView.addSubview(Label())
            cells[indexPath.row] = made
            return made
        }()
        (cell.contentView.subviews.first as? Label)?.text = names[indexPath.row]
        return cell
    }

    /// The cell of a row, as the table shows it.
    func cell(_ row: Int) -> TableViewCell { cells[row]! }
}

/// One property set in code on the controller under the sheet: `prepare` runs before the sheet
/// is presented, `change` under it.
struct DrawingSetter: Sendable, CustomTestStringConvertible {
    let name: String
    let prepare: @MainActor @Sendable (UnderSheetScene) -> Void
    let change: @MainActor @Sendable (UnderSheetScene) -> Void
    var testDescription: String { name }

    init(_ name: String, prepare: @escaping @MainActor @Sendable (UnderSheetScene) -> Void = { _ in },
         _ change: @escaping @MainActor @Sendable (UnderSheetScene) -> Void) {
        self.name = name
        self.prepare = prepare
        self.change = change
    }

    /// Every setter of something drawn, on views and on controllers' bars. A new property that
    /// changes what is drawn must be added here, one line, so that its setter is checked to tell
    /// the kept lower levels (`View.setNeedsDisplay()`, or the bar words `LowerLevelsCache` compares).
    static let all: [DrawingSetter] = [
        // Views
        .init("Label.text") { $0.label.text = "Saldo" },
        .init("Label.textAlignment") { $0.label.textAlignment = .right },
        .init("Label.numberOfLines") { $0.note.numberOfLines = 0 },
        .init("Label.textStyle") { $0.label.textStyle = .emphasized },
        .init("Button.title") { $0.button.title = "Pay" },
        .init("Button.isEnabled") { $0.button.isEnabled = false },
        .init("Button.shape") { $0.button.shape = .rounded },
        .init("TextField.text") { $0.field.text = "12.34" },
        .init("TextField.placeholder") { $0.field.placeholder = "Sum" },
        .init("TextField.isEnabled") { $0.field.isEnabled = false },
        .init("TextField.textAlignment", prepare: { $0.field.text = "12.34" }) { $0.field.textAlignment = .right },
        .init("View.isHidden") { $0.label.isHidden = true },
        .init("View.horizontalHuggingPriority") { $0.left.horizontalHuggingPriority = 250 },
        .init("View.addSubview") { let extra = Label(); extra.text = "Extra"; $0.column.addSubview(extra) },
        .init("View.insertSubview(_:aboveSubview:)") { let extra = Label(); extra.text = "Extra"; $0.column.insertSubview(extra, aboveSubview: $0.top) },
        .init("View.removeFromSuperview") { $0.label.removeFromSuperview() },
        .init("ViewController.view") { let view = View(); view.addSubview($0.button); $0.under.view = view },
        .init("StackView.axis") { $0.row.axis = .vertical },
        .init("StackView.spacing") { $0.column.spacing = 20 },
        // Tables
        .init("TableView.tableHeaderView") { let header = Label(); header.text = "Earlier"; $0.table.tableHeaderView = header },
        .init("TableView.tableHeaderView's subview") { $0.headerLabel.text = "Earlier" },
        .init("TableView.tableFooterView") { let footer = Label(); footer.text = "That's all"; $0.table.tableFooterView = footer },
        .init("TableView.dataSource") { $0.table.dataSource = UnderSheetDataSources.shared.other },
        .init("TableView.reloadData") { $0.rows.names[0] = "Zed"; $0.table.reloadData() },
        .init("TableView.selectRow") { $0.table.selectRow(at: IndexPath(row: 1, section: 0), animated: false) },
        .init("TableView.scrollToRow") { $0.table.scrollToRow(at: IndexPath(row: 20, section: 0), at: .top, animated: false) },
        .init("TableViewCell.accessoryType") { $0.rows.cell(0).accessoryType = .checkmark },
        .init("TableViewCell.sectionHeaderTitle") { $0.rows.cell(0).sectionHeaderTitle = "Today" },
        .init("TableViewCell.sectionFooterTitle") { $0.rows.cell(1).sectionFooterTitle = "2 transfers" },
        .init("TableViewCell's subview") { ($0.rows.cell(0).contentView.subviews.first as? Label)?.text = "Changed" },
        .init("TableViewCell.contentView.isHidden") { $0.rows.cell(0).contentView.isHidden = true },
        // A navigation bar placed in the view
        .init("NavigationBar.setItems") { $0.bar.setItems([NavigationItem(title: "Other")]) },
        .init("NavigationBar's NavigationItem.title") { $0.barItem.title = "Edit Form" },
        .init("NavigationBar's BarButtonItem.title") { $0.saveItem.title = "Done" },
        .init("NavigationBar's BarButtonItem.isEnabled") { $0.saveItem.isEnabled = false },
        .init("NavigationBar's NavigationItem.rightBarButtonItem") { $0.barItem.rightBarButtonItem = nil },
        // The navigation controller's bar and toolbar
        .init("NavigationController.pushViewController") { let next = ViewController(); next.title = "Next"; $0.navigation.pushViewController(next, animated: false) },
        .init("ViewController.title") { $0.under.title = "Saldo" },
        .init("NavigationItem.title") { $0.under.navigationItem.title = "Saldo" },
        .init("NavigationItem.rightBarButtonItem") { $0.under.navigationItem.rightBarButtonItem = $0.item },
        .init("NavigationItem.leftBarButtonItem") { $0.under.navigationItem.leftBarButtonItem = $0.item },
        .init("NavigationItem.hidesBackButton") { $0.under.navigationItem.hidesBackButton = true },
        .init("NavigationItem.backButtonTitle") { $0.first.navigationItem.backButtonTitle = "Back" },
        .init("NavigationItem.leftItemsSupplementBackButton", prepare: { $0.under.navigationItem.leftBarButtonItem = $0.item }) {
            $0.under.navigationItem.leftItemsSupplementBackButton = true
        },
        .init("NavigationItem.titleView") { $0.under.navigationItem.titleView = Button() },
        .init("NavigationItem.titleView's text", prepare: { let view = Label(); view.text = "Wallet"; $0.under.navigationItem.titleView = view }) {
            ($0.under.navigationItem.titleView as? Label)?.text = "Saldo"
        },
        .init("BarButtonItem.title", prepare: { $0.under.navigationItem.rightBarButtonItem = $0.item }) { $0.item.title = "Done" },
        .init("BarButtonItem.isEnabled", prepare: { $0.under.navigationItem.rightBarButtonItem = $0.item }) { $0.item.isEnabled = false },
        .init("BarButtonItem.imageName", prepare: { $0.under.navigationItem.rightBarButtonItem = $0.item; $0.item.title = nil }) {
            $0.item.imageName = "gear"
        },
        .init("NavigationController.isToolbarHidden") { $0.navigation.isToolbarHidden = false },
        .init("ViewController.toolbarItems", prepare: { $0.navigation.isToolbarHidden = false }) { $0.under.toolbarItems = [$0.toolbarItem] },
        .init("Toolbar's BarButtonItem.title", prepare: { $0.navigation.isToolbarHidden = false; $0.under.toolbarItems = [$0.toolbarItem] }) {
            $0.toolbarItem.title = "Export"
        },
        // The tab bar
        .init("TabBarItem.title") { $0.navigation.tabBarItem.title = "Money" },
        .init("TabBarController.selectedIndex") { $0.tabs.selectedIndex = 1 },
        .init("ViewController.title of a tab") { $0.other.title = "Contacts" },
        .init("TabBarItem.systemItem") { $0.other.tabBarItem.systemItem = "favorites" },
        .init("TabBarController.setViewControllers") { $0.tabs.setViewControllers([$0.navigation], animated: false) },
    ]
}

/// A second data source, kept alive for the whole run: the table holds its data source weakly.
@MainActor
final class UnderSheetDataSources {
    static let shared = UnderSheetDataSources()
    let other = UnderSheetRows(count: 3, named: "Other")
}

/// A controller under a sheet (or an alert) that changes, in code, anything it draws shows the
/// change at once: the kept lower levels are drawn again, and the frame is the one drawn from
/// scratch. A property whose setter forgets `setNeedsDisplay()` leaves the old picture under
/// the sheet until something else changes.
@MainActor
@Suite("Changes made under a sheet")
struct ChangesUnderSheetTests {
    enum Cover: String, CaseIterable, CustomTestStringConvertible {
        /// Covers the rows between the bars: what shows of the level under it is its navigation
        /// bar and tab bar.
        case sheet
        /// Leaves most of the level under it in view, dimmed.
        case alert
        var testDescription: String { rawValue }
    }

    @Test("The change draws the level under the cover again, as a frame drawn from scratch shows it",
          arguments: Cover.allCases, DrawingSetter.all)
    func changeUnderCover(_ cover: Cover, _ setter: DrawingSetter) throws {
        let scene = UnderSheetScene()
        setter.prepare(scene)
        let app = scene.app
        app.launch()
        switch cover {
        case .sheet:
            let sheet = ViewController.showing([TextField()], title: "Amount")
            scene.under.present(NavigationController(rootViewController: sheet), animated: false)
        case .alert:
            let alert = AlertController(title: "Hello", message: "A small alert")
            alert.addAction(.init(title: "OK", style: .cancel))
            app.presentAlert(alert)
        }
        #expect(app.window.presentationStack.count == 2)
        app.render()
        let before = scene.drawnAlone()
        app.render()
        let draws = app.lowerLevels.drawCount

        setter.change(scene)
        app.render()
        #expect(app.lowerLevels.drawCount == draws + 1, "the level under the \(cover) was not drawn again")
        #expect(app.screenFrameDrawnFromScratch() == app.lastScreenFrame)
        app.render()
        #expect(app.lowerLevels.drawCount == draws + 1, "the level under the \(cover) is drawn on every frame")

        #expect(scene.drawnAlone() != before, "\(setter.name) does not change what is drawn, so this case tests nothing")
    }
}
