import Foundation

extension IndexPath {
    /// A row in a section, as UIKit adds to Foundation's index paths.
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    public var section: Int { self[0] }
    public var row: Int { self[1] }
}
