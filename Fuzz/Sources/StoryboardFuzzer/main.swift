#if canImport(Glibc)
import Glibc
#endif
import Navigation
import Terminal
import Views
import Wallet

/// What a user does with the wallet's storyboard: send, cancel, and go back and pick another
/// contact. Each runs on a fresh app, as a run of `wallet --headless --keys` would.
let flows: [[KeyScriptStep]] = [
    "n<down><down><enter>12.34<enter><wait 3><tab><enter><esc>",
    "n<esc>q",
    "n<enter><esc><enter><esc><esc><s-tab><enter>",
].map { try! KeyNotation.parse($0) }

/// What a workshop does with an attendee's storyboard under `wallet storyboard run`: every tab,
/// each button's letter, Show Detail, popovers, Back and unwinds, across the regular width.
let standInFlow = try! KeyNotation.parse("1<tab><enter>2s<enter>r3mp<esc>c4fo<esc>u5<c-n><c-p><c-o><tab><enter><esc><esc>")

/// Loads the bytes as a storyboard with the wallet's classes; when it loads, runs each flow on
/// an in-memory terminal (`run(script:)` launches the app first). Errors are the expected outcome of most inputs; a crash is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func storyboardFuzzer(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    MainActor.assumeIsolated {
        for flow in flows {
            let scheduler = Scheduler(clock: .manual)
            let network = SimulatedNetwork(scheduler: scheduler, delay: 2, failureRate: 0, seed: 1)
            guard let storyboard = try? Storyboard(data: bytes, name: "Fuzz.storyboard", classes: WalletApp.classes(network: network)),
                  let initial = storyboard.instantiateInitialViewController() else { break }
            let window = Window()
            window.rootViewController = initial
            let app = Application(window: window, backend: MemoryTerminal(size: Size(width: 80, height: 24)), scheduler: scheduler)
            app.run(script: flow)
        }
        // The same bytes run without their code, stand-ins for every class the app lacks.
        guard let storyboard = try? Storyboard(data: bytes, name: "Fuzz.storyboard", classes: StoryboardWithoutCode.classes()),
              let initial = storyboard.instantiateInitialViewController() else { return }
        let window = Window()
        window.rootViewController = initial
        let app = Application(window: window, backend: MemoryTerminal(size: Size(width: 110, height: 24)), scheduler: Scheduler(clock: .manual))
        app.run(script: standInFlow)
    }
    return 0
}

/// libFuzzer's entry point for programs that have their own `main`, as SwiftPM gives every
/// executable: it parses libFuzzer's options and calls the callback with each input.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, storyboardFuzzer))
