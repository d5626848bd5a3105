/// What one run may load from storyboards in all, whatever the number of files: a folder of
/// storyboards that refer to each other, however they spell each other's paths, is read, parsed
/// and made in bounded memory and time, or refused with a message naming the limit. Each limit is
/// far above any app's storyboards (the wallet's is one file of 30 KB and 700 elements), and each was
/// chosen so that the largest a run may load is read, checked and shown within 2 s and about
/// 100 MB (issue 15's figures are in its closing note).
///
/// A single file has its own limits besides (`StoryboardParser`: 16 MiB, 250,000 elements, 256
/// elements deep).
public enum StoryboardBudget {
    /// Storyboard files open in one run: the one it starts from and those references name.
    public static let maximumFiles = 100
    /// Bytes read from storyboard files in one run.
    public static let maximumBytes = 16 << 20
    /// Elements parsed from storyboard files in one run.
    public static let maximumElements = StoryboardParser.maximumElementCount
    /// Views in one scene's view, each made (with its connections) when the scene loads. A
    /// screen of an app holds tens; a table's rows come from prototype cells, made as they show.
    public static let maximumViewsPerScene = 10_000
    /// Levels of containment: a scene holding another through a relationship (a navigation
    /// controller's root, a tab, a split view's column) or an embed segue, that one holding
    /// another, and so on, across storyboard references too. Each level is made, loaded and
    /// drawn by code that goes one call deeper a level; UIKit apps nest three or four.
    public static let maximumContainmentDepth = 64

    /// What the storyboards of a run have used so far.
    package struct Spent {
        package var files = 0
        package var bytes = 0
        package var elements = 0

        package init() {}
    }

    /// What refuses a chain of containment past `maximumContainmentDepth`: the scene it starts
    /// from and the scene found past the limit, at `place` (FILE:LINE).
    package static func containmentMessage(start: SceneObject, deepest: SceneObject, place: String) -> String {
        "\(ElementNames.described(start.elementName)) \"\(start.id ?? "")\" holds scenes more than \(maximumContainmentDepth) levels deep, through "
            + "relationship and embed segues, down to \(ElementNames.described(deepest.elementName)) \"\(deepest.id ?? "")\" (\(place)); a run nests scenes "
            + "at most \(maximumContainmentDepth) levels deep: show the deeper ones with segues instead"
    }

    /// The parser's message for an element past `maximumElements`.
    package static let elementsMessage = "this element makes more than \(maximumElements) elements in the storyboards of this run, the most a run may parse in "
        + "all, its own and those their references name"
}
