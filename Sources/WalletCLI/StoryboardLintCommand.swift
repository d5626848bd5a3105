import ArgumentParser
import FoundationEssentials
import Navigation
import Storyboards
import Views

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum LintFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// `wallet storyboard lint PATH…`: every problem of each storyboard, one line each, in the form
/// compilers and CI annotations read, or as JSON.
struct StoryboardLintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check storyboards: every error that stops one from loading, and the warnings Xcode would give.",
        discussion: """
            Each PATH is a storyboard, or a folder whose .storyboard files (in it and its subfolders, \
            hidden ones left out) are checked in order of their paths. Prints one line per problem, \
            PATH:LINE:COLUMN: error|warning: message [rule], in the order of each file, and a summary \
            of each file on standard error. Errors are what `wallet --storyboard` refuses; warnings \
            are what loads but Xcode would warn about. --rules lists every rule. With --behaviours (and \
            the flags after it), one storyboard is read as `storyboard run` reads it, and what its \
            behaviours name is checked against it too.

            Exit status: 0 when no file has an error (nor, with --strict, a warning); 1 when one \
            has; 64 when the command line is wrong.
              wallet storyboard lint Assets/Main.storyboard
              wallet storyboard lint --strict Assets
              wallet storyboard lint --format json Assets/*.storyboard > problems.json
              wallet storyboard lint --stand-ins Assets/Demos/Quiz.storyboard
            """
    )

    @OptionGroup var standIns: StandInCheckOptions

    /// The behaviours `storyboard run` would run the storyboard with: checked too, which reads it
    /// with stand-ins.
    @OptionGroup var behaviours: BehaviourOptions

    @Flag(help: "Warnings fail the run too (exit status 1), as a CI check wants.")
    var strict = false

    @Option(help: ArgumentHelp("text (one line per problem, the default) or json (one array of problems on standard output).",
                               valueName: "text|json"))
    var format: LintFormat = .text

    @Option(name: .customLong("storyboard-id"),
            help: ArgumentHelp("The scene a storyboard without an initial view controller starts from, by its Storyboard ID, as "
                + "`wallet storyboard run --storyboard-id` starts it.", valueName: "id"))
    var storyboardID: String?

    @Flag(help: "List the rules, with their severity and what each finds, and exit.")
    var rules = false

    @Argument(help: ArgumentHelp("Storyboard files, or folders of them, as in Assets/Main.storyboard or Assets.", valueName: "path"))
    var paths: [String] = []

    /// The most storyboards one run checks: a folder of more is refused, not read.
    static let maximumFiles = 1_000

    func validate() throws {
        if !rules && paths.isEmpty { throw ValidationError("give a storyboard or a folder of them, as in: wallet storyboard lint Assets") }
        if behaviours.isGiven, paths.count != 1 || FileSystem.isDirectory(atPath: paths[0]) {
            throw ValidationError("--behaviours says what one storyboard's code does: lint that storyboard alone with it")
        }
    }

    func run() throws {
        signal(SIGPIPE, SIG_IGN)
        if rules {
            write(Self.rulesText)
            return
        }
        let (files, emptyFolders) = try storyboardFiles()
        var problems: [LintProblem] = []
        // A folder that holds no storyboard checks nothing: a mistyped path must not pass CI.
        var failed = !emptyFolders.isEmpty
        for folder in emptyFolders {
            OutputFile.standardError.writeIfPossible("\(folder.escapedForMessage): error: no .storyboard files in this folder or its subfolders\n")
        }
        try MainActor.assumeIsolated {
            for file in files {
                let found = try check(file)
                problems += found
                failed = failed || found.contains { $0.severity == "error" || strict }
                if format == .text { try writeOrFail(found.map { $0.text + "\n" }.joined()) }
                OutputFile.standardError.writeIfPossible("\(file.escapedForMessage): \(Self.summary(of: found))\n")
            }
        }
        if format == .json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let text = (try? encoder.encode(problems)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
            try writeOrFail(text + "\n")
        }
        if failed { throw ExitCode.failure }
    }

    /// The problems of one storyboard, in the order of the file.
    @MainActor
    private func check(_ file: String) throws -> [LintProblem] {
        let contents = StoryboardFileContents(path: file)
        // As `storyboard run` checks them: the file's form first; its unwind actions are the
        // stand-ins' when the storyboard is read; then each behaviour against the storyboard.
        let (classes, given) = StoryboardCommand.checkingClassesAndBehaviours(for: contents, standIns: standIns, behaviours: behaviours)
        var declared: StandInBehaviours?
        var errors: [StoryboardDiagnostic] = []
        switch given {
        case .success(let behaviours): declared = behaviours
        case .failure(let error): errors += error.errors
        case nil: break
        }
        let check = StoryboardCommand.check(contents, classes: classes)
        errors += check.errors
        var behaviourWarnings: [StoryboardDiagnostic] = []
        // What `run` refuses besides the file: `--implements` naming what no scene has, and
        // behaviours naming what the storyboard has not.
        if check.errors.isEmpty, declared != nil || classes.standIns?.implementations.isEmpty == false {
            do {
                let storyboard = try Storyboard(contentsOfFile: file, classes: classes)
                if let standIns = classes.standIns { errors += storyboard.implementationProblems(of: standIns) }
                if let declared {
                    let problems = storyboard.behaviourProblems(declared)
                    errors += problems.filter(\.isError)
                    behaviourWarnings = problems.filter { !$0.isError }
                }
            } catch {
                errors += error.errors
            }
        }
        var warnings: [StoryboardDiagnostic] = check.warnings + behaviourWarnings
        if check.errors.isEmpty, let outline = check.outline {
            let ids = outline.scenes.compactMap(\.storyboardIdentifier)
            if let storyboardID, !ids.contains(storyboardID) {
                errors.append(StoryboardDiagnostic(file: outline.file, line: outline.documentLine, rule: .initialViewController,
                    message: "--storyboard-id \(storyboardID.escapedForMessage): no scene has that Storyboard ID; "
                        + (ids.isEmpty ? "the storyboard has none" : "its Storyboard IDs are \(ids.joined(separator: ", ").escapedForMessage)")))
            } else if storyboardID == nil, outline.initialSceneID == nil {
                // Nothing can start it: the app starts from the initial view controller, and code
                // makes a scene by its Storyboard ID.
                if ids.isEmpty {
                    errors.append(StoryboardDiagnostic.noInitialViewController(file: outline.file, line: outline.documentLine))
                } else {
                    warnings.append(StoryboardDiagnostic(file: outline.file, line: outline.documentLine, rule: .noEntryPoint,
                        message: "the storyboard has no initial view controller: `wallet --storyboard` cannot start it, and only its Storyboard IDs "
                            + "(\(ids.joined(separator: ", ").escapedForMessage)) make its scenes, from code or a storyboard reference; "
                            + "lint or run it from one with --storyboard-id \(ids[0].escapedForMessage)"))
                }
            }
        }
        let all = errors.map { LintProblem($0) } + warnings.map { LintProblem($0) }
        return all.enumerated().sorted { ($0.element.sortKey + [$0.offset]).lexicographicallyPrecedes($1.element.sortKey + [$1.offset]) }.map(\.element)
    }

    /// The storyboard files the paths name, folders opened, in the order given (each folder's
    /// files in order of their paths), and the folders that hold none.
    private func storyboardFiles() throws -> (files: [String], emptyFolders: [String]) {
        var files: [String] = []
        var emptyFolders: [String] = []
        for path in paths {
            guard FileSystem.isDirectory(atPath: path) else {
                files.append(path)
                continue
            }
            let found = Self.storyboards(inFolder: path.hasSuffix("/") ? String(path.dropLast()) : path, limit: Self.maximumFiles + 1)
            if found.isEmpty { emptyFolders.append(path) }
            files += found.sorted()
            guard files.count <= Self.maximumFiles else { break }
        }
        guard files.count <= Self.maximumFiles else {
            throw ValidationError("more than \(Self.maximumFiles) storyboards to check; lint fewer folders at a time")
        }
        return (files, emptyFolders)
    }

    /// The `.storyboard` files in `folder` and its subfolders, hidden entries and links to
    /// folders left out (a link can make a loop), at most `limit` of them.
    static func storyboards(inFolder folder: String, limit: Int) -> [String] {
        var found: [String] = []
        var pending = [folder]
        while let current = pending.popLast(), found.count < limit {
            for name in FileSystem.entries(ofDirectory: current) where !name.hasPrefix(".") {
                let path = current + "/" + name
                if FileSystem.isDirectory(atPath: path, followingLinks: false) {
                    pending.append(path)
                } else if name.hasSuffix(".storyboard") {
                    found.append(path)
                }
            }
        }
        return found
    }

    private func writeOrFail(_ text: String) throws {
        do {
            try OutputFile.standardOutput.write(text)
        } catch {
            OutputFile.standardError.writeIfPossible("wallet: cannot write the problems to \(error)\n")
            throw ExitCode.failure
        }
    }

    private func write(_ text: String) { OutputFile.standardOutput.writeIfPossible(text) }

    static var rulesText: String {
        let width = StoryboardRule.all.map(\.id.count).max() ?? 0
        return StoryboardRule.all.map { rule in
            rule.id + String(repeating: " ", count: width - rule.id.count + 2)
                + rule.severity.rawValue + String(repeating: " ", count: 8 - rule.severity.rawValue.count) + rule.summary + "\n"
        }.joined()
    }

    static func summary(of problems: [LintProblem]) -> String {
        let errors = problems.filter { $0.severity == "error" }.count, warnings = problems.count - errors
        return problems.isEmpty ? "no problems" : "\(count(errors, "error")), \(count(warnings, "warning"))"
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}

/// One problem as lint reports it: a line of text, or an object of JSON.
struct LintProblem: Encodable {
    let file: String
    let line: Int
    let column: Int
    let severity: String
    let rule: String
    let message: String
    /// The line in the text format.
    let text: String

    init(_ diagnostic: StoryboardDiagnostic) {
        file = diagnostic.file
        line = diagnostic.line
        column = diagnostic.line > 0 ? max(1, diagnostic.column) : 0
        severity = diagnostic.severity.rawValue
        rule = diagnostic.rule.id
        message = diagnostic.message
        text = diagnostic.lintDescription
    }

    var sortKey: [Int] { [line, severity == "error" ? 0 : 1] }

    private enum CodingKeys: String, CodingKey { case file, line, column, severity, rule, message }
}
