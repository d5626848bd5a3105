import Navigation

/// The behaviours a behaviours file declares, said one per flag, for a storyboard with one or two:
///
///     --performs FirstViewController.showSecond:=toSecond
///     --unwinds 'FirstViewController.backToFirst:=statusLabel.text=Welcome back'
///     --prepares 'FirstViewController.toDetail=messageLabel.text=Sent from tab 1'
///     --compact-substitute showOptions=OptionsNavigation
///     --appears HomeViewController=embedFirst
///     --selects ListViewController=showDetail
///
/// A class may be one scene of it, `CLASS#SCENE` (its Storyboard ID or Interface Builder id), as
/// in `--performs 'QuestionViewController#q1.next:=toQ2'`. Each value read here is named in
/// messages with its flag (`file` of what it declares).
public enum BehaviourFlags {
    public static let performsForm = "CLASS.ACTION=SEGUE_ID, as in --performs FirstViewController.showSecond:=toSecond"
    public static let unwindsForm = "CLASS.ACTION=OUTLET.PROPERTY=VALUE, as in --unwinds 'FirstViewController.backToFirst:=statusLabel.text=Welcome back'"
    public static let preparesForm = "CLASS.SEGUE_ID=OUTLET.PROPERTY=VALUE, as in --prepares 'FirstViewController.toDetail=messageLabel.text=Hello'"
    public static let pagesForm = "CLASS=STORYBOARD_ID,…, as in --pages TourViewController=Welcome,Features"
    public static let compactForm = "SEGUE_ID=STORYBOARD_ID, as in --compact-substitute showOptions=OptionsNavigation"
    public static let appearsForm = "CLASS=SEGUE_ID, as in --appears HomeViewController=embedFirst"
    public static let selectsForm = "CLASS=SEGUE_ID, as in --selects ListViewController=showDetail"
    public static let canPerformForm = "CLASS.ACTION=true|false, as in --can-perform 'QuestionViewController#q2.exitToQuizStart:=false'"
    public static let sheetForm = "CLASS=ITEM,…, each item modalInPresentation, shouldDismiss=false, didAttemptToDismiss=alert:TITLE or "
        + "=perform:SEGUE_ID, didDismiss=perform:SEGUE_ID, as in --sheet 'AmountViewController=modalInPresentation,didAttemptToDismiss=alert:Discard changes?'"

    /// `--can-perform CLASS.ACTION=true|false`: an override of canPerformUnwindSegueAction.
    public static func canPerform(_ value: String) throws(BehaviourFormError) -> StandInBehaviours {
        let (key, action, answer) = try split(value, form: canPerformForm)
        guard let flag = View.bool(answer) else { throw BehaviourFormError("\"\(value)\" is not \(canPerformForm)") }
        var behaviours = StandInBehaviours()
        behaviours.classes[key, default: .init()].canPerform[BehavioursFile.unwindSelector(action)] = .init(flag, file: "--can-perform \(value)")
        return behaviours
    }

    /// `--sheet CLASS=ITEM,…`: what the scene's code does about the user's pull-down of its sheet.
    public static func sheet(_ value: String) throws(BehaviourFormError) -> StandInBehaviours {
        let parts = value.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, let key = StandInBehaviours.Key(parts[0]) else { throw BehaviourFormError("\"\(value)\" is not \(sheetForm)") }
        var sheet = StandInBehaviours.SheetBehaviour()
        for item in parts[1].split(separator: ",").map({ String($0.drop { $0 == " " }) }) where !item.isEmpty {
            let pair = item.split(separator: "=", maxSplits: 1).map(String.init)
            func reaction() throws(BehaviourFormError) -> StandInBehaviours.SheetBehaviour.Reaction {
                guard pair.count == 2 else { throw BehaviourFormError("\"\(item)\" in \"\(value)\" needs =alert:TITLE or =perform:SEGUE_ID") }
                if pair[1].hasPrefix("alert:"), pair[1].count > 6 { return .alert(String(pair[1].dropFirst(6))) }
                if pair[1].hasPrefix("perform:"), pair[1].count > 8 { return .perform(String(pair[1].dropFirst(8))) }
                throw BehaviourFormError("\"\(item)\" in \"\(value)\" is not alert:TITLE or perform:SEGUE_ID")
            }
            switch pair[0] {
            case "modalInPresentation": sheet.isModalInPresentation = pair.count == 1 || View.bool(pair[1]) == true
            case "shouldDismiss": sheet.shouldDismiss = pair.count == 1 || View.bool(pair[1]) == true
            case "didAttemptToDismiss": sheet.didAttemptToDismiss = try reaction()
            case "didDismiss": sheet.didDismiss = try reaction()
            default: throw BehaviourFormError("\"\(item)\" in \"\(value)\" is not an item of \(sheetForm)")
            }
        }
        var behaviours = StandInBehaviours()
        behaviours.classes[key, default: .init()].sheet = .init(sheet, file: "--sheet \(value)")
        return behaviours
    }

    /// `--performs CLASS.ACTION=SEGUE_ID`
    public static func performs(_ value: String) throws(BehaviourFormError) -> StandInBehaviours {
        let (className, action, segue) = try split(value, form: performsForm)
        var behaviours = StandInBehaviours()
        behaviours.classes[className, default: .init()].performs[Selector(action)] = .init(segue, file: "--performs \(value)")
        return behaviours
    }

