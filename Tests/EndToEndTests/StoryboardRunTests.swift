import Foundation
import Testing

/// `wallet storyboard run FILE`: a storyboard whose classes the app does not have, run with
/// stand-ins (Assets/Demos/Quiz.storyboard, and Results.storyboard beside it through a reference).
@Suite("wallet storyboard run")
struct StoryboardRunTests {
    static let quiz = packageRoot.appendingPathComponent("Assets/Demos/Quiz.storyboard").path

    private func run(_ arguments: [String]) async throws -> ProcessResult {
        try await ProcessRunner.run(try WalletBinary.url(), ["storyboard", "run"] + arguments, environment: WalletBinary.environment)
    }

    /// The screen a headless run of the quiz prints after `keys`.
    private func screen(after keys: String, _ options: [String] = []) async throws -> String {
        let result = try await run([Self.quiz, "--headless", "--size", "70x12", "--keys", keys] + options)
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput
    }

    @Test("A storyboard of classes the app does not have runs headless: the menu's stand-in shows a sample row per prototype, labelled with its reuse identifier, and the row's segue opens the question")
    func foreignStoryboardHeadless() async throws {
        let menu = try await screen(after: "")
        #expect(menu.contains("Quiz") && menu.contains("QuizCell"), "\(menu)")
        let question = try await screen(after: "<enter>")
        #expect(question.contains("What does an unwind segue look for?"), "\(question)")
        #expect(question.contains("Start Over") && question.contains("Give Up") && question.contains("Results"), "\(question)")
    }

    @Test("Start Over unwinds to the menu, whose scene declares startOver: with the unwindActions runtime attribute")
    func unwindDeclaredByRuntimeAttribute() async throws {
        let menu = try await screen(after: "<enter>s")
        #expect(menu.contains("QuizCell") && !menu.contains("Give Up"), "\(menu)")
    }

    @Test("An unwind nobody implements is aborted and the app says so, naming the action; --implements makes the menu its destination")
    func unwindWithoutImplementer() async throws {
        let aborted = try await screen(after: "<enter>g")
        #expect(aborted.contains("giveUp:") && aborted.contains("nothing happened"), "\(aborted)")
        #expect(aborted.contains("QuestionViewController"), "\(aborted)")
        let implemented = try await screen(after: "<enter>g", ["--implements", "QuizMenuViewController=giveUp:"])
        #expect(implemented.contains("QuizCell") && !implemented.contains("nothing happened"), "\(implemented)")
    }

    @Test("Results opens a scene of Results.storyboard through a storyboard reference, and its Done unwinds across the two storyboards to the menu")
    func acrossStoryboards() async throws {
        let results = try await screen(after: "<enter>r")
        #expect(results.contains("Results") && results.contains("3 of 4 right") && results.contains("Done"), "\(results)")
        let menu = try await screen(after: "<enter>r<tab><enter>")
        #expect(menu.contains("QuizCell") && !menu.contains("3 of 4 right"), "\(menu)")
    }

