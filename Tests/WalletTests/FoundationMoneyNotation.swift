import Foundation
@testable import Wallet

/// How Foundation's NumberFormatter writes an amount of euros in a locale, as the app learned it
/// before it stopped linking Foundation: the source of `MoneyLocaleTable` and its check.
enum FoundationMoneyNotation {
    static func notation(locale: Locale) -> MoneyNotation {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .currency
        // Our symbol, so that it can be found in the prefixes and suffixes below.
        formatter.currencySymbol = String(MoneyNotation.symbol)

        // The currency separators, where a locale has distinct ones for money, else the general ones.
        let decimal = character(formatter.currencyDecimalSeparator)
            ?? character(locale.decimalSeparator) ?? "."
        var grouping = character(formatter.currencyGroupingSeparator)
            ?? character(locale.groupingSeparator) ?? ","
        var size = formatter.usesGroupingSeparator ? max(formatter.groupingSize, 0) : 0
        if grouping == decimal || MoneyNotation.isDigit(grouping) {
            grouping = ","
            size = 0
        }

        let positivePrefix = formatter.positivePrefix ?? ""
        let positiveSuffix = formatter.positiveSuffix ?? ""
        let symbolPosition: MoneyNotation.SymbolPosition
        let localeGap: String
        if let index = positiveSuffix.firstIndex(of: MoneyNotation.symbol), !positivePrefix.contains(MoneyNotation.symbol) {
            symbolPosition = .after
            localeGap = String(positiveSuffix[..<index].filter(\.isWhitespace))
        } else {
            // Symbol in the prefix, or nowhere to be found: the sample puts it in front.
            symbolPosition = .before
            let afterSymbol = positivePrefix.firstIndex(of: MoneyNotation.symbol).map { positivePrefix.index(after: $0) }
            localeGap = afterSymbol.map { String(positivePrefix[$0...].filter(\.isWhitespace)) } ?? ""
        }

        let minus = formatter.minusSign.flatMap { $0.isEmpty ? nil : $0 } ?? "-"
        let negativePrefix = formatter.negativePrefix ?? ""
        let minusBeforeSymbol: Bool
        if let minusRange = negativePrefix.range(of: minus), let symbolIndex = negativePrefix.firstIndex(of: MoneyNotation.symbol) {
            minusBeforeSymbol = minusRange.lowerBound < symbolIndex
        } else {
            minusBeforeSymbol = true
        }
        return MoneyNotation(decimalSeparator: MoneyNotation.isDigit(decimal) ? "." : decimal,
                             groupingSeparator: grouping, groupingSize: size, symbolPosition: symbolPosition,
                             gap: localeGap.isEmpty ? MoneyNotation.sampleGap : localeGap,
                             minusSign: minus, minusBeforeSymbol: minusBeforeSymbol)
    }

    /// A separator is used only when it is one character; the locales Foundation knows all qualify.
    private static func character(_ string: String?) -> Character? {
        guard let string, string.count == 1 else { return nil }
        return string.first
    }
}

/// The tests written when `MoneyFormat` took a Foundation `Locale` still read that way.
extension MoneyFormat {
    init(locale: Locale) {
        self.init(localeIdentifier: locale.identifier)!
    }

    var locale: Locale { Locale(identifier: localeIdentifier) }
}
