@testable import Navigation
import Testing

/// An observer that acts on an event (an app presenting an alert for an error) makes events of
/// its own; every observer, whenever it was added, sees them after the event that caused them.
@MainActor
@Suite("Observers see events in the order they happened")
struct ObserverOrderTests {
    @Test("An observer added after one that presents on an error sees the error before the presentation", arguments: [false, true])
    func causeBeforeEffect(recorderFirst: Bool) {
        let window = Window()
        let root = ViewController()
        window.rootViewController = root
        window.makeKeyAndVisible()
        var seen: [String] = []
        let record: Window.Observer = { event in
            switch event {
            case .programmingError: seen.append("error")
            case .transition(.present): seen.append("present")
            default: break
            }
        }
        let presentOnError: Window.Observer = { event in
            if case .programmingError = event { root.present(ViewController(), animated: false) }
        }
        if recorderFirst {
            window.addObserver(record)
            window.addObserver(presentOnError)
        } else {
            window.addObserver(presentOnError)
            window.addObserver(record)
        }

        window.report("a mistake")

        #expect(seen == ["error", "present"])
        #expect(window.topViewController !== root)
    }
}
