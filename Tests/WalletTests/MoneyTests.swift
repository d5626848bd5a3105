import Foundation
import Testing
import Wallet

/// Money as the wallet shows and reads it: integer cents, exact, in the notation of the locale.
/// Every test uses an explicit `MoneyFormat(locale:)`, except the one about the sample's extensions,
/// which uses the default format the app starts with.
@Suite struct MoneyTests {
    static let enUS = MoneyFormat(locale: Locale(identifier: "en_US"))
    static let nlNL = MoneyFormat(locale: Locale(identifier: "nl_NL"))
    static let deDE = MoneyFormat(locale: Locale(identifier: "de_DE"))
    static let frFR = MoneyFormat(locale: Locale(identifier: "fr_FR"))

    static func format(_ identifier: String) -> MoneyFormat { MoneyFormat(locale: Locale(identifier: identifier)) }

    // MARK: Showing amounts

    @Test("Right-to-left locales write the minus with no invisible mark, which a terminal would show as <U+061C>")
    func noBidiMarks() throws {
        var marked: [String] = []
        for identifier in MoneyFormat.knownLocales {
            let format = try #require(MoneyFormat(localeIdentifier: identifier))
            let text = format.string(fromCents: -123_456)
            if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .format }) || !(text.contains("-") || text.contains("\u{2212}")) {
                marked.append("\(identifier): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
        #expect(marked.isEmpty, "\(marked.prefix(5))")
        #expect(MoneyFormat(localeIdentifier: "ar_EG")?.string(fromCents: -123_456).hasPrefix("-") == true)
    }

    @Test("Amounts show in en_US as the sample shows them, with \"€ \" in front", arguments: [
        (0, "€ 0.00"),
        (1, "€ 0.01"),
        (29, "€ 0.29"),
        (100, "€ 1.00"),
        (1234, "€ 12.34"),
        (543201, "€ 5,432.01"),
        (-1234, "-€ 12.34"),
        (100000000, "€ 1,000,000.00"),
        (16777217, "€ 167,772.17"),  // where the sample's Float loses a cent
        (Int.max, "€ 92,233,720,368,547,758.07"),
        (Int.min, "-€ 92,233,720,368,547,758.08"),
    ])
    func showsAmountsInEnglish(cents: Int, expected: String) {
        #expect(Self.enUS.string(fromCents: cents) == expected)
    }

    @Test("Amounts show in nl_NL with decimal comma, the symbol in front and the minus after it", arguments: [
        (0, "€\u{A0}0,00"),
        (1, "€\u{A0}0,01"),
        (29, "€\u{A0}0,29"),
        (100, "€\u{A0}1,00"),
        (1234, "€\u{A0}12,34"),
        (543201, "€\u{A0}5.432,01"),
        (-1234, "€\u{A0}-12,34"),
        (100000000, "€\u{A0}1.000.000,00"),
        (Int.max, "€\u{A0}92.233.720.368.547.758,07"),
        (Int.min, "€\u{A0}-92.233.720.368.547.758,08"),
    ])
    func showsAmountsInDutch(cents: Int, expected: String) {
        #expect(Self.nlNL.string(fromCents: cents) == expected)
    }

    @Test("Amounts show in de_DE with the symbol after the number", arguments: [
        (0, "0,00\u{A0}€"),
        (1, "0,01\u{A0}€"),
        (29, "0,29\u{A0}€"),
        (100, "1,00\u{A0}€"),
        (1234, "12,34\u{A0}€"),
        (543201, "5.432,01\u{A0}€"),
        (-1234, "-12,34\u{A0}€"),
        (100000000, "1.000.000,00\u{A0}€"),
        (Int.max, "92.233.720.368.547.758,07\u{A0}€"),
        (Int.min, "-92.233.720.368.547.758,08\u{A0}€"),
    ])
    func showsAmountsInGerman(cents: Int, expected: String) {
        #expect(Self.deDE.string(fromCents: cents) == expected)
    }

    @Test("Amounts show in fr_FR grouped with narrow no-break spaces", arguments: [
        (0, "0,00\u{A0}€"),
        (543201, "5\u{202F}432,01\u{A0}€"),
        (-1234, "-12,34\u{A0}€"),
        (100000000, "1\u{202F}000\u{202F}000,00\u{A0}€"),
    ])
    func showsAmountsInFrench(cents: Int, expected: String) {
        #expect(Self.frFR.string(fromCents: cents) == expected)
    }

    @Test("The empty amount field shows zero in the locale's notation", arguments: [
        ("en_US", "0.00"), ("nl_NL", "0,00"), ("de_DE", "0,00"), ("fr_FR", "0,00"),
    ])
    func placeholderIsZeroInTheLocale(identifier: String, expected: String) {
        #expect(Self.format(identifier).placeholder == expected)
    }

    @Test("The app starts in en_US, as the sample")
    func defaultIsEnglish() {
        #expect(MoneyFormat.default == Self.enUS)
        #expect(MoneyFormat.default.locale.identifier == "en_US")
        #expect(MoneyFormat.default.placeholder == "0.00")
    }

    // MARK: Reading amounts

    @Test("0.29 costs exactly 29 cents")
    func zeroPointTwentyNineIsTwentyNineCents() {
        #expect(Self.enUS.cents(from: "0.29") == .success(29))
        // The sample's `Int(double * 100)` truncates 28.999999999999996 to 28.
        #expect(Int(0.29 * 100) == 28)
    }

    @Test("Typed amounts are read exactly in en_US", arguments: [
        ("0.29", Result<Int, AmountError>.success(29)),
        ("12.34", .success(1234)),
        ("1,234.56", .success(123456)),
        ("1,234,567.89", .success(123456789)),
        ("1,234", .success(123400)),
        ("1234.56", .success(123456)),
        ("€ 12.34", .success(1234)),
        ("€12.34", .success(1234)),
        ("12.34 €", .success(1234)),
        ("12.34€", .success(1234)),
        (" 7 ", .success(700)),
        ("\t7\n", .success(700)),
        ("+5", .success(500)),
        ("€ +5", .success(500)),
        ("007", .success(700)),
        ("0.01", .success(1)),
        ("1.5", .success(150)),
        (".5", .success(50)),
        ("12.", .success(1200)),
        ("92233720368547758.07", .success(Int.max)),
        ("92,233,720,368,547,758.07", .success(Int.max)),
    ])
    func readsAmountsInEnglish(text: String, expected: Result<Int, AmountError>) {
        #expect(Self.enUS.cents(from: text) == expected)
    }

    @Test("Typed text that is not an amount to send says why, in en_US", arguments: [
        ("", Result<Int, AmountError>.failure(.empty)),
        ("   ", .failure(.empty)),
        ("€", .failure(.empty)),
        ("€ ", .failure(.empty)),
        ("0", .failure(.notPositive)),
        ("0.00", .failure(.notPositive)),
        ("-5", .failure(.notPositive)),
        ("-€ 12.34", .failure(.notPositive)),
        ("\u{2212}5", .failure(.notPositive)),
        ("-1.234", .failure(.notPositive)),
        ("abc", .failure(.notANumber)),
        ("12a", .failure(.notANumber)),
        ("0,29", .failure(.notANumber)),
        ("1,23.4", .failure(.notANumber)),
        ("1,2345", .failure(.notANumber)),
        ("0,001", .failure(.notANumber)),
        (",123", .failure(.notANumber)),
        ("1,,234", .failure(.notANumber)),
        ("1,234,", .failure(.notANumber)),
        ("1.234,56", .failure(.notANumber)),
        ("1.2.3", .failure(.notANumber)),
        ("1 234.56", .failure(.notANumber)),
        ("1.2,3", .failure(.notANumber)),
        (".", .failure(.notANumber)),
        ("-", .failure(.notANumber)),
        ("+", .failure(.notANumber)),
        ("+-5", .failure(.notANumber)),
        ("--5", .failure(.notANumber)),
        ("5-", .failure(.notANumber)),
        ("€ 5 €", .failure(.notANumber)),
        ("$5", .failure(.notANumber)),
        ("1e3", .failure(.notANumber)),
        ("NaN", .failure(.notANumber)),
        ("∞", .failure(.notANumber)),
        ("0x10", .failure(.notANumber)),
        ("١٢", .failure(.notANumber)),        // Arabic-Indic digits
        ("１２", .failure(.notANumber)),       // fullwidth digits
        ("1\u{301}2", .failure(.notANumber)),  // a digit with a combining accent
        ("1.234", .failure(.tooManyDecimals)),
        ("1.230", .failure(.tooManyDecimals)),
        ("0.001", .failure(.tooManyDecimals)),
        ("92233720368547758.08", .failure(.tooLarge)),
        ("92233720368547759", .failure(.tooLarge)),
        ("99999999999999999999999999", .failure(.tooLarge)),
    ])
    func rejectsWhatIsNotAnAmountInEnglish(text: String, expected: Result<Int, AmountError>) {
        #expect(Self.enUS.cents(from: text) == expected)
    }

    @Test("Typed amounts are read with a decimal comma in nl_NL", arguments: [
        ("0,29", Result<Int, AmountError>.success(29)),
        ("12,34", .success(1234)),
        ("1.234,56", .success(123456)),
        ("1.234", .success(123400)),
        ("€ 12,34", .success(1234)),
        ("€\u{A0}12,34", .success(1234)),
        (",5", .success(50)),
        ("12,", .success(1200)),
        ("92.233.720.368.547.758,07", .success(Int.max)),
        ("0.29", .failure(.notANumber)),
        ("12.34", .failure(.notANumber)),
        ("1,234.56", .failure(.notANumber)),
        ("1,234", .failure(.tooManyDecimals)),
        ("€ -12,34", .failure(.notPositive)),
        ("0,00", .failure(.notPositive)),
        ("92.233.720.368.547.758,08", .failure(.tooLarge)),
    ])
    func readsAmountsInDutch(text: String, expected: Result<Int, AmountError>) {
        #expect(Self.nlNL.cents(from: text) == expected)
    }

    @Test("Typed amounts are read in de_DE, with the symbol in front or behind", arguments: [
        ("0,29", Result<Int, AmountError>.success(29)),
        ("1.234,56", .success(123456)),
        ("1.234,56 €", .success(123456)),
        ("1.234,56\u{A0}€", .success(123456)),
        ("€ 1.234,56", .success(123456)),
        ("-12,34 €", .failure(.notPositive)),
        ("1.23,4", .failure(.notANumber)),
    ])
    func readsAmountsInGerman(text: String, expected: Result<Int, AmountError>) {
        #expect(Self.deDE.cents(from: text) == expected)
    }

    @Test("In fr_FR groups may be typed with any kind of space", arguments: [
        ("1\u{202F}234,56", Result<Int, AmountError>.success(123456)),
        ("1\u{A0}234,56", .success(123456)),
        ("1 234,56", .success(123456)),
        ("1 234 567,89 €", .success(123456789)),
        ("1234,56", .success(123456)),
        ("1 23,4", .failure(.notANumber)),
        ("1.234,56", .failure(.notANumber)),
    ])
    func readsAmountsInFrench(text: String, expected: Result<Int, AmountError>) {
        #expect(Self.frFR.cents(from: text) == expected)
    }

    @Test("A shown amount reads back as the same cents", arguments: ["en_US", "nl_NL", "de_DE", "fr_FR"], [
        1, 9, 10, 29, 99, 100, 101, 1234, 99999, 100000, 543201, 100000000, 16777217, 123456789012, Int.max - 1, Int.max,
    ])
    func roundTrip(identifier: String, cents: Int) {
        let format = Self.format(identifier)
        #expect(format.cents(from: format.string(fromCents: cents)) == .success(cents))
    }

    @Test("A shown negative amount or zero reads back as not sendable", arguments: ["en_US", "nl_NL", "de_DE", "fr_FR"], [
        0, -1, -1234, Int.min,
    ])
    func negativeRoundTrip(identifier: String, cents: Int) {
        let format = Self.format(identifier)
        #expect(format.cents(from: format.string(fromCents: cents)) == .failure(.notPositive))
    }

    // MARK: Telling the user

    @Test("Every error tells the user in a sentence what was wrong and what to do", arguments: AmountError.allCases)
    func errorsAreSentences(error: AmountError) {
        for format in [Self.enUS, Self.nlNL, Self.deDE, Self.frFR] {
            let message = error.message(in: format)
            #expect(message.count > 10)
            #expect(message.first?.isUppercase == true)
            #expect(message.hasSuffix("."))
        }
        #expect(!error.description.isEmpty)
    }

    @Test("\"Not a number\" shows the text and the locale's decimal separator")
    func notANumberExplainsTheSeparator() {
        #expect(AmountError.notANumber.message(for: "12a", in: Self.enUS)
            == "\"12a\" is not an amount: type digits, with . for cents, as in 12.34.")
        #expect(AmountError.notANumber.message(in: Self.nlNL)
            == "That is not an amount: type digits, with , for cents, as in 12,34.")
    }

    // MARK: The sample's extensions

    @Test("The sample's moneyAmount and amount are exact in the default format")
    func sampleExtensionsAreExact() {
        #expect(543201.moneyAmount == "€ 5,432.01")
        #expect((-1234).moneyAmount == "-€ 12.34")
        #expect("0.29".amount == 29)
        #expect("abc".amount == nil)
        #expect("0".amount == nil)
    }

    @Test("The active format can be read from any task at once")
    func currentIsReadableConcurrently() async {
        let formats = await withTaskGroup(of: MoneyFormat.self) { group in
            for _ in 0..<50 { group.addTask { MoneyFormat.current } }
            return await group.reduce(into: [MoneyFormat]()) { $0.append($1) }
        }
        #expect(formats.count == 50)
        #expect(Set(formats.map(\.locale.identifier)).count == 1)
    }
}
