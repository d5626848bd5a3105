import Navigation
import PropertyBased
import Storyboards
import Testing
@testable import Wallet

/// Where a copy of the sample's `WalletViewController.swift` sets the balance label
/// (`wallet --code`, exercise 10): what an attendee who edits it in a text editor relies on.
@MainActor
@Suite("The wallet's code, read for where it sets the balance label")
struct WalletCodeTests {
    /// The sample's class as its article shows it (2019), with the lines between `body` put in.
    static func sample(viewWillAppear: String = "amountLabel.text = balance.moneyAmount", sendTransaction: String = "",
                       extra: String = "") -> String {
        """
        import UIKit

        class WalletViewController: UIViewController {
            @IBOutlet weak var amountLabel: UILabel!
            var balance: Int = 543201

            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                \(viewWillAppear)
            }

            @IBAction func cancel(_ unwindSegue: UIStoryboardSegue) {}

            @IBAction func sendTransaction(_ unwindSegue: UIStoryboardSegue) {
                guard let transactionViewController = unwindSegue.source as? TransactionViewController else {
                    return
                }
                balance -= transactionViewController.transaction!.amount
                \(sendTransaction)
            }
        \(extra)
        }
        """
    }

    func read(_ text: String) throws(StoryboardErrors) -> Set<WalletCode.Method> {
        try WalletCode.read(Array(text.utf8), path: "WalletViewController.swift").setsBalanceLabel
    }

    func refusal(_ text: String) -> StoryboardDiagnostic? {
        do throws(StoryboardErrors) {
            _ = try read(text)
            return nil
        } catch {
            return error.errors.first
        }
    }

    @Test("As written in 2019 the label is set in viewWillAppear; the fix adds sendTransaction:; a move to viewIsAppearing is read as such")
    func theSamplesPlaces() throws {
        #expect(try read(Self.sample()) == [.viewWillAppear])
        #expect(try read(Self.sample(sendTransaction: "amountLabel.text = balance.moneyAmount")) == [.viewWillAppear, .sendTransaction])
        let moved = Self.sample(viewWillAppear: "", extra: """
                override func viewIsAppearing(_ animated: Bool) {
                    super.viewIsAppearing(animated)
                    self.amountLabel?.text = balance.moneyAmount
                }
            """)
        #expect(try read(moved) == [.viewIsAppearing])
    }

    @Test("What is not the balance label's assignment is not read as one: comments, strings, a comparison, another class's label")
    func onlyTheAssignmentCounts() throws {
        let text = Self.sample(viewWillAppear: "", sendTransaction: """
                // amountLabel.text = balance.moneyAmount
                /* amountLabel.text = balance.moneyAmount /* nested */ still a comment */
                print("amountLabel.text = \\(balance)")
                print(\"\"\"
                    amountLabel.text = "x"
                    \"\"\")
                if amountLabel.text == "€ 0.00" { return }
            """) + """

            class Cell: UITableViewCell {
                @IBOutlet weak var amountLabel: UILabel!
                var transaction: Transaction? {
                    didSet { amountLabel.text = "-\\(transaction!.amount.moneyAmount)" }
                }
                func viewWillAppear() { amountLabel.text = "" }
            }
            """
        #expect(try read(text) == [])
    }

