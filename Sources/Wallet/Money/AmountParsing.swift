extension MoneyFormat {
    /// The cents in `text`, read exactly as a decimal in this format's locale, or why it is not an
    /// amount that can be sent. Whether the balance covers it is for the caller to check.
    ///
    /// Accepted, in en_US: `12.34`, `1,234.56` (groups of the locale's size only), ` 7 `, `+5`,
    /// `€ 12.34`, `€12.34`, `12.34 €`, `.5` (50 cents) and `12.` (1200 cents): a user who types the
    /// separator first or last still means an amount.
    /// The first problem found decides the error, in this order: nothing typed (`.empty`), not a
    /// number (`.notANumber`), a minus sign (`.notPositive`), more than two decimals
    /// (`.tooManyDecimals`), more cents than an `Int` holds (`.tooLarge`), zero (`.notPositive`).
    public func cents(from text: String) -> Result<Int, AmountError> {
        AmountParser(notation: notation).parse(text)
    }
}

/// Reads an amount character by character; no `Double`, no `NumberFormatter`, no regular expression.
struct AmountParser {
    let notation: MoneyNotation

    func parse(_ text: String) -> Result<Int, AmountError> {
        var body = Substring(text)
        body = body.drop(while: \.isWhitespace)
        while let last = body.last, last.isWhitespace { body.removeLast() }
        if body.isEmpty { return .failure(.empty) }

        // The decorations: one symbol, in front or behind, and one sign, in front (before or after a
        // symbol in front, as in `-€ 12.34` and nl_NL's `€ -12,34`); spaces around them are ignored.
        var sawSymbol = false
        var sign: Character?
        while let first = body.first {
            if first == MoneyNotation.symbol, !sawSymbol {
                sawSymbol = true
            } else if first == "+" || notation.isMinusSign(first), sign == nil {
                sign = first
            } else {
                break
            }
            body = body.dropFirst().drop(while: \.isWhitespace)
        }
        if body.last == MoneyNotation.symbol, !sawSymbol {
            sawSymbol = true
            body.removeLast()
            while let last = body.last, last.isWhitespace { body.removeLast() }
        }
        if body.isEmpty {
            // Only "€" typed: nothing to send yet. A lone sign is a malformed number.
            return .failure(sign == nil ? .empty : .notANumber)
        }

        guard let number = DecimalDigits(body, notation: notation) else { return .failure(.notANumber) }
        if let sign, sign != "+" { return .failure(.notPositive) }
        // Two decimals at most, even when the extra ones are zeros ("1.230"): a rule that users can
        // predict by counting, rather than one that depends on what the digits are.
        guard number.fraction.count <= 2 else { return .failure(.tooManyDecimals) }

        let hundredths = number.fraction + String(repeating: "0", count: 2 - number.fraction.count)
        var cents = 0
        for digit in number.units + hundredths {
            let (shifted, overflowA) = cents.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = shifted.addingReportingOverflow(digit.wholeNumberValue ?? 0)
            if overflowA || overflowB { return .failure(.tooLarge) }
            cents = sum
        }
        return cents > 0 ? .success(cents) : .failure(.notPositive)
    }
}

/// The digits of a number written in a locale, before and after its decimal separator, with grouping
/// separators checked and removed; `nil` when the text is not such a number.
struct DecimalDigits {
    var units: String
    var fraction: String

    init?(_ text: Substring, notation: MoneyNotation) {
        let parts = text.split(separator: notation.decimalSeparator, maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }   // two decimal separators
        let integer = parts[0]
        let fraction = parts.count == 2 ? parts[1] : ""
        // ".5" and "12." are numbers; "." alone is not.
        guard !integer.isEmpty || !fraction.isEmpty else { return nil }
        guard fraction.allSatisfy(MoneyNotation.isDigit) else { return nil }

        let groups = integer.split(omittingEmptySubsequences: false, whereSeparator: notation.isGroupingSeparator)
        guard groups.allSatisfy({ $0.allSatisfy(MoneyNotation.isDigit) }) else { return nil }
        if groups.count > 1 {
            // Grouped: every group but the first has exactly the locale's size; the first has 1 to
            // that many digits and does not start with 0. So "1,234.56" is an amount in en_US while
            // "1,23.4" and "0,29" (a Dutch decimal comma) are not.
            let size = notation.groupingSize
            guard size > 0,
                  let first = groups.first, (1...size).contains(first.count), first.first != "0",
                  groups.dropFirst().allSatisfy({ $0.count == size })
            else { return nil }
        }
        units = groups.joined()
        self.fraction = String(fraction)
    }
}
