extension MoneyFormat {
    /// The format amounts are shown and typed in, read by `Int.moneyAmount` and `String.amount`
    /// as the sample's formatter extensions do. A task-local value rather than a global: the
    /// `wallet` command binds it for the whole run (`--locale`), and tests running in parallel
    /// each bind their own without seeing one another's.
    @TaskLocal public static var current: MoneyFormat = .default
}
