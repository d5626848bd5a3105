import ArgumentParser
import Storyboards

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// swift-argument-parser suggests the nearest option for an unknown one within an edit distance
/// of four, whatever the name's length, and has no setting for it: `--bogus` is offered
/// `--mouse`, three letters away out of five. The command keeps a suggestion only when at most a
/// third of the name differs (a typo: `--inspectr`, `--mous`), and otherwise names the option
/// alone, as the parser does when nothing is near.
extension WalletCommand {
    static func main() {
        do {
            var command = try parseAsRoot()
            do {
                try command.run()
            } catch let error as ValidationError {
                // Said with the usage of the subcommand that ran, not the whole tool's (issue 47:
                // `wallet results FILE` with an unreadable file printed `wallet <options> <subcommand>`).
                OutputFile.standardError.writeIfPossible(usage(of: type(of: command), saying: error))
                terminate(ExitCode.validationFailure.rawValue)
            }
        } catch let code as ExitCode {
            // An app ended by a signal (128 + it) or a status of its own: nothing to say, and
            // `fullMessage(for:)` builds the whole command tree to find that out, which cost each
            // session's app 220 ms of CPU when a room of 100 was told the workshop was over (issue 31).
            terminate(code.rawValue)
        } catch {
            let message = fullMessage(for: error)
            guard let kept = Self.withoutFarSuggestion(message), kept != message else { exit(withError: error) }
            OutputFile.standardError.writeIfPossible(kept + "\n")
            terminate(exitCode(for: error).rawValue)
        }
    }

    /// `error`, then the usage of `subcommand` and where its help is, as the parser says an
    /// error of its own.
    static func usage(of subcommand: ParsableCommand.Type, saying error: ValidationError) -> String {
        let usage = usageString(for: subcommand)
        // "wallet storyboard run [<options>] <file>": the command's words, before its arguments.
        let words = usage.split(separator: " ").prefix { !$0.hasPrefix("[") && !$0.hasPrefix("<") && !$0.hasPrefix("-") }
        return "Error: \(error.message)\nUsage: \(usage)\n  See '\(words.joined(separator: " ")) --help' for more information.\n"
    }

    /// The message without its "Did you mean" when the suggestion is far from the option given;
    /// nil when it has none.
    static func withoutFarSuggestion(_ message: String) -> String? {
        guard let match = message.firstMatch(of: /Unknown option '(?<given>[^']+)'\. Did you mean '(?<suggested>[^']+)'\?/) else { return nil }
        let given = match.output.given.drop { $0 == "-" }, suggested = match.output.suggested.drop { $0 == "-" }
        guard NearestName.editDistance(Array(given), Array(suggested)) > max(1, given.count / 3) else { return message }
        var kept = message
        kept.replaceSubrange(match.range, with: "Unknown option '\(match.output.given)'")
        return kept
    }
}

/// The C library's exit, which the command's own `exit(withError:)` hides inside it.
private func terminate(_ status: Int32) -> Never { exit(status) }
