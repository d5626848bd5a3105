import Foundation
import Testing
@testable import Wallet

/// The wallet writes money per locale from a table (`MoneyLocaleTable+Generated.swift`) so that it
/// links no Foundation. The table is made here, from Foundation's NumberFormatter, and these tests
/// fail as soon as it no longer matches Foundation for any locale `--locale` accepts.
///
/// To regenerate it (after a toolchain update changes Foundation's data):
/// `WALLET_WRITE_MONEY_LOCALE_TABLE=1 swift test --filter MoneyLocaleTableTests`.
@Suite struct MoneyLocaleTableTests {
    /// What `--locale` accepted when it asked Foundation: its identifiers and en_US_POSIX.
    static let identifiers = Array(Set(Locale.availableIdentifiers + ["en_US_POSIX"])).sorted()

    static let generatedFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/Wallet/Money/MoneyLocaleTable+Generated.swift")

    @Test("Every locale Foundation knows writes money as Foundation's NumberFormatter says")
    func tableMatchesFoundation() {
        var mismatches: [String] = []
        for identifier in Self.identifiers {
            let expected = FoundationMoneyNotation.notation(locale: Locale(identifier: identifier))
            if MoneyNotation(localeIdentifier: identifier) != expected { mismatches.append(identifier) }
        }
        #expect(mismatches.isEmpty, "regenerate the table: WALLET_WRITE_MONEY_LOCALE_TABLE=1 swift test --filter MoneyLocaleTableTests")
    }

    @Test("The table holds exactly the locales Foundation knows, and the committed file is what Foundation generates")
    func committedFileIsGenerated() throws {
        let generated = Self.generatedSource()
        if ProcessInfo.processInfo.environment["WALLET_WRITE_MONEY_LOCALE_TABLE"] == "1" {
            try generated.write(to: Self.generatedFile, atomically: true, encoding: .utf8)
        }
        #expect(MoneyFormat.knownLocales == Self.identifiers)
        #expect(try String(contentsOf: Self.generatedFile, encoding: .utf8) == generated)
    }

    @Test("A locale the table does not hold has no money format", arguments: ["", "xx_YY", "en_US=0", "en", "en_US "])
    func unknownLocale(identifier: String) {
        let known = Self.identifiers.contains(identifier)
        #expect(MoneyFormat.isKnownLocale(identifier) == known)
        #expect((MoneyFormat(localeIdentifier: identifier) != nil) == known)
    }

    /// The Swift source of the table: the distinct notations, in order of first use, and each
    /// identifier with the index of its notation, written a few to a line.
    static func generatedSource() -> String {
        var notations: [String] = []
        var entries: [String] = []
        for identifier in identifiers {
            let fields = MoneyLocaleTable.fields(of: FoundationMoneyNotation.notation(locale: Locale(identifier: identifier)))
            precondition(!fields.contains(MoneyLocaleTable.notationSeparator), "a separator of \(identifier) is the table's")
            let index = notations.firstIndex(of: fields) ?? { notations.append(fields); return notations.count - 1 }()
            entries.append("\(identifier)=\(index)")
        }
        func literal(_ lines: [String]) -> String {
            // Every line but the last ends in "\\", which joins it to the next without a newline.
            "\"\"\"\n" + lines.map { "        " + escaped($0) }.joined(separator: "\\\n") + "\n        \"\"\""
        }
        let localeLines = stride(from: 0, to: entries.count, by: 10).map {
            entries[$0..<min($0 + 10, entries.count)].joined(separator: " ") + ($0 + 10 < entries.count ? " " : "")
        }
        return """
            // Generated from Foundation's NumberFormatter by Tests/WalletTests/MoneyLocaleTableTests.swift; do not edit.
            // \(identifiers.count) locales, \(notations.count) notations. Regenerate with:
            // WALLET_WRITE_MONEY_LOCALE_TABLE=1 swift test --filter MoneyLocaleTableTests
            extension MoneyLocaleTable {
                /// Notations separated by ";", each: decimal|grouping|group size|symbol b(efore) or a(fter)|gap|minus|minus before symbol.
                static let notations = \(literal(notations.enumerated().map { $0.element + ($0.offset < notations.count - 1 ? ";" : "") }))
                /// Identifier=index of its notation, separated by spaces.
                static let locales = \(literal(localeLines))
            }

            """
    }

    /// `text` as it may stand in a string literal: what is not printable ASCII as `\u{…}`.
    static func escaped(_ text: String) -> String {
        text.unicodeScalars.map { scalar in
            (0x20..<0x7F).contains(scalar.value) && scalar != "\\" && scalar != "\""
                ? String(scalar) : "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }.joined()
    }
}
