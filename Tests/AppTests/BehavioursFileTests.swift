import Navigation
import PropertyBased
import Storyboards
import StoryboardBehaviours
import Testing
import Views

/// What a storyboard author reads when a behaviours file or flag is wrong: each problem at its
/// line and column, with what is there to choose from or the nearest name; and that no file,
/// however malformed, crashes the reader.
@MainActor
@Suite("Behaviours files and flags, refused with their place")
struct BehavioursFileTests {
    private func problems(_ yaml: String) -> [String] {
        do {
            _ = try BehavioursFile.read(Array(yaml.utf8), path: "b.yaml")
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    /// The problems of a well-formed file with Tabs.storyboard, as `storyboard run` reports them.
    private func problemsWithTabs(_ yaml: String) throws -> [String] {
        let standIns = StandIns.terminal()
        standIns.behaviours = try BehavioursFile.read(Array(yaml.utf8), path: "b.yaml")
        do {
            _ = try StoryboardWithoutCode.makeWindow(contentsOfFile: BehavioursTests.tabs, standIns: standIns)
            return []
        } catch {
            return error.errors.map { $0.description.replacingOccurrences(of: BehavioursTests.tabs, with: "Tabs.storyboard") }
        }
    }

    @Test("The file's form: a key it does not take, a property the terminal does not set, a Boolean that is not one, each at its line")
    func form() {
        #expect(problems("class:\n  A: {}\n") == ["b.yaml:1: error: the file has no \"class\"; did you mean classes? it takes classes, segues"])
        #expect(problems("""
            classes:
              First:
                unwinds:
                  back:
                    label.txt: Hi
                    label.hidden: true
                    label.isHidden: maybe
                    labeltext: x
            """) == [
            "b.yaml:5: error: \"label.txt\": the terminal sets no property txt; did you mean text? it sets text, title, isHidden, isEnabled, placeholder",
            "b.yaml:6: error: \"label.hidden\": the terminal sets no property hidden; did you mean isHidden? it sets text, title, isHidden, isEnabled, placeholder",
            "b.yaml:7: error: \"label.isHidden\" is true or false, not \"maybe\"",
            "b.yaml:8: error: \"labeltext\" is not OUTLET.PROPERTY, as in statusLabel.text or doneLabel.isHidden",
        ])
        #expect(problems("classes:\n  First:\n    perform: {}\n") == [
            "b.yaml:3: error: First has no \"perform\"; did you mean performs? it takes performs, unwinds, prepares, pages, appears, selects, "
                + "allowedChildrenForUnwinding, canPerform, sheet",
        ])
    }

    @Test("A custom container's allowedChildrenForUnwinding is a list of its children's classes: another value, or a class no scene has, is said at its line")
    func allowedChildren() throws {
        #expect(problems("classes:\n  First:\n    allowedChildrenForUnwinding: Second\n") == [
            "b.yaml:3: error: First.allowedChildrenForUnwinding is a list of the children's classes, as [ActivityViewController], or [] for none, "
                + "not the text \"Second\"",
        ])
        #expect(try problemsWithTabs("classes:\n  FirstViewController:\n    allowedChildrenForUnwinding: [SecondViewControler]\n") == [
            "b.yaml:3: error: FirstViewController.allowedChildrenForUnwinding names SecondViewControler, the class of no scene of Tabs.storyboard; "
                + "did you mean \"SecondViewController\"?",
        ])
        #expect(try problemsWithTabs("classes:\n  FirstViewController:\n    allowedChildrenForUnwinding: []\n").isEmpty)
    }

    @Test("What YAML allows and a behaviours file does not: aliases, two documents, a key said twice, a list where a mapping goes, nothing at all")
    func yamlRefusals() {
        #expect(problems("classes:\n  A: &x {performs: {a: b}}\n  B: *x\n") == ["b.yaml:3: error: not YAML a behaviours file can be: an alias (*name); write the value itself where it is used"])
        #expect(problems("classes: {}\n---\nclasses: {}\n").first?.contains("a second document") == true)
        #expect(problems("classes:\n  A: {}\n  A: {}\n") == ["b.yaml:3: error: \"A\" is said twice in classes (first on line 2); say it once"])
        #expect(problems("classes:\n  - A\n") == ["b.yaml:2: error: classes is a mapping (name: value on lines of their own), not a list"])
        #expect(problems("# nothing\n").first?.hasPrefix("b.yaml: error: the file declares nothing") == true)
        #expect(problems("classes: [unclosed\n").first?.hasPrefix("b.yaml:2: error: not YAML a behaviours file can be:") == true)
    }

    @Test("Against the storyboard: a class no scene has, an action no control sends, a segue, outlet, property or Storyboard ID it has not, each with the nearest name")
    func checkedAgainstTheStoryboard() throws {
        // At the class's own line (issue 47: it was its first block's).
        #expect(try problemsWithTabs("classes:\n  FirstController:\n    performs: {sendToSecond: toSecond}\n") == [
            "b.yaml:2: error: no scene of Tabs.storyboard has the class FirstController; did you mean \"FirstViewController\"?",
        ])
        #expect(try problemsWithTabs("""
            classes:
              FirstViewController:
                performs:
                  sendToSecnd: toSecnd
                prepares:
                  toSecond:
                    messageLbl.text: Hi
                unwinds:
                  backToFirst:
                    statusLabel.title: Hi
            segues:
              toSecond:
                compact: Elsewhere
            """) == [
            "b.yaml:4: error: no control of FirstViewController's scene sends sendToSecnd; did you mean \"sendToSecond:\"?",
            "b.yaml:4: error: FirstViewController's scene has no segue with identifier \"toSecnd\", which performSegue(withIdentifier:) would trap on; "
                + "did you mean \"toSecond\"?",
            "b.yaml:7: error: the destination of \"toSecond\", SecondViewController connects no outlet \"messageLbl\"; did you mean \"messageLabel\"?",
            "b.yaml:10: error: statusLabel.title: statusLabel holds a label (line 62), which has no property title the terminal sets; it has text, isHidden",
            "b.yaml:13: error: no scene of Tabs.storyboard has the Storyboard ID \"Elsewhere\"; there are none",
        ])
    }

    @Test("A malformed flag says what is wrong and shows its form")
    func flags() {
        #expect(throws: BehaviourFormError.self) { try BehaviourFlags.performs("FirstViewController=toSecond") }
        do {
            _ = try BehaviourFlags.unwinds("FirstViewController.backToFirst:=statusLabel.txt=Hi")
            Issue.record("accepted")
        } catch {
            #expect(error.description.hasPrefix("\"statusLabel.txt\": the terminal sets no property txt; did you mean text?"))
        }
        do {
            _ = try BehaviourFlags.prepares("FirstViewController.toSecond=messageLabel.text")
            Issue.record("accepted")
        } catch {
            #expect(error.description.contains("sets nothing: write CLASS.SEGUE_ID=OUTLET.PROPERTY=VALUE"))
        }
    }

    @Test("No file crashes the reader: random bytes, and the example cut and spliced anywhere, end in behaviours or in problems with their line")
    func malformedFiles() async {
        let example = Array("""
            classes:
              FirstViewController:
                performs: {sendToSecond: toSecond}
                unwinds:
                  backToFirst:
                    statusLabel.text: "Welcome \\u00e9 back"
                    statusLabel.isHidden: false
            segues:
              toSecond: {compact: Second}
            """.utf8)
        await propertyCheck(count: 300, input: Gen.int(in: 0...example.count).array(of: 1...4), Gen.uint8().array(of: 0...6)) { cuts, noise in
            var bytes = example
            for cut in cuts.sorted().reversed() where cut <= bytes.count { bytes.insert(contentsOf: noise, at: cut) }
            if let first = cuts.first, first < bytes.count { bytes.removeSubrange(first..<min(bytes.count, first + noise.count + 3)) }
            do throws(StoryboardErrors) {
                _ = try BehavioursFile.read(bytes, path: "b.yaml")
            } catch {
                #expect(!error.errors.isEmpty)
                #expect(error.errors.allSatisfy { $0.file == "b.yaml" && $0.rule == .behaviours })
            }
        }
    }
}
