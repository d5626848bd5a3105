/// What an unwind is about while its destination is searched, as `UIStoryboardUnwindSegueSource`.
@MainActor
public struct UnwindSegueSource {
    public let sourceViewController: ViewController
    public let unwindAction: Selector
    public let sender: Any?
}
