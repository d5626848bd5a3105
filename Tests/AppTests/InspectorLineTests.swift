import App
import Navigation
import Terminal
import Testing

/// The inspector's lines wrap by words, but a step-through marker never lands alone on a row
/// and a quoted title is not split, at any panel width that can hold them.
@Suite("Inspector lines wrap as the room reads them")
struct InspectorLineTests {
    static let lines = [
        InspectorLine("ViewController \"Page 2\" \u{2039} asking", prefix: "\u{2502} \u{2514} "),
        InspectorLine("SplitViewController (expanded) \u{2039} selected tab", prefix: "\u{251C} "),
        InspectorLine("WalletViewController \"Wallet\" \u{2039} destination", prefix: "\u{2502}   "),
        InspectorLine("NavigationController (root \"Contacts and friends\") \u{2039} no", prefix: "  "),
        InspectorLine("NavigationController \u{2039} selected tab, asking", prefix: "\u{2514} "),
        InspectorLine("NavigationController \u{2039} tab \"Present\" +1", prefix: "\u{251C} "),
        InspectorLine("presents NavigationController (fullScreen, drawn as a card, asked by WalletViewController \"Wallet\") \u{2039} no",
                      prefix: "\u{2502} \u{2514} "),
    ]

    @Test("At every width from 20 to 60, no marker starts a row and no quoted title that fits a row is split", arguments: 20...60)
    func markersAndTitles(width: Int) {
        for line in Self.lines {
            let rows = line.rows(width: width)
            let room = width - line.continuation.count
            for (index, row) in rows.enumerated() where index > 0 {
                #expect(!row.text.hasPrefix("\u{2039}"), "a marker alone at width \(width): \(rows)")
            }
            for title in line.text.split(separator: "\"").enumerated().filter({ $0.offset % 2 == 1 }).map({ "\"\($0.element)\"" })
            where title.count + 12 <= room {
                #expect(rows.contains { $0.text.contains(title) }, "\(title) split at width \(width): \(rows)")
            }
            // A long marker breaks between its words, none cut, once its sign and first word fit
            // beside the name: "NavigationController ‹ selected" (31 columns).
            if room >= 34 {
                for word in line.text.split(separator: " ") where !rows.contains(where: { $0.text.split(separator: " ").contains(word) }) {
                    Issue.record("\(word) cut at width \(width): \(rows)")
                }
            }
            // Nothing is lost: the rows hold every character (a word wider than a row is cut; a
            // marker moves beside the name).
            #expect(rows.map(\.text).joined().filter { $0 != " " }.sorted() == line.text.filter { $0 != " " }.sorted(), "\(rows)")
            // A line that wraps has its marker on a row of the controller it names (its class, or
            // its title), never on one of the words after them.
            if rows.count > 1, room >= 34, let sign = line.text.firstIndex(of: "\u{2039}") {
                let marker = line.text[sign...].split(separator: " ").prefix(2).joined(separator: " ")
                let words = line.text.split(separator: " ").drop { $0 == "presents" }.map(String.init)
                let name = [words[0]] + (words.count > 1 && words[1].hasPrefix("\"") ? [words[1]] : [])
                let row = rows.first { $0.text.contains(marker) }
                #expect(row.map { row in name.contains { row.text.contains($0) } } == true,
                        "the marker is not on the name's rows at width \(width): \(rows)")
            }
        }
    }
}

@MainActor
@Suite("The inspector's tree follows what matters")
struct HierarchyTreeFocusTests {
    @Test("A stack deeper than the panel shows the lines around its top, the ones before it counted, not written")
    func deepStackShowsItsTop() throws {
        let controllers = (1...60).map { number -> ViewController in
            let controller = ViewController()
            controller.title = "Level \(number)"
            return controller
        }
        let navigation = NavigationController(rootViewController: controllers[0])
        navigation.setViewControllers(controllers, animated: false)
        let window = Window()
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let tree = HierarchyTree(glyphs: .unicode).lines(of: window, limit: 10)
        #expect(tree.lines.count <= 10 && tree.before > 40, "\(tree.before) before, \(tree.lines.map(\.text))")
        let focus = try #require(tree.focus)
        #expect(tree.lines[focus].text.contains("\"Level 60\" ‹ top"), "\(tree.lines.map(\.text))")
        #expect(tree.before + tree.lines.count + tree.more == 61)
    }
}
