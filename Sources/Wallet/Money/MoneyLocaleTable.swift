/// How every locale the app accepts writes money, without Foundation: the few distinct notations,
/// and which one each locale identifier uses, in two strings (`MoneyLocaleTable+Generated.swift`)
/// generated from Foundation's NumberFormatter by `MoneyLocaleTableTests`, which also checks that
/// they still match it for every identifier.
///
/// Two strings rather than a dictionary literal: nothing is built at launch (the one identifier
/// asked for is found by a scan of a few kilobytes), and the compiler reads two literals.
enum MoneyLocaleTable {
    /// Separates the notations in `notations`, and the fields of a notation.
    static let notationSeparator: Character = ";"
    static let fieldSeparator: Character = "|"

    /// The notation of the locale `identifier`; nil when the table does not hold it.
    static func notation(forIdentifier identifier: String) -> MoneyNotation? {
        guard let index = notationIndex(forIdentifier: identifier),
              let fields = notations.split(separator: notationSeparator, omittingEmptySubsequences: false)
                  .dropFirst(index).first?.split(separator: fieldSeparator, omittingEmptySubsequences: false)
        else { return nil }
        return notation(fields: fields)
    }

    /// Every identifier of the table, in its order (sorted).
    static var identifiers: [String] {
        locales.split(separator: " ").compactMap { $0.split(separator: "=").first.map(String.init) }
    }

    /// A notation from its fields: decimal separator, grouping separator, grouping size, "b" or "a"
    /// (the symbol before or after the number), gap, minus sign, "1" or "0" (minus before symbol).
    static func notation(fields: [Substring]) -> MoneyNotation? {
        guard fields.count == 7, let decimal = fields[0].first, fields[0].count == 1,
              let grouping = fields[1].first, fields[1].count == 1, let size = Int(fields[2]) else { return nil }
        return MoneyNotation(decimalSeparator: decimal, groupingSeparator: grouping, groupingSize: size,
                             symbolPosition: fields[3] == "a" ? .after : .before, gap: String(fields[4]),
                             minusSign: String(fields[5]), minusBeforeSymbol: fields[6] == "1")
    }

    /// The fields of `notation`, as `notations` writes them.
    static func fields(of notation: MoneyNotation) -> String {
        [String(notation.decimalSeparator), String(notation.groupingSeparator), String(notation.groupingSize),
         notation.symbolPosition == .after ? "a" : "b", notation.gap, notation.minusSign,
         notation.minusBeforeSymbol ? "1" : "0"].joined(separator: String(fieldSeparator))
    }

    /// The index in `notations` that `locales` gives `identifier` (" identifier=index"), found
    /// by comparing bytes: identifiers are ASCII letters, digits and "_".
    private static func notationIndex(forIdentifier identifier: String) -> Int? {
        let needle = Array(" \(identifier)=".utf8)
        let haystack = Array(" \(locales)".utf8)
        guard needle.count > 2, haystack.count >= needle.count else { return nil }
        var start = 0
        while start + needle.count <= haystack.count {
            if haystack[start] == needle[0], haystack[start..<start + needle.count].elementsEqual(needle) {
                var index = 0
                var position = start + needle.count
                while position < haystack.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(haystack[position]) {
                    index = index * 10 + Int(haystack[position] - UInt8(ascii: "0"))
                    position += 1
                }
                return index
            }
            start += 1
        }
        return nil
    }
}
