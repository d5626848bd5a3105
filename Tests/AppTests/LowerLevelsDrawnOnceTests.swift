@testable import App
import Navigation
import Terminal
import TestSupport
import Testing
@testable import Views

/// A view that counts how often it is drawn: a test double for "was this level drawn again".
@MainActor
private final class CountingView: View, Drawable {
    var draws = 0
    func height(forWidth width: Int, context: DrawContext) -> Int { 1 }
    func draw(in rect: Rect, buffer: inout CellBuffer, context: DrawContext) {
        draws += 1
        buffer.put("drawn", at: rect.origin, style: context.theme.text, clip: rect)
    }
}

/// The levels under the screen on top are drawn once and reused until something in them changes.
@MainActor
@Suite("Lower presentation levels drawn once")
struct LowerLevelsDrawnOnceTests {
    /// A root with a counting view and a label, and a sheet over it with a text field and a
    /// navigation bar.
    private func presentedApp() throws -> (app: Application, counter: CountingView, balance: Label, field: TextField) {
        let counter = CountingView()
        let balance = Label()
        balance.text = "€ 5,432.01"
        let root = ViewController.showing([balance, counter], title: "Wallet")
        let field = TextField()
        let amount = ViewController.showing([field], title: "Amount")
        let window = Window()
        window.rootViewController = NavigationController(rootViewController: root)
        let app = Application(window: window, backend: MemoryTerminal(size: Size(width: 80, height: 24)), scheduler: Scheduler(clock: .manual))
        app.launch()
        root.present(NavigationController(rootViewController: amount), animated: false)
        app.render()
        return (app, counter, balance, field)
    }

    @Test("Digits typed on the sheet on top do not draw the screen under it again")
    func typingKeepsTheLevelBelow() throws {
        let (app, counter, _, field) = try presentedApp()
        let drawsAfterPresenting = counter.draws
        #expect(drawsAfterPresenting >= 1)
        for digit in "12.34" {
            app.run(script: [.press(.character(digit))])
        }
        #expect(field.text == "12.34")
        #expect(counter.draws == drawsAfterPresenting)
        #expect(app.screenFrameDrawnFromScratch() == app.lastScreenFrame)
    }

    @Test("A label changed under the sheet draws that level again, once")
    func aChangeBelowRedrawsIt() throws {
        let (app, counter, balance, _) = try presentedApp()
        let before = counter.draws
        balance.text = "€ 5,419.67"
        app.render()
        app.render()
        #expect(counter.draws == before + 1)
        #expect(app.screenFrameDrawnFromScratch() == app.lastScreenFrame)
    }

    @Test("A title changed under the sheet shows above it")
    func aTitleChangeBelowShows() throws {
        let (app, counter, _, _) = try presentedApp()
        let before = counter.draws
        app.window.rootViewController.flatMap { ($0 as? NavigationController)?.topViewController }?.title = "Saldo"
        app.render()
        #expect(counter.draws == before + 1)
        #expect(app.lastScreenFrame?.lines.first?.contains("Saldo") == true)
    }

    @Test("A resize draws the levels below again at the new size")
    func aResizeRedraws() throws {
        let (app, counter, _, _) = try presentedApp()
        let before = counter.draws
        (app.backend as? MemoryTerminal)?.size = Size(width: 100, height: 30)
        app.turn(with: .resize)
        #expect(counter.draws == before + 1)
        #expect(app.screenFrameDrawnFromScratch() == app.lastScreenFrame)
    }

    @Test("Hiding a view under the sheet draws that level again")
    func hidingRedraws() throws {
        let (app, counter, balance, _) = try presentedApp()
        let before = counter.draws
        balance.isHidden = true
        app.render()
        #expect(counter.draws == before + 1)
        #expect(app.lastScreenFrame?.text.contains("5,432.01") == false)
    }
}

