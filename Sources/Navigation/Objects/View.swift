/// A node of a view hierarchy, as a storyboard describes it: subviews in order, and the
/// connections a control fires. The engine needs no more of a view than this; the views layer
/// subclasses it to draw labels, buttons and tables.
@MainActor
open class View {
    public private(set) var subviews: [View] = []
    public private(set) weak var superview: View?
    open var isHidden = false { didSet { if isHidden != oldValue { setNeedsDisplay() } } }
    public var tag = 0
    /// How strongly the view keeps to its own width in a row; the view with the lowest priority
    /// takes the room left over, as in a UIKit stack view. Interface Builder writes 251 on labels.
    public var horizontalHuggingPriority: Float = 250 {
        didSet { if horizontalHuggingPriority != oldValue { setNeedsDisplay() } }
    }
    /// The Interface Builder id of the object this view was made from, for messages.
    public internal(set) var storyboardID: String?
    /// Target-actions and segues connected to this view in the storyboard.
    public let connections = Connections()
    /// The tap gesture recognizers attached to it, which fire in its place.
    public internal(set) var gestureRecognizers: [TapGestureRecognizer] = []
    /// The controller whose root view this is.
    public internal(set) weak var owningViewController: ViewController?

    public init() {}

    // MARK: Display

    /// Counted up by `setNeedsDisplay()` on the view and on every view above it: a renderer
    /// that kept what a view drew with the count of the view's root (and the root itself,
    /// weakly) knows, by comparing counts, that nothing below that root changed since.
    public private(set) var displayGeneration = 0
    /// The view that draws this one without holding it as a subview, as a table draws its rows'
    /// cells: `setNeedsDisplay()` stamps it as it stamps a superview, so a cell changed in code
    /// (its accessory, a label in it) is a change of the table.
    public weak var drawingSuperview: View?

    /// As UIKit's: what the view draws changed (a label's text, a button's title, a table's
    /// rows), so whatever kept its drawing draws it again. Every setter of something drawn calls it.
    public func setNeedsDisplay() {
        var view: View? = self
        while let current = view {
            current.displayGeneration &+= 1
            view = current.superview ?? current.drawingSuperview
        }
    }

    /// Reads the attributes of the storyboard element the view was made from. Subclasses read
    /// what they draw (a label's text, a button's title) and call super.
    open func decode(from coder: StoryboardCoder) {
        isHidden = coder.bool("hidden") ?? false
        tag = coder.int("tag") ?? 0
        horizontalHuggingPriority = coder.double("horizontalHuggingPriority").map(Float.init) ?? horizontalHuggingPriority
    }

    /// Sets a property by its Swift name from text, as `setValue(_:forKey:)` does with a value:
    /// what a storyboard's declared behaviours change (`wallet storyboard run --behaviours`).
    /// False when the view has no such property or the text is no value of it. Subclasses add
    /// their properties and call super.
    open func setValue(_ value: String, forKey key: String) -> Bool {
        guard key == "isHidden", let hidden = Self.bool(value) else { return false }
        isHidden = hidden
        return true
    }

    /// `true`, `false`, `YES` or `NO`, as YAML and Interface Builder write a Boolean.
    nonisolated public static func bool(_ text: String) -> Bool? {
        switch text {
        case "true", "YES": true
        case "false", "NO": false
        default: nil
        }
    }

    /// Called once the storyboard has connected every outlet of the object graph.
    open func awakeFromNib() {}

    open func addSubview(_ view: View) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
        setNeedsDisplay()
    }

    /// Puts `view` right after `sibling` among the subviews, which is also where it is laid out;
    /// at the end when `sibling` is not a subview.
    open func insertSubview(_ view: View, aboveSubview sibling: View) {
        guard view !== sibling else { return }
        view.removeFromSuperview()
        let index = subviews.firstIndex { $0 === sibling }.map { $0 + 1 } ?? subviews.endIndex
        subviews.insert(view, at: index)
        view.superview = self
        setNeedsDisplay()
    }

    /// Adds a view the storyboard gives under a key, such as a table's `tableHeaderView` or a
    /// cell's `contentView`. Plain views take it as a subview.
    open func addSubview(_ view: View, forKey key: String) {
        addSubview(view)
    }

    open func removeFromSuperview() {
        guard let superview else { return }
        superview.setNeedsDisplay()
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
    }

    /// The controller that owns this view or the nearest view above it.
    public var viewController: ViewController? {
        var view: View? = self
        while let current = view {
            if let owner = current.owningViewController { return owner }
            view = current.superview
        }
        return nil
    }

    /// This view and every view below it, depth first, in subview order.
    public var allViews: [View] { [self] + subviews.flatMap(\.allViews) }

    /// Fires the control's connections with the view as sender.
    public func sendActions() { connections.fire(sender: self) }
}
