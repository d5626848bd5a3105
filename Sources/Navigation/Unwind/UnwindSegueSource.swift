/// What an unwind is about while its destination is searched, as `UIStoryboardUnwindSegueSource`.
@MainActor
public struct UnwindSegueSource {
    public let sourceViewController: ViewController
    public let unwindAction: Selector
    public let sender: Any?
    /// The source's way up, kept by the search that asks: `childContaining(_:)` reads it.
    var path: UnwindPath?
}
