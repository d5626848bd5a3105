import App
import Foundation
import Navigation
@testable import Storyboards
import Testing
import Views
@testable import Wallet

/// What loading refuses in a storyboard given to the wallet, and how it says so: a storyboard
/// that would crash the app, strand the user or lose a transfer is refused before anything
/// runs, with every problem, its line and what to do, in Interface Builder's words.
@MainActor
@Suite("Storyboards the wallet refuses")
struct StoryboardRefusalTests {
    /// The iOS sample's storyboard, with each edit applied once.
    private func sample(_ edits: [(original: String, replacement: String)]) throws -> String {
        var xml = try String(contentsOf: try WalletHarness.sampleStoryboardURL, encoding: .utf8)
        for edit in edits {
            #expect(xml.contains(edit.original), "the edit must apply to the fixture: \(edit.original)")
            xml = xml.replacingOccurrences(of: edit.original, with: edit.replacement)
        }
        return xml
    }

    /// The problems loading `xml` with the wallet's classes reports; none when it loads.
    private func errors(_ xml: String) -> [StoryboardDiagnostic] {
        let classes = WalletApp.classes(network: SimulatedNetwork(scheduler: Scheduler(clock: .manual), delay: 2, failureRate: 0, seed: nil))
        do {
            _ = try Storyboard(data: Data(xml.utf8), name: "Edited.storyboard", classes: classes)
            return []
        } catch {
            return error.errors
        }
    }

    /// The line of the first line of `xml` that contains `text`.
    private func line(of text: String, in xml: String) throws -> Int {
        let lines = xml.components(separatedBy: "\n")
        return try #require(lines.firstIndex { $0.contains(text) }) + 1
    }

    // MARK: what would crash the app

