/// How one locale writes an amount of euros: separators, grouping, where the symbol goes and where the
/// minus goes. Read from `MoneyLocaleTable`, which was generated from Foundation's NumberFormatter
/// (and is tested against it), so that the app links no Foundation: formatting and parsing are plain
/// integer and character work, with no formatter and no floating point.
struct MoneyNotation: Sendable, Equatable {
    /// Where the currency symbol stands relative to the number.
    enum SymbolPosition: Sendable, Equatable {
        case before, after
    }

    /// The sample always shows euros, whatever the locale.
    static let symbol: Character = "€"
    /// The sample's symbol is "€ ": when a locale puts no space next to the symbol (en_US does not),
    /// this ordinary space is used, so en_US reads `€ 5,432.01` exactly as in the sample.
    static let sampleGap = " "

    var decimalSeparator: Character
    var groupingSeparator: Character
    /// Digits per group; 0 when the locale does not group.
    var groupingSize: Int
    var symbolPosition: SymbolPosition
    /// What separates the symbol from the number: the locale's own space (a no-break space in nl, de
    /// and fr, which keeps an amount on one line) or else the sample's space.
    var gap: String
    /// The locale's minus sign: "-" in most locales, U+2212 in fi and sv.
    var minusSign: String
    /// Whether the minus goes in front of the symbol (`-€ 12.34`, en_US) or between symbol and number
    /// (`€ -12,34`, nl_NL). Only meaningful when the symbol comes first; otherwise the minus is in front.
    var minusBeforeSymbol: Bool

    /// The notation of the locale `identifier` (as `--locale` takes it: en_US, nl_NL, de_CH…), from
    /// `MoneyLocaleTable`; nil for an identifier the table does not hold.
    init?(localeIdentifier identifier: String) {
        guard let notation = MoneyLocaleTable.notation(forIdentifier: identifier) else { return nil }
        self = notation
    }

    init(decimalSeparator: Character, groupingSeparator: Character, groupingSize: Int, symbolPosition: SymbolPosition,
         gap: String, minusSign: String, minusBeforeSymbol: Bool) {
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
        self.groupingSize = groupingSize
        self.symbolPosition = symbolPosition
        self.gap = gap
        self.minusSign = minusSign
        self.minusBeforeSymbol = minusBeforeSymbol
    }

    /// Characters a user may type for the grouping separator. Locales that group with a space
    /// (fr_FR: U+202F, fi_FI: U+00A0) also take an ordinary space and the other no-break spaces,
    /// since nobody can tell them apart on screen; de_CH's U+2019 also takes the keyboard's "'".
    func isGroupingSeparator(_ character: Character) -> Bool {
        if character == groupingSeparator { return true }
        if groupingSeparator.isWhitespace {
            return character == " " || character == "\u{00A0}" || character == "\u{202F}"
        }
        if groupingSeparator == "\u{2019}" { return character == "'" }
        return false
    }

    /// Only the digits 0 to 9 make amounts: not Arabic-Indic, fullwidth or other digits that
    /// `Character.isNumber` would accept, nor a digit carrying a combining mark.
    static func isDigit(_ character: Character) -> Bool {
        character.isASCII && ("0"..."9").contains(character)
    }

    /// Minus signs a user may type: the ASCII one, the typographic U+2212 and the locale's.
    func isMinusSign(_ character: Character) -> Bool {
        character == "-" || character == "\u{2212}" || String(character) == minusSign
    }
}
