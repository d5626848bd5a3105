import Foundation

// `EmbedStoryboardsTool OUTPUT FILE…`: writes OUTPUT, a Swift file holding each FILE's text in
// `WalletAssets.embeddedFiles`, keyed by its file name. Run by the EmbedStoryboards plugin.
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

var source = """
    // Generated at build time by the EmbedStoryboards plugin from the target's *.storyboard files; not committed.
    extension WalletAssets {
        /// The storyboards of `Assets/`, by file name.
        static let embeddedFiles: [String: String] = [

    """
for path in arguments.dropFirst() {
    let url = URL(fileURLWithPath: path)
    let text = try String(contentsOf: url, encoding: .utf8)
    source += "        \(literal(url.lastPathComponent)): \(literal(text)),\n"
}
source += arguments.count > 1 ? "    ]\n}\n" : "    :]\n}\n"
let data = Data(source.utf8)
// Rewritten only when changed, so that the module is not recompiled for nothing.
if (try? Data(contentsOf: URL(fileURLWithPath: output))) != data {
    try data.write(to: URL(fileURLWithPath: output))
}
