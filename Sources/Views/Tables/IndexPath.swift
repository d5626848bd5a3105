/// A row in a section, as UIKit's table views name one: Foundation's `IndexPath` with UIKit's `row`
/// and `section`, without Foundation (which would be linked for this alone, about 20 MB of
/// resident memory). Ordered as Foundation orders index paths: by section, then row.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var row: Int

    public init(row: Int, section: Int) {
        self.row = row
        self.section = section
    }

    public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }

    /// As Foundation prints one: `[0, 3]`.
    public var description: String { "[\(section), \(row)]" }
}
