import Synchronization

extension MoneyFormat {
    /// The app's active format, chosen once at launch by `--locale`; `default` until then.
    ///
    /// Held in a `Mutex` so that it can be read from any isolation (the UI, tests running in parallel,
    /// `Int.moneyAmount` from anywhere) without data races under Swift 6 strict concurrency.
    public static var current: MoneyFormat { currentStorage.withLock { $0 } }

    /// Makes `format` the app's active format. Meant to be called once, at launch.
    public static func setCurrent(_ format: MoneyFormat) {
        currentStorage.withLock { $0 = format }
    }

    private static let currentStorage = Mutex(MoneyFormat.default)
}
