/// The name of a type as Swift writes it without its module (`WalletViewController`,
/// `Outlet<Label>`): what storyboards, traces and messages call a class.
///
/// `String(describing:)` of a type gives the same text, but first asks whether the metatype
/// conforms to `CustomStringConvertible` and three other printing protocols; the first such
/// question about a type scans every conformance record of every loaded library (about a
/// million instructions a class at launch). `_typeName` goes straight to the runtime's type
/// printer, which renders each type once and keeps the text for the life of the process
/// (`swift_getTypeName`'s cache, keyed by the type's metadata, which is never freed): a class's
/// name is computed once per class, and every later call copies it.
public func typeName(_ type: Any.Type) -> String {
    _typeName(type, qualified: false)
}
