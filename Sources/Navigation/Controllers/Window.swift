/// The window that shows a root controller and everything presented over it. Observers see
/// every step of navigation in it.
@MainActor
public final class Window {
    public typealias Observer = @MainActor (NavigationEvent) -> Void

    private var observers: [Int: Observer] = [:]
    private var nextObserver = 0

    public init() {}

    public var rootViewController: ViewController? {
        didSet {
            oldValue?.installedWindow = nil
            rootViewController?.installedWindow = self
            rootViewController?.lastWindow = self
        }
    }

    /// Shows the root controller: it and its visible children appear.
    public func makeKeyAndVisible() {
        guard let root = rootViewController else { return }
        root.beginAppearanceTransition(true, animated: false)
        root.endAppearanceTransition(animated: false)
    }

    /// The controllers on screen from the bottom up: the root, then each presentation.
    public var presentationStack: [ViewController] {
        guard let root = rootViewController else { return [] }
        return [root] + root.presentationsAbove
    }

    /// The controller at the top of the presentation stack, which receives the keys.
    public var topViewController: ViewController? { presentationStack.last }

    /// Registers an observer of every navigation event; returns a token for `removeObserver`.
    @discardableResult
    public func addObserver(_ observer: @escaping Observer) -> Int {
        nextObserver += 1
        observers[nextObserver] = observer
        return nextObserver
    }

    public func removeObserver(_ token: Int) { observers[token] = nil }

    func emit(_ event: NavigationEvent) {
        for key in observers.keys.sorted() { observers[key]?(event) }
    }

    /// Reports a mistake of the app's or its storyboard's, for the app to show.
    public func report(_ message: String) { emit(.programmingError(message)) }
}
