import Foundation

// `EmbedStoryboardsTool OUTPUT FILE… [--exercises FOLDER FILE…]`: writes OUTPUT, a Swift file holding each
// storyboard FILE's text in `WalletAssets.embeddedFiles`, keyed by its file name, and each file under FOLDER in
// `WalletAssets.embeddedExercises`, keyed by its path in FOLDER. Run by the EmbedStoryboards plugin.
//
// Each file is one ordinary string literal with every character outside printable ASCII escaped,
// so that its text arrives byte for byte (a multi-line literal would turn "\r\n" into "\n").

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: EmbedStoryboardsTool OUTPUT FILE…\n".utf8))
    exit(2)
}

func literal(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        case "\r": result += "\\r"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
            result += "\\u{" + String(scalar.value, radix: 16) + "}"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}

// The storyboards come first, then `--exercises FOLDER` and the files under FOLDER.
let files = Array(arguments.dropFirst())
let marker = files.firstIndex(of: "--exercises") ?? files.endIndex
let storyboards = files[..<marker]
let exerciseFolder = marker < files.endIndex ? files[marker + 1] : ""
let exercises = marker < files.endIndex ? files[(marker + 2)...] : []

func dictionary(_ name: String, doc: String, _ entries: [(key: String, path: String)]) throws -> String {
    var text = "    /// \(doc)\n    static let \(name): [String: String] = [\n"
    for (key, path) in entries {
        text += "        \(literal(key)): \(literal(try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8))),\n"
    }
    return text + (entries.isEmpty ? "    :]\n" : "    ]\n")
}

var source = "// Generated at build time by the EmbedStoryboards plugin from the target's *.storyboard files and Exercises/; not committed.\n"
source += "extension WalletAssets {\n"
source += try dictionary("embeddedFiles", doc: "The storyboards of `Assets/`, by file name.",
                         storyboards.map { (URL(fileURLWithPath: $0).lastPathComponent, $0) })
source += try dictionary("embeddedExercises", doc: "The files of `Assets/Exercises/`, by their path there (`01-cancel/exercise.yaml`).",
                         exercises.map { path in
                             let key = path.hasPrefix(exerciseFolder + "/") ? String(path.dropFirst(exerciseFolder.count + 1))
                                 : path.components(separatedBy: "/Exercises/").dropFirst().joined(separator: "/Exercises/")
                             return (key, path)
                         })
source += "}\n"
let data = Data(source.utf8)
// Rewritten only when changed, so that the module is not recompiled for nothing.
if (try? Data(contentsOf: URL(fileURLWithPath: output))) != data {
    try data.write(to: URL(fileURLWithPath: output))
}
