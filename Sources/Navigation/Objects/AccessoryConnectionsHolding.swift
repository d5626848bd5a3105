/// A control with a second set of connections fired by its accessory rather than by selecting
/// it: a cell's segue with `trigger="accessoryAction"` runs from its detail button, not its row.
@MainActor
public protocol AccessoryConnectionsHolding: AnyObject {
    var accessoryConnections: Connections { get }
}
