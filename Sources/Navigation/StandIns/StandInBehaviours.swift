/// What a storyboard's Swift side does, said without code (`wallet storyboard run --behaviours`,
/// `--performs`…): the few things public storyboards rely on their code for, each done by the
/// stand-in of the class that would have run it. Nothing here executes code: each behaviour is
/// one of four shapes, checked against the storyboard before anything runs.
public struct StandInBehaviours: Sendable {
    /// The behaviours of the stand-ins for one class of the storyboard.
    public struct ClassBehaviours: Sendable {
        /// An action a control sends (an `IBAction`) → the segue it performs with
        /// `performSegue(withIdentifier:sender:)`, the sender being the control.
        public var performs: [Selector: Declared<String>] = [:]
        /// An unwind action this class implements → what it changes in its own outlets when the
        /// unwind reaches it (an `@IBAction func unwindToFirst(_ segue:)` that sets a label).
        public var unwinds: [Selector: Declared<[OutletChange]>] = [:]
        /// A segue's identifier → what `prepare(for:sender:)` changes in the destination's outlets.
        /// Applied when the destination's view has loaded, as code that keeps the value in a
        /// property and sets the label in `viewDidLoad` does: in UIKit an outlet is nil before.
        public var prepares: [String: Declared<[OutletChange]>] = [:]
        /// A page view controller's pages, by Storyboard ID, in order: what its data source's
        /// `viewControllerAfter` would have returned, one after the other.
        public var pages: Declared<[String]>?

        public init() {}
    }

    /// A value and where it was said: a file's line and column (`Tabs.behaviours.yaml:12:5`), or a
    /// flag and its value with no line (`--performs FirstViewController.next:=toSecond`).
    public struct Declared<Value: Sendable>: Sendable {
        public let value: Value
        public let file: String
        public let line: Int
        public let column: Int
        public init(_ value: Value, file: String, line: Int = 0, column: Int = 0) {
            self.value = value
            self.file = file
            self.line = line
            self.column = column
        }
    }

    /// By the class name the storyboard uses, without its module.
    public var classes: [String: ClassBehaviours] = [:]
    /// A segue's identifier → the Storyboard ID of the scene presented instead in a compact width,
    /// as a presentation controller's delegate substitutes one
    /// (`presentationController(_:viewControllerForAdaptivePresentationStyle:)`), typically a
    /// navigation controller with a Done button around a popover's content. Decided when the
    /// segue is performed.
    public var compactSubstitutes: [String: Declared<String>] = [:]

    public init() {}

    public var isEmpty: Bool { classes.isEmpty && compactSubstitutes.isEmpty }

    /// These and `other`'s; where both say something of the same class and action, segue or
    /// identifier, `other`'s wins (flags after a file).
    public func merging(_ other: StandInBehaviours) -> StandInBehaviours {
        var merged = self
        for (name, behaviours) in other.classes {
            var mine = merged.classes[name, default: ClassBehaviours()]
            mine.performs.merge(behaviours.performs) { $1 }
            mine.unwinds.merge(behaviours.unwinds) { $1 }
            mine.prepares.merge(behaviours.prepares) { $1 }
            mine.pages = behaviours.pages ?? mine.pages
            merged.classes[name] = mine
        }
        merged.compactSubstitutes.merge(other.compactSubstitutes) { $1 }
        return merged
    }
}

/// One change to the view an outlet holds: `statusLabel.text = "Welcome back"`, or
/// `doneLabel.isHidden = false`. For an outlet collection, each view of it changes.
public struct OutletChange: Sendable, Equatable {
    public let outlet: String
    /// The property, by its Swift name: `text`, `title`, `isHidden`, `isEnabled`, `placeholder`.
    public let property: String
    public let value: String

    public init(outlet: String, property: String, value: String) {
        self.outlet = outlet
        self.property = property
        self.value = value
    }

    /// `statusLabel.text`
    public var keyPath: String { "\(outlet).\(property)" }
}
