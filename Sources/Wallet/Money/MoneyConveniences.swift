extension Int {
    /// The sample's `moneyAmount`, but exact: no Float in between. The sample's
    /// `NSNumber(value: Float(self) / 100)` loses cents above about 167,772.16 euros
    /// (Float has 24 bits of precision); this formats every `Int` exactly, in `MoneyFormat.current`.
    public var moneyAmount: String { MoneyFormat.current.string(fromCents: self) }
}

extension String {
    /// The sample's `amount`, but exact: "0.29" is 29 cents, where the sample's `Int(double * 100)` gives 28.
    /// `nil` for anything that is not an amount above zero in `MoneyFormat.current`; use
    /// `MoneyFormat.cents(from:)` to learn why.
    public var amount: Int? { try? MoneyFormat.current.cents(from: self).get() }
}
