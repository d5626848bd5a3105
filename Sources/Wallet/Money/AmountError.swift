/// Why a text typed on the Amount screen is not an amount that can be sent.
///
/// The cases carry no text so that callers can compare them (`== .notANumber`); `message(for:in:)`
/// builds the sentence for the user with the typed text and the locale's decimal separator.
public enum AmountError: Error, Equatable, Sendable, CaseIterable, CustomStringConvertible {
    /// Nothing was typed (or only spaces, or only the symbol).
    case empty
    /// The text is not a number in the active locale: letters, misplaced separators, exponents, ...
    case notANumber
    /// Zero or negative: only an amount above zero can be sent.
    case notPositive
    /// More than two decimals: cents are the smallest unit.
    case tooManyDecimals
    /// More cents than an `Int` can hold.
    case tooLarge

    /// The sentence for the user in the app's active format (`MoneyFormat.current`).
    public var description: String { message(in: MoneyFormat.current) }

    /// A sentence for the user saying what was wrong and what to do. Examples use `format`'s decimal
    /// separator, so a user of nl_NL is told to type `12,34` and one of en_US `12.34`.
    public func message(for text: String? = nil, in format: MoneyFormat) -> String {
        switch self {
        case .empty:
            return "Enter an amount to send."
        case .notANumber:
            let separator = format.notation.decimalSeparator
            let what = text.map { "\"\($0)\" is" } ?? "That is"
            return "\(what) not an amount: type digits, with \(separator) for cents, as in 12\(separator)34."
        case .notPositive:
            return "Enter an amount above zero."
        case .tooManyDecimals:
            return "Use at most two decimals (cents)."
        case .tooLarge:
            return "That amount is too large: enter a smaller one."
        }
    }
}
