import Foundation
import TestSupport
import Testing

/// The folder of the package, to find Assets/ and README.md.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A file of `Tests/EndToEndTests/Fixtures`.
func fixture(_ name: String) -> URL { packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/\(name)") }

/// `wallet storyboard graph` and `wallet storyboard lint`, and the root command still running the app.
@Suite("wallet storyboard graph and lint")
struct StoryboardCommandTests {
    static let mainStoryboard = packageRoot.appendingPathComponent("Assets/Main.storyboard").path

    private func withStoryboard<T>(_ text: String, _ body: (String) async throws -> T) async throws -> T {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wallet-lint-\(UUID().uuidString).storyboard")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try await body(file.path)
    }

    /// The number of the line of `text` that contains `marker`.
    private func line(of marker: String, in text: String) throws -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return try #require(lines.firstIndex { $0.contains(marker) }, "no \(marker)") + 1
    }

    // MARK: graph

    @Test("graph prints a directed graph in the DOT language, every scene a node with its class and every segue an edge between nodes")
    func dotReads() async throws {
        let graph = try await runWallet(["storyboard", "graph", Self.mainStoryboard])
        #expect(graph.status == 0, "\(graph.standardError)")
        let read = try DOTReader.read(graph.standardOutput)
        #expect(read.isDirected)
        #expect(read.nodeAttributes["Fjf-Ka-8NT"]?["label"] == #"WalletViewController\n"Wallet""#, "\(graph.standardOutput)")
        #expect(read.nodes.count == 6 && read.edges.count == 7, "\(graph.standardOutput)")
        #expect(read.edges.allSatisfy { read.nodeAttributes[$0.from] != nil && read.nodeAttributes[$0.to] != nil })
    }

    @Test("graph draws every scene with its class and title, the root relationships bold, and each unwind from its source to the scene that implements its action")
    func dotContents() async throws {
        let graph = try await runWallet(["storyboard", "graph", Self.mainStoryboard]).standardOutput
        #expect(graph.contains(#""Fjf-Ka-8NT" [label="WalletViewController\n\"Wallet\""];"#), "\(graph)")
        #expect(graph.contains(#""i3j-Pr-QZa" [label="NavigationController\n(root \"Wallet\")"];"#), "\(graph)")
        #expect(graph.contains(#""(start)" -> "i3j-Pr-QZa";"#), "\(graph)")
        #expect(graph.contains(#""i3j-Pr-QZa" -> "Fjf-Ka-8NT" [label="root", style=bold"#), "\(graph)")
        #expect(graph.contains(#""Fjf-Ka-8NT" -> "Cxl-qa-ulW" [label="present\n(New Transfer)"];"#), "\(graph)")
        #expect(graph.contains(#""tdE-0b-jJ0" -> "Fjf-Ka-8NT" [label="unwind cancel:\n(Cancel)", style=dashed"#), "\(graph)")
        #expect(graph.contains(#""aJI-K8-QRF" -> "Fjf-Ka-8NT" [label="unwind sendTransaction:\n\"SendTransactionSegue\"", style=dashed"#), "\(graph)")
    }

    @Test("An unwind that no scene of the storyboard implements is drawn to a node that says so, in DOT and in Mermaid")
    func unwindToNowhere() async throws {
        try await withStoryboard(Self.warnings) { path in
            let graph = try await runWallet(["storyboard", "graph", path])
            #expect(graph.status == 0, "\(graph.standardError)")
            #expect(graph.standardOutput.contains(#""contacts" -> "(nowhere 2)" [label="unwind cancel:\n(Cancel)", style=dashed"#), "\(graph.standardOutput)")
            #expect(graph.standardOutput.contains(#""(nowhere 2)" [shape=plaintext, label="no scene implements\ncancel:"];"#), "\(graph.standardOutput)")
            let read = try DOTReader.read(graph.standardOutput)
            #expect(read.edges.contains { $0.from == "contacts" && $0.to == "(nowhere 2)" }, "\(graph.standardOutput)")
            let mermaid = try await runWallet(["storyboard", "graph", "--format", "mermaid", path])
            #expect(mermaid.standardOutput.contains("s2 -.->|\"unwind cancel:<br/>(Cancel)\"| nowhere2"), "\(mermaid.standardOutput)")
        }
    }

    @Test("The ```mermaid picture in docs/storyboards.md is what graph --format mermaid prints for Assets/Main.storyboard")
    func readmePicture() async throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("docs/storyboards.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "```mermaid\n"), "docs/storyboards.md has no ```mermaid block")
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        let block = String(readme[start.upperBound..<end.lowerBound]) + "\n"
        let graph = try await runWallet(["storyboard", "graph", "--format", "mermaid", Self.mainStoryboard])
        #expect(graph.status == 0)
        #expect(block == graph.standardOutput, "update the README's block with: wallet storyboard graph --format mermaid Assets/Main.storyboard")
    }

    /// Issue 32, defect 10: plain lint on an attendee's storyboard advised registering
    /// HomeViewController in the wallet's code, while `storyboard run` ran it; typos got no guess.
    @Test("lint reads an attendee's storyboard as storyboard run does, and says what a typo'd destination or unwind action was meant to be")
    func lintOfAnAttendeesStoryboard() async throws {
        let file = fixture("Attendee.storyboard").path
        let plain = try await runWallet(["storyboard", "lint", file])
        #expect(!plain.standardOutput.contains("unknown view controller class") && !plain.standardOutput.contains("classes.register"),
                "\(plain.standardOutput)")
        #expect(plain.standardOutput.contains("points at \"detial\", which no object in the storyboard has as its id (did you mean \"detail\""),
                "\(plain.standardOutput)")
        let implemented = try await runWallet(["storyboard", "lint", "--implements", "HomeViewController=unwindToHome:", file])
        #expect(implemented.standardOutput.contains("unwindToHom:, so this unwind segue finds a destination only if a controller made elsewhere is on "
            + "screen; did you mean unwindToHome:, which scene \"Home\" (HomeViewController) implements?"), "\(implemented.standardOutput)")
        // Told to, it reads it with the wallet's classes, which have no HomeViewController.
        let asWallet = try await runWallet(["storyboard", "lint", "--wallet-classes", file])
        #expect(asWallet.standardOutput.contains("HomeViewController"), "\(asWallet.standardOutput)")
        #expect(asWallet.status == 1)
    }

    @Test("graph draws a storyboard of classes the wallet does not have as storyboard run reads it, and with --wallet-classes says the wallet would refuse it")
    func graphOfForeignStoryboard() async throws {
        let path = packageRoot.appendingPathComponent("Tests/NavigationTests/Storyboards/Unwinding.storyboard").path
        let result = try await runWallet(["storyboard", "graph", path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("digraph"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("unwind"), "\(result.standardOutput)")
        #expect(!result.standardError.contains("the app would refuse"), "\(result.standardError)")
        let asWallet = try await runWallet(["storyboard", "graph", "--wallet-classes", path])
        #expect(asWallet.status == 0 && asWallet.standardOutput.hasPrefix("digraph"), "\(asWallet.standardError)")
        #expect(asWallet.standardError.contains("note: drawn as written; the app would refuse this storyboard"), "\(asWallet.standardError)")
    }

    @Test("graph of a storyboard that cannot be read prints its errors and exits 1")
    func graphOfBrokenStoryboard() async throws {
        let result = try await runWallet(["storyboard", "graph", "/nonexistent/Main.storyboard"])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("/nonexistent/Main.storyboard: error: cannot read the storyboard: no such file"), "\(result.standardError)")
    }

    @Test("Mermaid labels cannot be broken by a title: quotes, #, <, > and & are written as entity codes")
    func mermaidEscaping() async throws {
        let main = try String(contentsOfFile: Self.mainStoryboard, encoding: .utf8)
        let edited = main.replacingOccurrences(of: #"title="Wallet""#, with: #"title="&quot;W#1&lt;b&gt;&amp;""#)
        try #require(edited != main)
        try await withStoryboard(edited) { path in
            let mermaid = try await runWallet(["storyboard", "graph", "--format", "mermaid", path])
            #expect(mermaid.status == 0, "\(mermaid.standardError)")
            #expect(mermaid.standardOutput.contains(#"s2["WalletViewController<br/>#quot;#quot;W#35;1#lt;b#gt;#amp;#quot;"]"#), "\(mermaid.standardOutput)")
            let dot = try await runWallet(["storyboard", "graph", path])
            #expect(dot.standardOutput.contains(#"[label="WalletViewController\n\"\"W#1<b>&\""];"#), "\(dot.standardOutput)")
        }
    }

    // MARK: lint

    @Test("Assets/Main.storyboard lints clean: nothing printed, exit 0")
    func mainIsClean() async throws {
        let result = try await runWallet(["storyboard", "lint", Self.mainStoryboard])
        #expect(result.status == 0)
        #expect(result.standardOutput.isEmpty, "\(result.standardOutput)")
        #expect(result.standardError == "\(Self.mainStoryboard): no problems\n")
    }

    /// A storyboard that loads, with each warning: an unwind action no scene of it implements
    /// (the wallet's class does, but it has no scene here), a scene nothing reaches, and one
    /// segue identifier twice in that scene.
    static let warnings = (try? String(contentsOf: fixture("Warnings.storyboard"), encoding: .utf8)) ?? ""

    @Test("lint prints each warning Xcode would give with its line, and exits 0 when there are only warnings")
    func warningsOnly() async throws {
        let text = Self.warnings
        try await withStoryboard(text) { path in
            let result = try await runWallet(["storyboard", "lint", path])
            #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
            let lines = Self.withoutColumns(result.standardOutput, path: path)
            #expect(lines.count == 3, "\(result.standardOutput)")
            let unwind = try line(of: "MARK-unwind", in: text), orphan = try line(of: "MARK-orphan", in: text)
            let first = try line(of: "MARK-first", in: text), second = try line(of: "MARK-second", in: text)
            #expect(lines.first { $0.hasPrefix("\(path):\(unwind): warning: no scene of this storyboard implements the unwind action cancel:") } != nil, "\(lines)")
            #expect(lines.first { $0.hasPrefix("\(path):\(orphan): warning: scene \"Orphan\" (ViewController) is unreachable") } != nil, "\(lines)")
            #expect(lines.first { $0.hasPrefix("\(path):\(second): warning: segue identifier \"Again\" is used twice in scene \"Orphan\" (ViewController) (first on line \(first))") } != nil, "\(lines)")
            let numbers: [Int] = lines.compactMap { line in Int(line.dropFirst(path.count + 1).prefix { $0 != ":" }) }
            #expect(numbers == [unwind, orphan, second].sorted(), "in the order of the file")
            #expect(lines.map { $0.split(separator: " ").last.map(String.init) } == ["[unimplemented-unwind-action]", "[unreachable-scene]",
                                                                                   "[duplicate-segue-identifier]"], "\(lines)")
            #expect(result.standardError == "\(path): 0 errors, 3 warnings\n")
        }
    }

    @Test("lint prints every error loading finds and the warnings, in the order of the file, and exits 1")
    func errorsAndWarnings() async throws {
        let text = Self.warnings
            .replacingOccurrences(of: #"unwindAction="cancel:" id="MARK-unwind""#, with: #"unwindAction="noSuchAction:" id="MARK-unwind""#)
            .replacingOccurrences(of: #"<segue destination="contacts" kind="show" identifier="Again" id="MARK-first"/>"#,
                                  with: #"<segue destination="nowhere" kind="show" identifier="Again" id="MARK-first"/>"#)
        try await withStoryboard(text) { path in
            let result = try await runWallet(["storyboard", "lint", path])
            #expect(result.status == 1)
            let lines = Self.withoutColumns(result.standardOutput, path: path)
            let unwind = try line(of: "MARK-unwind", in: text), orphan = try line(of: "MARK-orphan", in: text)
            let first = try line(of: "MARK-first", in: text), second = try line(of: "MARK-second", in: text)
            #expect(lines.count == 4, "\(result.standardOutput)")
            #expect(lines.first?.hasPrefix("\(path):\(unwind): error: no view controller in the app implements noSuchAction:") == true, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("\(path):\(orphan): warning: scene \"Orphan\" (ViewController) is unreachable") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("\(path):\(first): error: segue") && $0.contains("\"nowhere\"") }, "\(lines)")
            #expect(lines.last?.hasPrefix("\(path):\(second): warning: segue identifier \"Again\" is used twice") == true, "\(lines)")
            #expect(result.standardError == "\(path): 2 errors, 2 warnings\n")
        }
    }

    @Test("lint of a storyboard without an initial view controller reports it as an error, as the app refuses to start")
    func noInitialController() async throws {
        let text = Self.warnings.replacingOccurrences(of: #" initialViewController="nav""#, with: "")
        try await withStoryboard(text) { path in
            let result = try await runWallet(["storyboard", "lint", path])
            #expect(result.status == 1)
            #expect(result.standardOutput.hasPrefix("\(path):2:1: error: the storyboard has no initial view controller"), "\(result.standardOutput)")
        }
    }

    @Test("lint on a missing file, garbage, binary or an empty file: a clear message, exit 1, no crash", arguments: [
        ("missing", "cannot read the storyboard: no such file"),
        ("garbage", "error: the XML is not well-formed"),
        ("binary", "error: the file has a NUL byte"),
        ("empty", "error: the file is empty"),
    ])
    func unreadable(kind: String, message: String) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wallet-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("Main.storyboard").path
        switch kind {
        case "garbage": try Data("}{ this is not XML <<<\n".utf8).write(to: URL(fileURLWithPath: path))
        case "binary": try Data([0x3C, 0x00, 0xFF, 0x7B, 0x0A, 0x21, 0x3C, 0x3C]).write(to: URL(fileURLWithPath: path))
        case "empty": try Data().write(to: URL(fileURLWithPath: path))
        default: break
        }
        let result = try await runWallet(["storyboard", "lint", path])
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("\(path)"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains(message), "\(result.standardOutput)")
        #expect(result.standardError.contains("1 error"), "\(result.standardError)")
    }

    /// The lines of lint's output with each line's column left out (`PATH:LINE:COL:` read as
    /// `PATH:LINE:`), for messages matched by their line.
    static func withoutColumns(_ output: String, path: String) -> [String] {
        output.split(separator: "\n").map { line in
            let rest = line.dropFirst(path.count + 1)
            let lineNumber = rest.prefix { $0 != ":" }
            let afterColumn = rest.dropFirst(lineNumber.count + 1).drop { $0 != ":" }
            return "\(path):\(lineNumber)\(afterColumn)"
        }
    }

    @Test("lint checks many paths and folders in one run, each problem as PATH:LINE:COLUMN: severity: message [rule]; a folder without storyboards fails")
    func manyPathsAndFolders() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wallet-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Nested"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Empty"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.warnings.utf8).write(to: folder.appendingPathComponent("Nested/Warned.storyboard"))
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Assets/Main.storyboard"), to: folder.appendingPathComponent("Main.storyboard"))

        let result = try await runWallet(["storyboard", "lint", folder.path, CatalogCommandTests.catalogStoryboard])
        #expect(result.status == 0, "\(result.standardError)")
        let summaries = result.standardError.split(separator: "\n").map(String.init)
        #expect(summaries == ["\(folder.path)/Main.storyboard: no problems", "\(folder.path)/Nested/Warned.storyboard: 0 errors, 3 warnings",
                              "\(CatalogCommandTests.catalogStoryboard): no problems"], "\(result.standardError)")
        // The column is that of the segue's "<" on its line.
        let unwind = try line(of: "MARK-unwind", in: Self.warnings)
        let segueLine = Self.warnings.split(separator: "\n", omittingEmptySubsequences: false)[unwind - 1]
        let column = segueLine.distance(from: segueLine.startIndex, to: try #require(segueLine.firstIndex(of: "<"))) + 1
        let first = result.standardOutput.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("\(folder.path)/Nested/Warned.storyboard:\(unwind):\(column): warning: no scene") && first.hasSuffix(" [unimplemented-unwind-action]"),
                "\(first)")

        let empty = try await runWallet(["storyboard", "lint", folder.appendingPathComponent("Empty").path])
        #expect(empty.status == 1)
        #expect(empty.standardError.contains("error: no .storyboard files in this folder"), "\(empty.standardError)")
    }

    @Test("lint --strict fails on warnings, --format json prints one array of problems, --rules lists every rule id it prints")
    func strictJSONAndRules() async throws {
        try await withStoryboard(Self.warnings) { path in
            let strict = try await runWallet(["storyboard", "lint", "--strict", path])
            #expect(strict.status == 1, "warnings fail a strict run")
            let json = try await runWallet(["storyboard", "lint", "--format", "json", path])
            #expect(json.status == 0)
            let problems = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
            #expect(problems.count == 3)
            #expect(problems.allSatisfy { $0["file"] as? String == path && ($0["line"] as? Int ?? 0) > 0 && ($0["column"] as? Int ?? 0) > 0 })
            #expect(Set(problems.compactMap { $0["severity"] as? String }) == ["warning"])
            let rules = try await runWallet(["storyboard", "lint", "--rules"])
            #expect(rules.status == 0)
            let ids = Set(rules.standardOutput.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) })
            #expect(Set(problems.compactMap { $0["rule"] as? String }).isSubset(of: ids), "\(rules.standardOutput)")
            #expect(ids.isSuperset(of: ["xml", "connections", "unreachable-scene", "no-entry-point"]))
        }
    }

    @Test("A storyboard without an initial view controller but with Storyboard IDs is a warning that names them; --storyboard-id lints it from one")
    func noEntryPointWithStoryboardIDs() async throws {
        let results = packageRoot.appendingPathComponent("Assets/Demos/Results.storyboard").path
        let plain = try await runWallet(["storyboard", "lint", "--stand-ins", results])
        #expect(plain.status == 0, "\(plain.standardOutput)")
        #expect(plain.standardOutput.contains("--storyboard-id Results [no-entry-point]"), "\(plain.standardOutput)")
        let chosen = try await runWallet(["storyboard", "lint", "--stand-ins", "--storyboard-id", "Results", results])
        #expect(chosen.status == 0)
        #expect(!chosen.standardOutput.contains("no-entry-point"), "\(chosen.standardOutput)")
        let wrong = try await runWallet(["storyboard", "lint", "--storyboard-id", "Nope", results])
        #expect(wrong.status == 1)
        #expect(wrong.standardOutput.contains("--storyboard-id Nope: no scene has that Storyboard ID; its Storyboard IDs are Results"),
                "\(wrong.standardOutput)")
    }

    // MARK: The root command

    @Test("With the storyboard subcommand, wallet --headless still runs the app, and plain wallet still asks for a terminal")
    func rootCommandStillRuns() async throws {
        let headless = try await runWallet(["--headless", "--keys", "n"])
        #expect(headless.status == 0, "\(headless.standardError)")
        #expect(headless.standardOutput.contains("Contacts"))
        let plain = try await runWallet([])
        #expect(plain.status == 1)
        #expect(plain.standardError.hasPrefix("wallet: needs a terminal"), "\(plain.standardError)")
        let help = try await runWallet(["--help"])
        #expect(help.standardOutput.contains("storyboard"), "\(help.standardOutput)")
        let storyboardHelp = try await runWallet(["storyboard", "--help"])
        #expect(storyboardHelp.status == 0)
        #expect(storyboardHelp.standardOutput.contains("graph") && storyboardHelp.standardOutput.contains("lint"), "\(storyboardHelp.standardOutput)")
    }

    @Test("The help of graph and lint wraps whole sentences: no line of it is cut short in the middle of one")
    func subcommandHelpWrapsSentences() async throws {
        for subcommand in ["graph", "lint"] {
            let help = try await runWallet(["storyboard", subcommand, "--help"])
            #expect(help.status == 0)
            let lines = help.standardOutput.components(separatedBy: "\n")
            // argument-parser wraps at 80 columns: a prose line much shorter than that, followed
            // by more prose, was broken by hand in the source and reads as a stray line break.
            for (line, next) in zip(lines, lines.dropFirst()) where !line.isEmpty && !line.hasPrefix(" ") && !next.isEmpty && !next.hasPrefix(" ") {
                #expect(line.count > 60 || line.hasSuffix(":"), "storyboard \(subcommand) --help breaks a sentence: \"\(line)\"")
            }
        }
        let help = try await runWallet(["--help"])
        #expect(help.standardOutput.contains("a click"), "the keys in --help leave out the mouse:\n\(help.standardOutput)")
    }

    @Test("Plain wallet in a terminal still runs the app, not a subcommand")
    func plainWalletInTerminal() async throws {
        let session = try await TmuxSession(arguments: [])
        defer { session.kill() }
        try await session.waitFor(text: "New Transfer")
        try await session.quitExpectingSuccess()
    }
}

