import App
import Foundation
import Testing

/// The inspector and step-through from the command line, as the issue checks them.
@Suite("The inspector from the command line")
struct InspectorCommandTests {
    @Test("The issue's check: after Send, F2 prints an inspector naming sendTransaction:, the controllers asked and WalletViewController as the destination")
    func issueCheck() async throws {
        let result = try await runWallet(["--headless", "--size", "120x30", "--keys", "n<down><down><enter>12.34<enter><wait 3><f2>"])
        #expect(result.status == 0, "\(result.standardError)")
        let screen = result.standardOutput
        for text in ["unwind sendTransaction:", #"1 ContactsViewController "Contacts""#, #"2 NavigationController (root "Contacts")"#,
                     #"3 WalletViewController "Wallet""#, #"destination WalletViewController "Wallet""#] {
            #expect(screen.contains(text), "\(text) in\n\(screen)")
        }
    }

    @Test("--step pauses the first segue before its first step, with the inspector open; --inspector opens it alone")
    func options() async throws {
        let stepping = try await runWallet(["--headless", "--size", "120x30", "--step", "--keys", "n"])
        #expect(stepping.status == 0, "\(stepping.standardError)")
        #expect(stepping.standardOutput.contains("Inspector — paused"), "\(stepping.standardOutput)")
        #expect(stepping.standardOutput.contains("Space next step   Enter run to end"))
        let inspecting = try await runWallet(["--headless", "--size", "120x30", "--inspector", "--keys", "n"])
        #expect(inspecting.standardOutput.contains("Inspector"))
        #expect(inspecting.standardOutput.contains(#"ContactsViewController "Contacts" ‹ top"#), "\(inspecting.standardOutput)")
        let help = try await runWallet(["--help"])
        #expect(help.standardOutput.contains("--inspector") && help.standardOutput.contains("--step"))
        #expect(help.standardOutput.contains("F2") && help.standardOutput.contains("F3"))
    }
}
