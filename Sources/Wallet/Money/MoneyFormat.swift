/// Formats and parses amounts of money held as integer cents, as the sample does with NumberFormatter.
///
/// Unlike the sample, nothing goes through `Float` or `Double`: formatting splits the cents into units
/// and cents with integer arithmetic, and parsing reads the decimal digits exactly. The locale's
/// conventions come from a table generated from Foundation (see `MoneyNotation`). The symbol is
/// always the sample's euro.
public struct MoneyFormat: Sendable, Equatable {
    /// The sample's format: en_US with the symbol "€ " in front, `€ 5,432.01`.
    public static let `default` = MoneyFormat(localeIdentifier: "en_US")!

    /// The locale, as `--locale` names it (en_US, nl_NL, de_CH…).
    public let localeIdentifier: String
    let notation: MoneyNotation
    /// The locale's minus sign as drawn: without the bidi marks that right-to-left locales put
    /// before it (U+061C in ar_EG, U+200E in he_IL). A terminal lays text left to right and has
    /// no use for them, and drawn they would show as `<U+061C>`, as marks from a file are.
    let minusSign: String

    /// The currency symbol is always "€" as in the sample; separators, grouping, the side of the
    /// symbol and the place of the minus sign follow the locale `localeIdentifier`. Nil for a
    /// locale the app does not know (see `MoneyFormat.isKnownLocale`).
    public init?(localeIdentifier: String) {
        guard let notation = MoneyNotation(localeIdentifier: localeIdentifier) else { return nil }
        self.localeIdentifier = localeIdentifier
        self.notation = notation
        if notation.minusSign == "-" {
            minusSign = "-"
        } else {
            let shown = String(String.UnicodeScalarView(notation.minusSign.unicodeScalars.filter { !Self.isBidiMark($0.value) }))
            minusSign = shown.isEmpty ? "-" : shown
        }
    }

    /// Whether the scalar is an invisible mark that orders right-to-left text: ALM, LRM, RLM, the
    /// embeddings and overrides, and the isolates.
    private static func isBidiMark(_ value: UInt32) -> Bool {
        value == 0x061C || (0x200E...0x200F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// Whether amounts can be written in the locale `identifier`: every locale Foundation knows
    /// (`Locale.availableIdentifiers`) and en_US_POSIX.
    public static func isKnownLocale(_ identifier: String) -> Bool {
        MoneyLocaleTable.notation(forIdentifier: identifier) != nil
    }

    /// Every locale amounts can be written in, sorted.
    public static var knownLocales: [String] { MoneyLocaleTable.identifiers }

    /// `cents` as the locale writes an amount of euros: 543201 → "€ 5,432.01", -1234 → "-€ 12.34" in
    /// en_US; "5.432,01 €" in de_DE. Exact for every `Int`, `Int.min` included.
    public func string(fromCents cents: Int) -> String {
        // `magnitude` is a UInt: the magnitude of Int.min does not fit in an Int.
        let magnitude = cents.magnitude
        let units = grouped(String(magnitude / 100))
        let hundredths = magnitude % 100
        let number = units + String(notation.decimalSeparator) + (hundredths < 10 ? "0" : "") + String(hundredths)
        let minus = cents < 0 ? minusSign : ""
        let symbol = String(MoneyNotation.symbol)
        switch notation.symbolPosition {
        case .before where notation.minusBeforeSymbol:
            return minus + symbol + notation.gap + number
        case .before:
            return symbol + notation.gap + minus + number
        case .after:
            return minus + number + notation.gap + symbol
        }
    }

    /// Whether the locale writes the symbol after the number (`12,34 €` in fr_FR and de_DE).
    public var symbolFollowsAmount: Bool { notation.symbolPosition == .after }

    /// The most characters an amount an `Int` of cents can hold is written in: the largest one
    /// with its grouping, symbol and sign, and a few spaces typed around them.
    public var longestAmountLength: Int { string(fromCents: .max).count + 4 }

    /// Zero in the locale's decimal notation, without symbol: what the amount field shows when empty.
    public var placeholder: String { "0" + String(notation.decimalSeparator) + "00" }

    /// `digits` with the locale's grouping separator every `groupingSize` digits from the right.
    private func grouped(_ digits: String) -> String {
        let size = notation.groupingSize
        guard size > 0, digits.count > size else { return digits }
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % size == 0 { result.append(notation.groupingSeparator) }
            result.append(digit)
        }
        return result
    }
}