    @Test("The app's options work the same: --trace writes the unwind's search, naming the stand-ins by the storyboard's classes")
    func traceNamesTheStoryboardsClasses() async throws {
        let result = try await run([Self.quiz, "--headless", "--keys", "<enter>s", "--trace", "-", "--trace-filter", "segues"])
        #expect(result.status == 0)
        #expect(result.standardError.contains(#"ask QuizMenuViewController "Quiz" canPerformUnwindSegueAction(startOver:) → true (implements startOver:)"#),
                "\(result.standardError)")
    }

    @Test("A malformed --implements is refused before anything runs, saying what is wrong and giving an example")
    func malformedImplements() async throws {
        let result = try await run([Self.quiz, "--headless", "--implements", "QuizMenuViewController"])
        #expect(result.status != 0)
        #expect(result.standardError.contains(#"--implements: "QuizMenuViewController" has no "=" between the class and its actions"#), "\(result.standardError)")
        #expect(result.standardError.contains("as in --implements QuestionViewController=startOver:,unwindToQuiz:"), "\(result.standardError)")
    }

    @Test("A storyboard reference to a file that is not there is refused at launch with the placeholder's line")
    func missingReference() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storyboard-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // The quiz without Results.storyboard beside it.
        let copy = directory.appendingPathComponent("Quiz.storyboard")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.quiz), to: copy)
        let text = try String(contentsOf: copy, encoding: .utf8)
        let line = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("<viewControllerPlaceholder") }) + 1
        let result = try await run([copy.path, "--headless"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("\(copy.path):\(line): error: the storyboard reference to \"Results\""), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("A storyboard without an initial view controller runs from a scene named by --storyboard-id; without it the error lists the Storyboard IDs")
    func storyboardID() async throws {
        let results = packageRoot.appendingPathComponent("Assets/Demos/Results.storyboard").path
        let refused = try await run([results, "--headless"])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("no initial view controller") && refused.standardError.contains("--storyboard-id (its Storyboard IDs are Results)"),
                "\(refused.standardError)")
        let shown = try await run([results, "--headless", "--size", "60x8", "--storyboard-id", "Results"])
        #expect(shown.status == 0, "\(shown.standardError)")
        #expect(shown.standardOutput.contains("3 of 4 right"), "\(shown.standardOutput)")
        let unknown = try await run([results, "--headless", "--storyboard-id", "Nope"])
        #expect(unknown.standardError.contains("--storyboard-id Nope: no scene has that Storyboard ID; its Storyboard IDs are Results"), "\(unknown.standardError)")
    }

    @Test("wallet --storyboard still refuses a storyboard of classes it does not have, with its advice; one of generic scenes (unwindActions) runs with stand-ins")
    func walletStillRefuses() async throws {
        let foreign = packageRoot.appendingPathComponent("Tests/NavigationTests/Storyboards/UnknownClass.storyboard").path
        let result = try await ProcessRunner.run(try WalletBinary.url(), ["--storyboard", foreign, "--headless"], environment: WalletBinary.environment)
        #expect(result.status == 1)
        #expect(result.standardError.contains("unknown view controller class \"FirstViewController\""), "\(result.standardError)")
        #expect(result.standardError.contains("wallet --storyboard runs storyboards written for the wallet's classes"), "\(result.standardError)")
        // The quiz declares its scenes' unwind actions, as the catalog does: it is written for
        // stand-ins, and runs as `wallet catalog FILE` runs it.
        let generic = try await ProcessRunner.run(try WalletBinary.url(), ["--storyboard", Self.quiz, "--headless"], environment: WalletBinary.environment)
        #expect(generic.status == 0, "\(generic.standardError)")
    }

    @Test("In a real terminal: the row opens the question, Start Over unwinds to the menu, q quits and the terminal is restored")
    func inTerminal() async throws {
        let session = try await TmuxSession(arguments: ["storyboard", "run", Self.quiz])
        defer { session.kill() }

        try await session.waitFor(text: "QuizCell")
        try await session.send("Enter", thenWaitFor: "What does an unwind segue look for?")
        try await session.send(keys: "s")
        let menu = try await session.waitUntil("the menu again, the question gone") {
            $0.contains("QuizCell") && !$0.contains("Start Over")
        }
        #expect(menu.contains("Quiz"))

        let ending = try await session.quit()
        #expect(ending.exitStatus == 0, "\(ending.screen)")
        expectTerminalRestored(ending)
    }

    // MARK: Behaviours

    static let tabs = packageRoot.appendingPathComponent("Assets/Demos/Tabs.storyboard").path
    static let behaviours = packageRoot.appendingPathComponent("Assets/Demos/Tabs.behaviours.yaml").path

    @Test("--behaviours runs the README's example: Send performs the manual segue with its message, b unwinds and shows the line")
    func behavioursFile() async throws {
        let back = try await run([Self.tabs, "--behaviours", Self.behaviours, "--headless", "--size", "60x9", "--keys", "<enter>b"])
        #expect(back.status == 0, "\(back.standardError)")
        #expect(back.standardOutput.contains("Welcome back from Second"), "\(back.standardOutput)")
    }

    @Test("A behaviours file that names what the storyboard has not, a missing file, a folder or standard input: exit 1 or 64, FILE:LINE or the reason on stderr, nothing drawn")
    func behavioursRefused() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("behaviours-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let typo = directory.appendingPathComponent("typo.yaml")
        try "classes:\n  FirstViewController:\n    performs: {sendToSecond: toSecnd}\n".write(to: typo, atomically: true, encoding: .utf8)
        let refused = try await run([Self.tabs, "--behaviours", typo.path, "--headless"])
        #expect(refused.status == 1 && refused.standardOutput.isEmpty)
        #expect(refused.standardError.contains("typo.yaml:3: error:") && refused.standardError.contains("did you mean \"toSecond\"?"),
                "\(refused.standardError)")
        for (file, words) in [(directory.appendingPathComponent("missing.yaml").path, "No such file"), (directory.path, "a directory"),
                              ("-", "give a file")] {
            let result = try await run([Self.tabs, "--behaviours", file, "--headless"])
            #expect(result.status == 64 && result.standardOutput.isEmpty, "\(file): \(result.status)")
            #expect(result.standardError.contains(words), "\(file): \(result.standardError)")
        }
    }

    @Test("lint --behaviours checks a storyboard with what its code does, for CI: the shipped file passes clean; a typo fails at its line and column, rule behaviours")
    func lintBehaviours() async throws {
        let clean = try await runWallet(["storyboard", "lint", Self.tabs, "--behaviours", Self.behaviours])
        #expect(clean.status == 0 && clean.standardOutput.isEmpty, "\(clean.standardOutput)\(clean.standardError)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lint-behaviours-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let typo = directory.appendingPathComponent("typo.yaml")
        try "classes:\n  FirstViewController:\n    unwinds:\n      backToFirst:\n        statusLabl.text: Hi\n".write(to: typo, atomically: true, encoding: .utf8)
        let failed = try await runWallet(["storyboard", "lint", Self.tabs, "--behaviours", typo.path])
        #expect(failed.status == 1)
        #expect(failed.standardOutput.contains("typo.yaml:5:9: error:") && failed.standardOutput.contains("[behaviours]"), "\(failed.standardOutput)")
        let folder = try await runWallet(["storyboard", "lint", "Assets", "--behaviours", Self.behaviours])
        #expect(folder.status == 64 && folder.standardError.contains("lint that storyboard alone"), "\(folder.standardError)")
    }

    /// Issue 33, defects 4 to 6, as a user meets them with the binary: the manual-segue demo.
    static let manualSegues = packageRoot.appendingPathComponent("Assets/Demos/ManualSegues.storyboard").path

    @Test("Issue 33: Done without its code says what to declare on the bottom row; the demo's behaviours file, or the flags, make Done, Start, a row and Start Over perform; the trace names one scene of a shared class")
    func manualSeguesDemo() async throws {
        func screen(_ keys: String, _ options: [String] = []) async throws -> ProcessResult {
            try await run([Self.manualSegues, "--headless", "--size", "80x12", "--keys", keys] + options)
        }
        let bare = try await screen("d")
        #expect(bare.status == 0 && bare.standardOutput.contains("done: did nothing; try --performs 'HomeViewController.done:=showList'"),
                "\(bare.standardOutput)")
        let file = packageRoot.appendingPathComponent("Assets/Demos/ManualSegues.behaviours.yaml").path
        let item = try await screen("d<enter>", ["--behaviours", file])
        #expect(item.standardOutput.contains("The item"), "\(item.standardOutput)")
        let loaded = try await screen("s", ["--appears", "LoaderViewController=finishLoading"])
        #expect(loaded.standardOutput.contains("All loaded"), "\(loaded.standardOutput)")
        let quiz = try await screen("u<enter><enter><enter>", ["--implements", "QuestionViewController#q1=startOver:", "--trace", "-"])
        #expect(quiz.standardOutput.contains("Question 1"), "\(quiz.standardOutput)")
        #expect(quiz.standardError.contains("destination QuestionViewController #q1,"), "\(quiz.standardError)")
    }
}
