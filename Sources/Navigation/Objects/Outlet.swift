/// An outlet the storyboard connects by name, as `@IBOutlet weak var` does in UIKit.
///
///     @Outlet var amountLabel: Label!
///
/// The storyboard finds outlets with `Mirror`, so a class declares them and nothing else. Outlets
/// hold their object weakly, like the sample's: the view hierarchy owns the views.
@propertyWrapper
public final class Outlet<Value> {
    private weak var object: AnyObject?

    public init() {}
    public init(wrappedValue: Value?) { object = wrappedValue as AnyObject? }

    public var wrappedValue: Value? {
        get { object as? Value }
        set { object = newValue as AnyObject? }
    }
}

/// What the storyboard sees of an outlet: its type, and a way to connect it.
protocol OutletConnection: AnyObject {
    var valueTypeName: String { get }
    func connect(_ object: AnyObject) -> Bool
}

extension Outlet: OutletConnection {
    var valueTypeName: String { String(describing: Value.self) }

    func connect(_ candidate: AnyObject) -> Bool {
        guard candidate is Value else { return false }
        object = candidate
        return true
    }
}

enum Outlets {
    /// The outlets an object declares with `@Outlet`, by property name, its superclasses' included.
    static func of(_ object: AnyObject) -> [String: OutletConnection] {
        var outlets: [String: OutletConnection] = [:]
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children {
                guard let label = child.label, let outlet = child.value as? OutletConnection else { continue }
                let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
                if outlets[name] == nil { outlets[name] = outlet }
            }
            mirror = current.superclassMirror
        }
        return outlets
    }
}
