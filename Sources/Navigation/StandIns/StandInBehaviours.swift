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
        /// The segue the scene performs the first time it appears: `performSegue` called from
        /// `viewDidLoad` or `viewDidAppear` (a custom container that embeds its first child in
        /// code), with the controller as sender.
        public var appears: Declared<String>?
        /// The segue a row of the scene's table performs when it is selected: `performSegue`
        /// called from `tableView(_:didSelectRowAt:)`, with the cell as sender.
        public var selects: Declared<String>?
        /// A custom container's `allowedChildrenForUnwinding(from:)`: its children of these
        /// classes, in this order (the child that contains the source left out, as UIKit's
        /// default does); an empty list searches no child.
        public var allowedChildrenForUnwinding: Declared<[String]>?
        /// An override of `canPerformUnwindSegueAction`: its answer for each action named (Apple's
        /// quiz answers false on every question but the first). The trace then says "its
        /// canPerformUnwindSegueAction returns false", never "no such action".
        public var canPerform: [Selector: Declared<Bool>] = [:]
        /// What the scene's code does about its sheet being pulled down (rule 29).
        public var sheet: Declared<SheetBehaviour>?
        /// Where the class's own name was written (a file's `classes:` key), for a problem with
        /// the class itself (issue 47: a typo in a class name on line 2 was reported at line 4).
        public var declaredAt: Declared<String>?

        public init() {}

        /// These, with `other`'s where both say something of the same action, segue or kind.
        public func merging(_ other: ClassBehaviours) -> ClassBehaviours {
            var merged = self
            merged.performs.merge(other.performs) { $1 }
            merged.unwinds.merge(other.unwinds) { $1 }
            merged.prepares.merge(other.prepares) { $1 }
            merged.pages = other.pages ?? pages
            merged.appears = other.appears ?? appears
            merged.selects = other.selects ?? selects
            merged.allowedChildrenForUnwinding = other.allowedChildrenForUnwinding ?? allowedChildrenForUnwinding
            merged.canPerform.merge(other.canPerform) { $1 }
            merged.sheet = other.sheet ?? sheet
            merged.declaredAt = declaredAt ?? other.declaredAt
            return merged
        }
    }

    /// What a scene's code says of the sheet it is shown in, for the user's pull-down (rule 29):
/// `isModalInPresentation`, the delegate's answer to `presentationControllerShouldDismiss`, and
/// what its `presentationControllerDidAttemptToDismiss` and `presentationControllerDidDismiss` do.
public struct SheetBehaviour: Sendable, Equatable {
    /// What a delegate method does: perform a segue of the scene, or present an alert whose
    /// destructive button ("Discard Changes") dismisses the sheet and whose other keeps it.
    public enum Reaction: Sendable, Equatable {
        case perform(String)
        case alert(String)
    }

    public var isModalInPresentation = false
    public var shouldDismiss = true
    public var didAttemptToDismiss: Reaction?
    public var didDismiss: Reaction?

    public init(isModalInPresentation: Bool = false, shouldDismiss: Bool = true, didAttemptToDismiss: Reaction? = nil, didDismiss: Reaction? = nil) {
        self.isModalInPresentation = isModalInPresentation
        self.shouldDismiss = shouldDismiss
        self.didAttemptToDismiss = didAttemptToDismiss
        self.didDismiss = didDismiss
    }

    /// The segues the reactions perform.
    public var segues: [String] {
        [didAttemptToDismiss, didDismiss].compactMap { if case .perform(let identifier)? = $0 { identifier } else { nil } }
    }
}

/// A key of `classes`: a class (`QuestionViewController`), for every scene of that class, or
    /// one scene of it (`QuestionViewController#q1`), by its Storyboard ID or Interface Builder id,
    /// as UIKit asks each instance and the trace names a scene when several share a class.
    public struct Key: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
        public let className: String
        public let scene: String?

        public init(className: String, scene: String? = nil) {
            self.className = className
            self.scene = scene
        }

        /// `CLASS` or `CLASS#SCENE`; nil when either part is not a name.
        public init?(_ text: some StringProtocol) {
            let parts = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts.first, Self.isClassName(name) else { return nil }
            className = String(name)
            guard parts.count == 2 else {
                scene = nil
                return
            }
            guard Self.isSceneName(parts[1]) else { return nil }
            scene = String(parts[1])
        }

        /// `"QuestionViewController"`, `"QuestionViewController#q1"`, as code names one.
        public init(stringLiteral text: String) {
            self = Key(text) ?? Key(className: text)
        }

        public var description: String { scene.map { "\(className)#\($0)" } ?? className }

        public static func < (a: Key, b: Key) -> Bool { (a.className, a.scene ?? "") < (b.className, b.scene ?? "") }

        /// Letters, digits and `_`, not starting with a digit: a Swift name (a class's, an outlet's).
        public static func isClassName(_ text: some StringProtocol) -> Bool {
            guard let first = text.first, first.isLetter || first == "_" else { return false }
            return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        }

        /// A Storyboard ID or an Interface Builder id (`BYZ-38-t0r`): no blank, `.`, `=`, `#` or `,`.
        static func isSceneName(_ text: some StringProtocol) -> Bool {
            !text.isEmpty && !text.contains { $0.isWhitespace || ".=#,:".contains($0) }
        }
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

    /// By the class name the storyboard uses, without its module, or by one scene of it.
    public var classes: [Key: ClassBehaviours] = [:]
    /// A segue's identifier → the Storyboard ID of the scene presented instead in a compact width,
    /// as a presentation controller's delegate substitutes one
    /// (`presentationController(_:viewControllerForAdaptivePresentationStyle:)`), typically a
    /// navigation controller with a Done button around a popover's content. Decided when the
    /// segue is performed.
    public var compactSubstitutes: [String: Declared<String>] = [:]

    public init() {}

    public var isEmpty: Bool { classes.isEmpty && compactSubstitutes.isEmpty }

    /// Whether a behaviour of the class, or of its scene by one of `names` (Storyboard ID, id),
    /// performs the segue `identifier`: an action, the scene's appearance or a row's selection.
    public func performs(_ identifier: String, inSceneOf className: String, named names: [String?]) -> Bool {
        let keys = [Key(className: className)] + names.compactMap { $0 }.map { Key(className: className, scene: $0) }
        return keys.compactMap { classes[$0] }.contains { declared in
            declared.performs.values.contains { $0.value == identifier } || declared.appears?.value == identifier
                || declared.selects?.value == identifier || declared.sheet?.value.segues.contains(identifier) == true
        }
    }

    /// These and `other`'s; where both say something of the same class and action, segue or
    /// identifier, `other`'s wins (flags after a file).
    public func merging(_ other: StandInBehaviours) -> StandInBehaviours {
        var merged = self
        for (key, behaviours) in other.classes {
            merged.classes[key] = merged.classes[key, default: ClassBehaviours()].merging(behaviours)
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