/// The DOT reader the graph tests use refuses what a DOT reader refuses, so that it proves something.
@Suite("The tests' DOT reader")
struct DOTReaderTests {
    @Test("Unclosed strings and braces, an undirected edge in a digraph, and an attribute without a value are not DOT", arguments: [
        "digraph { \"a }", "digraph { a -> b", "digraph { a -- b }", "digraph { a [label=] }", "digraph { a -> }", "{ a }",
    ])
    func refuses(text: String) {
        #expect(throws: DOTReader.Failure.self) { try DOTReader.read(text) }
    }

    @Test("Statements, attribute lists, ports and comments as Graphviz writes them are read")
    func reads() throws {
        let graph = try DOTReader.read("strict digraph G { // comment\n rankdir=LR; node [shape=box]; a:p -> \"b c\" -> d [label=\"x\\\"y\", w=1.5]; /* c */ e }")
        #expect(graph.nodes == ["a", "b c", "d", "e"] && graph.edges.count == 2 && graph.edges[1].attributes["label"] == "x\"y")
    }
}

extension StoryboardCommandTests {
    @Test("The graph labels a button as the app draws it: the title of its configuration, not the \"Button\" Xcode leaves in its state")
    func graphLabelsButtonsAsTheAppDoes() async throws {
        let quiz = packageRoot.appendingPathComponent("Assets/Demos/Quiz.storyboard").path
        let graph = try await runWallet(["storyboard", "graph", "--stand-ins", quiz])
        #expect(graph.standardOutput.contains(#"unwind startOver:\n\"StartOver\"\n(Start Over)"#), "\(graph.standardOutput)")
        #expect(!graph.standardOutput.contains("(Button)"), "\(graph.standardOutput)")
    }
}
