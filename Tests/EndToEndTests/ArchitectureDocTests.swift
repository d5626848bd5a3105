import Foundation
import Testing

/// docs/architecture.md walks a key's path to a frame through the files it passes: each file it
/// names exists, and each function it names, `name(…)`, is declared in one of the files its
/// step names.
@Suite("The architecture page's key path")
struct ArchitectureDocTests {
    static func steps() throws -> [String] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let section = text.components(separatedBy: "## A key's path to a frame").dropFirst().first?
            .components(separatedBy: "\n## ").first ?? ""
        var steps: [String] = []
        for line in section.components(separatedBy: "\n") {
            if line.first?.isNumber == true, line.contains(". ") {
                steps.append(line)
            } else if !line.trimmingCharacters(in: .whitespaces).isEmpty, !steps.isEmpty {
                steps[steps.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
            }
        }
        return steps
    }

    static func quoted(in step: String) -> [String] {
        step.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }

    /// `Sources/…/X.swift` as written, or the one file under Sources whose path ends with it.
    static func file(_ name: String) throws -> URL? {
        if name.hasPrefix("Sources/") { return packageRoot.appendingPathComponent(name) }
        let sources = packageRoot.appendingPathComponent("Sources")
        let all = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return all.first { $0.path.hasSuffix("/" + name) }
    }

    @Test("The key path has its steps, from reading a key to writing the frame")
    func hasSteps() throws {
        #expect(try Self.steps().count >= 10)
    }

    @Test("Every file a step names exists, and every function it names is declared in one of them")
    func stepsMatchTheCode() throws {
        for step in try Self.steps() {
            let names = Self.quoted(in: step)
            var files: [URL] = []
            for name in names where name.hasSuffix(".swift") {
                let url = try Self.file(name)
                #expect(url.map { FileManager.default.fileExists(atPath: $0.path) } == true, "\(name) does not exist: \(step)")
                if let url { files.append(url) }
            }
            let sources = try files.map { try String(contentsOf: $0, encoding: .utf8) }
            for name in names {
                guard let open = name.firstIndex(of: "("), !name.hasSuffix(".swift") else { continue }
                let function = String(name[..<open].split(separator: ".").last ?? "")
                let declared = sources.contains { $0.contains("func \(function)(") || $0.contains("func \(function)<") }
                #expect(declared, "\(name) is declared in none of \(files.map(\.lastPathComponent)): \(step)")
            }
        }
    }

    @Test("Every path under Sources/ that the README and the pages of docs/ name exists")
    func namedPathsExist() throws {
        for page in try documentationPages() {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(page), encoding: .utf8)
            for quoted in Self.quoted(in: text) where quoted.hasPrefix("Sources/") && !quoted.contains(" ") {
                let path = quoted.hasSuffix("/") ? String(quoted.dropLast()) : quoted
                #expect(FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(path).path), "\(page) names \(quoted)")
            }
        }
    }
}

/// The README and every page of `docs/`, by their paths from the package's root.
func documentationPages() throws -> [String] {
    let docs = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("docs").path)
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
}

/// The release binary is one static executable that links FoundationEssentials and the C
/// library, not Foundation: Foundation's static library needs CoreFoundation, which the link
/// has not, and would cost about 20 MB of resident memory. Only `.ci/run`'s release build
/// would otherwise find it.
@Suite("What the binary imports")
struct BinaryImportsTests {
    @Test("No source of the wallet binary imports Foundation (FoundationEssentials and the C library are what it links); wallet-server may, as NIOSSH does")
    func noFoundation() throws {
        let sources = packageRoot.appendingPathComponent("Sources")
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") && !$0.hasPrefix("WalletServer/") && !$0.hasPrefix("Serving/") }
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.split(separator: "\n").contains("import Foundation"), "Sources/\(file) imports Foundation")
        }
    }
}