    /// `--unwinds CLASS.ACTION=OUTLET.PROPERTY=VALUE`
    public static func unwinds(_ value: String) throws(BehaviourFormError) -> StandInBehaviours {
        let (className, action, rest) = try split(value, form: unwindsForm)
        let change = try change(rest, in: value, form: unwindsForm)
        var behaviours = StandInBehaviours()
        behaviours.classes[className, default: .init()].unwinds[BehavioursFile.unwindSelector(action)] = .init([change], file: "--unwinds \(value)")
        return behaviours
    }

    /// `--prepares CLASS.SEGUE_ID=OUTLET.PROPERTY=VALUE`
    public static func prepares(_ value: String) throws(BehaviourFormError) -> StandInBehaviours {
        let (className, identifier, rest) = try split(value, form: preparesForm)
        let change = try change(rest, in: value, form: preparesForm)
        var behaviours = StandInBehaviours()
        behaviours.classes[className, default: .init()].prepares[identifier] = .init([change], file: "--prepares \(value)")
        return behaviours
    }

    /// `--pages CLASS=STORYBOARD_ID,…`
    public static func pages(_ value: String) throws(BehaviourFormError) -> StandInBehaviours {
        let parts = value.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, let key = StandInBehaviours.Key(parts[0]) else { throw BehaviourFormError("\"\(value)\" is not \(pagesForm)") }
        let identifiers = parts[1].split(separator: ",").map { String($0.filter { $0 != " " }) }.filter { !$0.isEmpty }
        guard !identifiers.isEmpty else { throw BehaviourFormError("\"\(value)\" names no page; write \(pagesForm)") }
        var behaviours = StandInBehaviours()
        behaviours.classes[key, default: .init()].pages = .init(identifiers, file: "--pages \(value)")
        return behaviours
    }

    /// `--appears CLASS=SEGUE_ID`
    public static func appears(_ value: String) throws(BehaviourFormError) -> StandInBehaviours {
        let (key, segue) = try classAndSegue(value, form: appearsForm)
        var behaviours = StandInBehaviours()
        behaviours.classes[key, default: .init()].appears = .init(segue, file: "--appears \(value)")
        return behaviours
    }

    /// `--selects CLASS=SEGUE_ID`
    public static func selects(_ value: String) throws(BehaviourFormError) -> StandInBehaviours {
        let (key, segue) = try classAndSegue(value, form: selectsForm)
        var behaviours = StandInBehaviours()
        behaviours.classes[key, default: .init()].selects = .init(segue, file: "--selects \(value)")
        return behaviours
    }

    private static func classAndSegue(_ value: String, form: String) throws(BehaviourFormError) -> (StandInBehaviours.Key, String) {
        let parts = value.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, !parts[1].isEmpty else { throw BehaviourFormError("\"\(value)\" is not \(form)") }
        guard let key = StandInBehaviours.Key(parts[0]) else {
            throw BehaviourFormError("\"\(parts[0])\" is not a class name, or CLASS#SCENE; write \(form)")
        }
        return (key, parts[1])
    }

    /// `--compact-substitute SEGUE_ID=STORYBOARD_ID`
    public static func compactSubstitute(_ value: String) throws(BehaviourFormError) -> StandInBehaviours {
        let parts = value.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw BehaviourFormError("\"\(value)\" is not \(compactForm)")
        }
        var behaviours = StandInBehaviours()
        behaviours.compactSubstitutes[parts[0]] = .init(parts[1], file: "--compact-substitute \(value)")
        return behaviours
    }

    /// Every flag's behaviours together; a later flag about the same unwind or prepare adds its
    /// change to the earlier ones, and about the same action or segue replaces it.
    public static func combined(_ all: [StandInBehaviours]) -> StandInBehaviours {
        var combined = StandInBehaviours()
        for behaviours in all {
            for (name, declared) in behaviours.classes {
                var mine = combined.classes[name, default: .init()]
                let unwinds = mine.unwinds.merging(declared.unwinds) { .init($0.value + $1.value, file: $0.file) }
                let prepares = mine.prepares.merging(declared.prepares) { .init($0.value + $1.value, file: $0.file) }
                mine = mine.merging(declared)
                mine.unwinds = unwinds
                mine.prepares = prepares
                combined.classes[name] = mine
            }
            combined.compactSubstitutes.merge(behaviours.compactSubstitutes) { $1 }
        }
        return combined
    }

    /// `CLASS.NAME=REST` (or `CLASS#SCENE.NAME=REST`) → the class, the name, and what follows
    /// the first `=`.
    private static func split(_ value: String, form: String) throws(BehaviourFormError) -> (StandInBehaviours.Key, String, String) {
        let sides = value.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard sides.count == 2, let dot = sides[0].firstIndex(of: ".") else {
            throw BehaviourFormError("\"\(value)\" is not \(form)")
        }
        let className = sides[0][..<dot], name = sides[0][sides[0].index(after: dot)...]
        guard let key = StandInBehaviours.Key(className) else {
            throw BehaviourFormError("\"\(className)\" is not a class name, or CLASS#SCENE; write \(form)")
        }
        guard !name.isEmpty, !sides[1].isEmpty else { throw BehaviourFormError("\"\(value)\" is not \(form)") }
        return (key, String(name), String(sides[1]))
    }

    private static func change(_ text: String, in value: String, form: String) throws(BehaviourFormError) -> OutletChange {
        let sides = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard sides.count == 2 else { throw BehaviourFormError("\"\(value)\" sets nothing: write \(form)") }
        switch BehavioursFile.change(keyPath: String(sides[0]), value: String(sides[1])) {
        case .success(let change): return change
        case .failure(let error): throw error
        }
    }
}
