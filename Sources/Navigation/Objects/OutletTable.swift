@_spi(Reflection) import Swift

/// The outlets a class declares with `@Outlet`, by property name, its superclasses' included:
/// found once per class in the type's field records, then read from any instance at their
/// place in it, with no reflection of the instance.
///
/// A `Mirror` of every object connected (the way this began) boxed every stored property in an
/// `Any` and cast it to an outlet, and the first cast of each property type scanned every
/// protocol conformance of every loaded library: most of the storyboard's cost at launch.
@MainActor
struct OutletTable {
    /// Each outlet's byte offset in an instance, by property name.
    private let offsets: [String: Int]

    /// Reads the class's fields, its superclasses' first: an outlet a subclass declares again
    /// under the same name (a private one) is the subclass's.
    init(of type: AnyClass) {
        var offsets: [String: Int] = [:]
        _forEachField(of: type, options: Self.classType) { name, offset, fieldType, kind in
            guard kind == .class, fieldType is AnyOutlet.Type else { return true }
            // The wrapper's storage is `_name` for `@Outlet var name`.
            let label = String(cString: name)
            offsets[label.hasPrefix("_") ? String(label.dropFirst()) : label] = offset
            return true
        }
        self.offsets = offsets
    }

    /// `_EachFieldOptions.classType`, which the standard library declares as a `static var`
    /// that strict concurrency refuses to read: the option that says `type` is a class.
    private static let classType = _EachFieldOptions(rawValue: 1 << 0)

    /// The names of the outlets, sorted, for messages.
    var names: [String] { offsets.keys.sorted() }

    /// `object`'s outlet named `name`; `object` must be of the class the table was made for.
    func outlet(named name: String, of object: AnyObject) -> AnyOutlet? {
        guard let offset = offsets[name] else { return nil }
        return withExtendedLifetime(object) {
            // The field holds a reference to an `Outlet<…>`, a subclass of `AnyOutlet`: loading it
            // as one retains it, as reading the property would.
            UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()).load(fromByteOffset: offset, as: AnyOutlet.self)
        }
    }
}
