@_spi(Reflection) import Swift

/// An outlet the storyboard connects by name, as `@IBOutlet weak var` does in UIKit.
///
///     @Outlet var amountLabel: Label!
///
/// The storyboard finds outlets among a class's stored properties (`OutletTable`), so a class
/// declares them and nothing else. Outlets hold their object weakly, like the sample's: the
/// view hierarchy owns the views.
@propertyWrapper
public final class Outlet<Value>: AnyOutlet {
    private weak var object: AnyObject?

    public override init() {}
    public init(wrappedValue: Value?) { object = wrappedValue as AnyObject? }

    public var wrappedValue: Value? {
        get { object as? Value }
        set { object = newValue as AnyObject? }
    }

    override var valueTypeName: String { typeName(Value.self) }

    override func connect(_ candidate: AnyObject) -> Bool {
        guard candidate is Value else { return false }
        object = candidate
        return true
    }
}

/// An outlet collection the storyboard connects by name, as `@IBOutlet var buttons: [UIButton]!`
/// does in UIKit: every object connected, in the order of the file. It holds them strongly, as
/// UIKit's array does.
///
///     @OutletCollection var digitButtons: [Button]
@propertyWrapper
public final class OutletCollection<Element>: AnyOutlet {
    private var objects: [AnyObject] = []

    public override init() {}

    public var wrappedValue: [Element] { objects.compactMap { $0 as? Element } }

    override var valueTypeName: String { "[\(typeName(Element.self))]" }
    override var isCollection: Bool { true }

    override func connect(_ candidate: AnyObject) -> Bool {
        guard candidate is Element else { return false }
        if !objects.contains(where: { $0 === candidate }) { objects.append(candidate) }
        return true
    }
}

/// What the storyboard sees of an outlet: the type it holds, and a way to connect it. A class
/// rather than a protocol, so that telling an outlet among a class's properties is a look at
/// the property type's superclasses, not a search of every library's protocol conformances.
public class AnyOutlet {
    init() {}

    /// The type the outlet holds, for messages.
    var valueTypeName: String { "" }

    /// Connects the outlet to `object` if it is of the outlet's type (for a collection, adds it).
    func connect(_ object: AnyObject) -> Bool { false }

    /// Whether it is an outlet collection, which the storyboard connects with `<outletCollection>`.
    var isCollection: Bool { false }
}
