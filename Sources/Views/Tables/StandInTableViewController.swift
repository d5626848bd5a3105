import Navigation

/// The rows a stand-in gives a table of prototype cells (`wallet storyboard run`): the rows came
/// from the missing code, so there is one sample row per prototype, in the order of the file, so
/// that each prototype's segues can be tried. A sample whose cell has no text of its own shows
/// its reuse identifier, or says it has none (never its element id, which the author never sees).
@MainActor
enum SampleRows {
    static func count(in tableView: TableView, section: Int) -> Int {
        section == 0 ? tableView.prototypeReuseIdentifiers.count : 0
    }

    static func cell(in tableView: TableView, at indexPath: IndexPath) -> TableViewCell {
        let identifiers = tableView.prototypeReuseIdentifiers
        guard indexPath.row < identifiers.count else { return TableViewCell() }
        let identifier = identifiers[indexPath.row]
        let cell = tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
        if !cell.allViews.contains(where: { ($0 as? Label)?.text?.isEmpty == false }) {
            let label = Label()
            label.text = identifier.isEmpty || identifier.hasPrefix(PrototypeCells.unidentified) ? "(prototype cell, no reuse identifier)" : identifier
            cell.contentView.addSubview(label)
        }
        return cell
    }
}

/// A stand-in for a table view controller's subclass: sample rows for a table of prototypes; a
/// table without prototypes (a static one) is left as the storyboard makes it.
public final class StandInTableViewController: TableViewController, StandIn {
    public let standingInFor: StandInDescription

    public init(standingInFor description: StandInDescription) {
        standingInFor = description
        super.init()
    }

    public var pendingOutletChanges: [OutletChange] = []
    public var hasPerformedAppearsSegue = false
    public override var actions: [Selector: Action] { standInActions }
    public override func viewDidLoad() {
        super.viewDidLoad()
        standInViewDidLoad()
    }
    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        standInViewDidAppear()
    }
    public override func prepare(for segue: StoryboardSegue, sender: Any?) { prepareStandIn(for: segue) }

    public override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        selectRow(in: tableView, at: indexPath)
    }

    public override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        tableView.prototypeReuseIdentifiers.isEmpty
            ? super.tableView(tableView, numberOfRowsInSection: section) : SampleRows.count(in: tableView, section: section)
    }

    public override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        tableView.prototypeReuseIdentifiers.isEmpty
            ? super.tableView(tableView, cellForRowAt: indexPath) : SampleRows.cell(in: tableView, at: indexPath)
    }
}

/// A stand-in for a view controller's subclass that the storyboard makes the data source or
/// delegate of a table in its view, as the missing code was: it gives the table sample rows.
public final class StandInTableHostViewController: StandInViewController, TableViewDataSource, TableViewDelegate {
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        SampleRows.count(in: tableView, section: section)
    }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        SampleRows.cell(in: tableView, at: indexPath)
    }

    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        selectRow(in: tableView, at: indexPath)
    }
}

extension StandIn {
    /// What `tableView(_:didSelectRowAt:)` does: the segue declared for a row's selection
    /// (`selects:`), with the cell as sender; else, when the row's cell has no segue of its own,
    /// it says that the code that would have run is not here (issue 33, defect 5).
    func selectRow(in tableView: TableView, at indexPath: IndexPath) {
        let cell = tableView.cellForRow(at: indexPath)
        if let identifier = standingInFor.behaviours.selects?.value {
            performSegue(withIdentifier: identifier, sender: cell)
        } else if cell?.connections.isEmpty ?? true {
            reportDidNothing(for: NavigationEvent.rowSelection)
        }
    }
}

extension StandIns {
    /// The engine's stand-ins and the terminal's: table view controllers, and view controllers
    /// that can be a table's data source.
    public static func terminal() -> StandIns {
        let standIns = StandIns()
        standIns.register(element: "viewController") { StandInTableHostViewController(standingInFor: $0) }
        standIns.register(element: "tableViewController") { StandInTableViewController(standingInFor: $0) }
        standIns.register(element: "collectionViewController") { StandInTableViewController(standingInFor: $0) }
        for (element, notice) in SystemContentViewController.notices {
            standIns.register(element: element) { StandInSystemContentViewController(standingInFor: $0, notice: notice) }
        }
        standIns.makeAlert = { title, discard in
            let alert = AlertController(title: title, message: nil)
            alert.addAction(AlertController.Action(title: "Discard Changes", style: .destructive, handler: discard))
            alert.addAction(AlertController.Action(title: "Keep Editing", style: .cancel))
            return alert
        }
        return standIns
    }
}