    @Test("The label set where the terminal cannot run it, or a file whose braces, strings or comments do not close, is refused at its line")
    func refusals() {
        let inPrepare = Self.sample(extra: """
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                    amountLabel.text = balance.moneyAmount
                }
            """)
        let prepare = refusal(inPrepare)
        #expect(prepare?.line == 22, "\(String(describing: prepare))")
        #expect(prepare?.message.contains("in prepare(…), which the terminal does not run for the wallet: set it in viewDidLoad") == true)
        #expect(prepare?.file == "WalletViewController.swift")

        let property = refusal(Self.sample(extra: "    lazy var x: Void = { amountLabel.text = \"\" }()"))
        #expect(property?.message.contains("outside any method") == true, "\(String(describing: property))")

        let unclosed = refusal(Self.sample().replacingOccurrences(of: "@IBAction func cancel(_ unwindSegue: UIStoryboardSegue) {}",
                                                                with: "@IBAction func cancel(_ unwindSegue: UIStoryboardSegue) {"))
        // Braces are counted, so the one left open is the class's: the count cannot tell which
        // method lost its own.
        #expect(unclosed?.message.contains("never closed") == true && unclosed?.line == 3, "\(String(describing: unclosed))")
        #expect(refusal(Self.sample() + "\n}")?.message.contains("closes nothing") == true)
        #expect(refusal(Self.sample(sendTransaction: "print(\"open"))?.message.contains("string") == true)
        #expect(refusal(Self.sample() + "\n/* open")?.message.contains("comment") == true)
        #expect(refusal(Self.sample(sendTransaction: "amountLabel.text = \"€ \\(balance) ÿ\"")) == nil)
        let notUTF8 = Array(Self.sample().utf8) + [0xFF, 0xFE]
        do throws(StoryboardErrors) {
            _ = try WalletCode.read(notUTF8, path: "W.swift")
            Issue.record("bytes that are not UTF-8 were read")
        } catch {
            #expect(error.errors.first?.message.contains("UTF-8") == true)
        }
    }

    @Test("No file crashes the reader: random bytes, and the sample cut and spliced anywhere, end in a place or a problem at a line of the file")
    func malformedFiles() async {
        let sample = Array(Self.sample(sendTransaction: "amountLabel.text = balance.moneyAmount // \"quoted\" /* */").utf8)
        let lineCount = sample.count { $0 == 0x0A } + 1
        await propertyCheck(count: 300, input: Gen.int(in: 0...sample.count).array(of: 1...4), Gen.uint8().array(of: 0...6)) { cuts, noise in
            var bytes = sample
            for cut in cuts.sorted().reversed() where cut <= bytes.count { bytes.insert(contentsOf: noise, at: cut) }
            if let first = cuts.first, first < bytes.count { bytes.removeSubrange(first..<min(bytes.count, first + noise.count + 3)) }
            do throws(StoryboardErrors) {
                _ = try WalletCode.read(bytes, path: "W.swift")
            } catch {
                #expect(error.errors.count == 1)
                #expect(error.errors.allSatisfy { $0.file == "W.swift" && (0...lineCount + noise.count * 4).contains($0.line) })
            }
        }
    }

    /// Rule 30, with the code read from the file: the wallet runs the label's line where the file
    /// puts it, so after Send on iOS 18 the label is right only when `sendTransaction:` sets it.
    @Test("Rule 30 from the file: after Send on iOS 18 the label shows the new balance only when sendTransaction: sets it")
    func theWalletRunsTheLineWhereTheFilePutsIt() throws {
        for (methods, label) in [([WalletCode.Method.viewWillAppear], "€ 5,432.01"), ([.viewIsAppearing], "€ 5,432.01"),
                                 ([.viewDidAppear], "€ 5,432.01"), ([.viewWillAppear, .sendTransaction], "€ 5,419.67")] {
            var options = WalletOptions()
            options.code = WalletCode(setsBalanceLabelIn: Set(methods))
            let harness = try WalletHarness(options: options, keys: WalletHarness.toHeatherMorgan + "12.34<enter><wait 2>")
            #expect(harness.wallet.balance == 5_419_67)
            #expect(harness.wallet.amountLabel.text == label, "set in \(methods)")
        }
        // At launch each appearance method runs once, in order, and sets it.
        for method in [WalletCode.Method.viewDidLoad, .viewWillAppear, .viewIsAppearing, .viewDidAppear] {
            var options = WalletOptions()
            options.code = WalletCode(setsBalanceLabelIn: [method])
            let harness = try WalletHarness(options: options, keys: "")
            #expect(harness.wallet.amountLabel.text == "€ 5,432.01", "set in \(method)")
        }
    }
}
