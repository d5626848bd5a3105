/// An action method that a storyboard can connect to, by its selector.
///
/// Swift on Linux has no Objective-C runtime to find `@IBAction` methods by name, so a class
/// lists them, one line each, in `actions`:
///
///     @IBAction func cancel(_ unwindSegue: StoryboardSegue) {}
///     override var actions: [Selector: Action] { ["cancel:": .unwind(cancel)] }
public enum Action {
    /// A target-action method, `@IBAction func send(_ sender: Any?)`.
    case target(@MainActor (Any?) -> Void)
    /// An unwind action, `@IBAction func cancel(_ unwindSegue: StoryboardSegue)`.
    case unwind(@MainActor (StoryboardSegue) -> Void)
}

/// An object that answers action messages by selector: view controllers, and any other object
/// a storyboard names as the target of an action.
@MainActor
public protocol ActionTarget: AnyObject {
    var actions: [Selector: Action] { get }
}

extension ActionTarget {
    /// Whether the object implements the action, as `responds(to:)` tells in UIKit.
    public func responds(to selector: Selector) -> Bool { actions[selector] != nil }
}