    @Test("A navigation controller whose root relationship leads to itself is refused at load, with the relationship's line")
    func selfRootCycle() throws {
        let xml = try sample([(#"<segue destination="9V5-Ib-9K0" kind="relationship""#, #"<segue destination="4Lk-fE-dA3" kind="relationship""#)])
        let errors = errors(xml)
        #expect(errors.count == 1, "\(errors)")
        let error = try #require(errors.first)
        #expect(error.line == (try line(of: #"id="Gu6-Gc-sHg""#, in: xml)))
        #expect(error.message.contains("navigation controller \"4Lk-fE-dA3\" (line \(try line(of: #"<navigationController automaticallyAdjustsScrollViewInsets="NO" id="4Lk-fE-dA3""#, in: xml)))"))
        #expect(error.message.contains("its own root"))
    }

    @Test("Navigation controllers whose roots lead to each other are refused, naming the cycle and its lines")
    func twoControllerRootCycle() throws {
        let xml = try sample([
            (#"<segue destination="9V5-Ib-9K0" kind="relationship""#, #"<segue destination="jyB-m9-yA2" kind="relationship""#),
            (#"<segue destination="BYZ-38-t0r" kind="relationship""#, #"<segue destination="4Lk-fE-dA3" kind="relationship""#),
        ])
        let errors = errors(xml)
        #expect(errors.count == 1, "\(errors)")
        let error = try #require(errors.first)
        let first = try line(of: #"id="SR6-vG-9DQ""#, in: xml), second = try line(of: #"id="Gu6-Gc-sHg""#, in: xml)
        #expect(error.line == first)
        #expect(error.message.contains("cycle"))
        #expect(error.message.contains("\"jyB-m9-yA2\"") && error.message.contains("\"4Lk-fE-dA3\""))
        #expect(error.message.contains("lines \(first), \(second)"), "\(error.message)")
    }

    @Test("A navigation controller whose root is another navigation controller is refused, as UIKit refuses to push one; a long chain of them would recurse as deep as it is long")
    func navigationControllerAsRoot() throws {
        let xml = try sample([(#"<segue destination="9V5-Ib-9K0" kind="relationship""#, #"<segue destination="jyB-m9-yA2" kind="relationship""#)])
        let errors = errors(xml)
        #expect(errors.count == 1, "\(errors)")
        let error = try #require(errors.first)
        #expect(error.line == (try line(of: #"id="Gu6-Gc-sHg""#, in: xml)))
        #expect(error.message.contains("\"4Lk-fE-dA3\"") && error.message.contains("another navigation controller"), "\(error.message)")
    }

    /// A required outlet pointed at something loading does not make into the object it needs.
    struct MisconnectedOutlet: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let original: String
        let replacement: String
        let connectionID: String
        let words: [String]
    }

    nonisolated static let misconnectedOutlets: [MisconnectedOutlet] = [
        MisconnectedOutlet(testDescription: "a constraint",
                           original: #"<outlet property="amountLabel" destination="PYg-0T-nh6""#,
                           replacement: #"<outlet property="amountLabel" destination="jNZ-Mc-CoS""#,
                           connectionID: "AMc-rD-2Rk", words: ["amountLabel", "WalletViewController", "a constraint", "Label"]),
        MisconnectedOutlet(testDescription: "an element the app does not know",
                           original: #"<outlet property="amountLabel" destination="PYg-0T-nh6""#,
                           replacement: #"<outlet property="amountLabel" destination="6Tk-OE-BBY""#,
                           connectionID: "AMc-rD-2Rk", words: ["amountLabel", "view layout guide"]),
        MisconnectedOutlet(testDescription: "a view inside a prototype cell",
                           original: #"<outlet property="amountLabel" destination="PYg-0T-nh6""#,
                           replacement: #"<outlet property="amountLabel" destination="zpe-Vx-317""#,
                           connectionID: "AMc-rD-2Rk", words: ["amountLabel", "prototype cell"]),
        MisconnectedOutlet(testDescription: "another scene's view",
                           original: #"<outlet property="amountLabel" destination="PYg-0T-nh6""#,
                           replacement: #"<outlet property="amountLabel" destination="JtI-fI-Tgl""#,
                           connectionID: "AMc-rD-2Rk", words: ["amountLabel", "another scene"]),
        MisconnectedOutlet(testDescription: "a view of another scene's cell, from a cell",
                           original: #"<outlet property="initalsLabel" destination="Kbe-4U-0Z4""#,
                           replacement: #"<outlet property="initalsLabel" destination="l0l-9O-pvt""#,
                           connectionID: "5xb-YB-phH", words: ["initalsLabel", "Cell", "another scene"]),
        MisconnectedOutlet(testDescription: "a view the scene never makes (its root view has another key)",
                           original: #"<view key="view" contentMode="scaleToFill" id="8bC-Xf-vdC">"#,
                           replacement: #"<view key="contentView" contentMode="scaleToFill" id="8bC-Xf-vdC">"#,
                           connectionID: "AMc-rD-2Rk", words: ["amountLabel", "does not make"]),
    ]

    @Test("A required outlet connected to something that is not the view it needs is refused at load, with the outlet's line",
          arguments: misconnectedOutlets)
    func misconnectedRequiredOutlet(_ outlet: MisconnectedOutlet) throws {
        let xml = try sample([(outlet.original, outlet.replacement)])
        let errors = errors(xml)
        let line = try line(of: "id=\"\(outlet.connectionID)\"", in: xml)
        let error = try #require(errors.first { $0.line == line }, "no error on line \(line): \(errors)")
        for word in outlet.words {
            #expect(error.message.contains(word), "\(error.message) does not mention \(word)")
        }
    }

    // MARK: messages that mislead

    @Test("Interface Builder's gesture recognizer outlet collection is read past, not reported as an outlet the class lacks")
    func gestureRecognizerCollection() throws {
        let xml = try sample([
            (#"<segue destination="4Lk-fE-dA3" kind="presentation" id="IYk-Bx-yTN"/>"#,
             #"<segue destination="4Lk-fE-dA3" kind="presentation" id="IYk-Bx-yTN"/><outletCollection property="gestureRecognizers" destination="Tap-Gs-001" collectionClass="NSMutableArray" id="Tap-Cn-001"/>"#),
            (#"<placeholder placeholderIdentifier="IBFirstResponder" id="dkx-z0-nzr" sceneMemberID="firstResponder"/>"#,
             #"<placeholder placeholderIdentifier="IBFirstResponder" id="dkx-z0-nzr" sceneMemberID="firstResponder"/><tapGestureRecognizer id="Tap-Gs-001"/>"#),
        ])
        #expect(errors(xml).isEmpty, "\(errors(xml))")
    }

    @Test("A scene whose class is unknown still has its other problems reported, all in one go")
    func unknownClassSceneStillChecked() throws {
        let xml = try sample([
            (#"id="QwG-ej-hjW" customClass="TransactionViewController""#, #"id="QwG-ej-hjW" customClass="AmountViewController""#),
            (#"<outlet property="contactNameLabel" destination="JtI-fI-Tgl""#, #"<outlet property="contactNameLabel" destination="nowhere""#),
        ])
        let errors = errors(xml)
        #expect(errors.map(\.line) == [try line(of: #"id="QwG-ej-hjW""#, in: xml), try line(of: #"id="qZ9-KH-YZj""#, in: xml)], "\(errors)")
        #expect(errors.first?.message.contains("AmountViewController") == true)
        #expect(errors.last?.message.contains("\"nowhere\"") == true)
    }

    /// A scene made of one controller element the engine does not have, and the words that must name it.
    struct UnsupportedScene: Sendable, CustomTestStringConvertible {
        let element: String
        let words: [String]
        var testDescription: String { element }
    }

    nonisolated static let unsupportedScenes: [UnsupportedScene] = [
        UnsupportedScene(element: #"<viewControllerPlaceholder storyboardName="Settings" id="Ref-aa-001" sceneMemberID="viewController"/>"#,
                         words: ["storyboard reference", "Settings"]),
    ]

    @Test("Unsupported scenes are named in Interface Builder's words, not by their element names", arguments: unsupportedScenes)
    func unsupportedSceneNames(_ scene: UnsupportedScene) throws {
        let xml = try sample([("    </scenes>", "<scene sceneID=\"Uns-sc-001\"><objects>\(scene.element)</objects></scene>\n    </scenes>")])
        let errors = errors(xml)
        #expect(errors.count == 1, "\(errors)")
        let error = try #require(errors.first)
        #expect(error.line == (try line(of: "Uns-sc-001", in: xml)))
        for word in scene.words { #expect(error.message.contains(word), "\(error.message) does not mention \(word)") }
        let elementName = String(scene.element.dropFirst().prefix { $0 != " " })
        #expect(!error.message.contains(elementName), "\(error.message)")
    }

    @Test("A storyboard without an initial view controller is reported on the line of its <document> element")
    func noInitialViewControllerHasALine() throws {
        let xml = try sample([(#" initialViewController="jyB-m9-yA2""#, "")])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("NoInitial-\(UUID().uuidString).storyboard")
        try xml.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        var options = WalletOptions()
        options.storyboardURL = url
        #expect {
            _ = try WalletApp.makeWindow(options: options, scheduler: Scheduler(clock: .manual))
        } throws: { error in
            guard let errors = error as? StoryboardErrors, let first = errors.errors.first else { return false }
            return errors.errors.count == 1 && first.line == 2 && first.message.contains("no initial view controller")
        }
    }

    @Test("An unknown class says what to do: run a storyboard written for the wallet's classes, which it lists, or register the class in code")
    func unknownClassSaysWhatToDo() throws {
        let xml = try sample([(#"customClass="WalletViewController""#, #"customClass="MyWalletViewController""#)])
        let error = try #require(errors(xml).first)
        for words in ["\"MyWalletViewController\"", "ContactsViewController, TransactionViewController, WalletViewController",
                      "--storyboard", "StoryboardClasses.register", "MyWalletViewController.self"] {
            #expect(error.message.contains(words), "\(error.message) does not mention \(words)")
        }
    }

    @Test("Storyboard text in messages is escaped, so newlines, C1 controls and bidi overrides can neither forge error lines nor reorder the terminal")
    func storyboardTextIsEscaped() throws {
        let xml = try sample([
            (#"customClass="WalletViewController""#, #"customClass="Evil&#x202E;gnp.exe&#10;Edited.storyboard:1: error: forged&#x85;""#),
            (#"<outlet property="contactNameLabel""#, #"<outlet property="contact&#x9B;2JName&#13;Label""#),
        ])
        let errors = errors(xml)
        #expect(errors.count >= 2, "\(errors)")
        for error in errors {
            #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" },
                    "\(error.message.debugDescription)")
        }
        let text = StoryboardErrors(errors: errors).description
        #expect(text.components(separatedBy: "\n").count == errors.count, "one line per error")
        #expect(text.contains(#"Evil\u{202E}gnp.exe\nEdited.storyboard:1: error: forged\u{85}"#))
        #expect(text.contains(#"contact\u{9B}2JName\rLabel"#))
    }

    // MARK: unwinds that would do nothing

    /// An unwind segue edited to an action no controller of the wallet implements.
    struct UnimplementedUnwind: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let original: String
        let replacement: String
        let segueID: String
        let action: String
    }

    nonisolated static let unimplementedUnwinds: [UnimplementedUnwind] = [
        UnimplementedUnwind(testDescription: "manual (Send)", original: #"unwindAction="sendTransaction:" id="Ofv-yx-4jG""#,
                            replacement: #"unwindAction="sendMoney:" id="Ofv-yx-4jG""#, segueID: "Ofv-yx-4jG", action: "sendMoney:"),
        UnimplementedUnwind(testDescription: "control-triggered (Cancel)", original: #"unwindAction="cancel:" id="D1F-jc-Czs""#,
                            replacement: #"unwindAction="dismiss:" id="D1F-jc-Czs""#, segueID: "D1F-jc-Czs", action: "dismiss:"),
    ]

    @Test("An unwind segue whose action no controller of the app implements is refused at load with its line",
          arguments: unimplementedUnwinds)
    func unwindNobodyImplements(_ unwind: UnimplementedUnwind) throws {
        let xml = try sample([(unwind.original, unwind.replacement)])
        let errors = errors(xml)
        #expect(errors.count == 1, "\(errors)")
        let error = try #require(errors.first)
        #expect(error.line == (try line(of: unwind.segueID, in: xml)))
        #expect(error.message.contains("no view controller in the app implements \(unwind.action)"))
        #expect(error.message.contains("cancel:, sendTransaction:"), "it names the actions there are: \(error.message)")
    }
}
