@testable import Navigation
import Testing

/// What the engine works out once per class, compared with what reflecting on a type or an
/// object says afresh: a class's name (`typeName`) and its outlets (`OutletTable`).
@MainActor
@Suite("Class names and outlet tables, made once per class")
struct ClassTablesTests {
    @Test("A type's name is the one String(describing:) gives: plain, nested, generic, private, a protocol")
    func typeNames() {
        let types: [Any.Type] = [
            ViewController.self, NavigationController.self, Outer.Inner.self, Box<Int>.self, Box<Outer.Inner>.self,
            HiddenController.self, OutletOwner.self, Outlet<View>.self, ActionTarget.self, Int.self, [String: Int].self,
        ]
        for type in types {
            #expect(typeName(type) == String(describing: type))
            // Asked again, the same: the runtime keeps the name it rendered.
            #expect(typeName(type) == typeName(type))
        }
    }

    @Test("A class's outlet table finds the outlets Mirror finds, its superclasses' included, and reads the same objects")
    func outletTablesMatchMirror() {
        let classes = StoryboardClasses()
        let objects: [AnyObject] = [OutletOwner(), OutletHeir(), HiddenController(), ViewController(), View(), Box<Int>()]
        for object in objects {
            let view = View()
            for outlet in mirroredOutlets(of: object).values { _ = outlet.connect(view) }
            let mirrored = mirroredOutlets(of: object)
            let table = classes.outletTable(of: object)
            #expect(table.names == mirrored.keys.sorted(), "\(typeName(type(of: object)))")
            for (name, outlet) in mirrored {
                #expect(table.outlet(named: name, of: object) === outlet, "\(name) of \(typeName(type(of: object)))")
            }
            #expect(table.outlet(named: "noSuchOutlet", of: object) == nil)
            // The table is made once per class: a second object of the class gets the same names
            // and its own outlets.
            if let second = (object as? OutletOwner).map({ type(of: $0).init() }) {
                let fresh = mirroredOutlets(of: second)
                for (name, outlet) in fresh { #expect(classes.outletTable(of: second).outlet(named: name, of: second) === outlet) }
            }
        }
    }

    @Test("An outlet connects an object of its type and refuses another, as the storyboard checks")
    func outletTypes() throws {
        let owner = OutletOwner()
        let label = try #require(StoryboardClasses().outletTable(of: owner).outlet(named: "label", of: owner))
        #expect(!label.connect(View()))
        let text = Label()
        #expect(label.connect(text))
        #expect(owner.label === text)
        #expect(label.valueTypeName == "Label")
    }

    @Test("A controller's class name is its class's, and a stand-in's the class it stands in for, as `as? StandIn` told")
    func controllerClassNames() {
        let description = StandInDescription(className: "QuizViewController", unwindActions: [], targetActions: [],
                                             prototypeReuseIdentifiers: [])
        let controllers: [ViewController] = [
            ViewController(), NavigationController(), HiddenController(), OutletHeir(),
            StandInViewController(standingInFor: description), StandInNavigationController(standingInFor: description),
            StandInTabBarController(standingInFor: description), StandInSplitViewController(standingInFor: description),
        ]
        for controller in controllers {
            let expected = (controller as? StandIn)?.standingInFor.className ?? String(describing: type(of: controller))
            #expect(controller.className == expected)
            #expect(ControllerID(controller).className == expected)
        }
    }

    /// The outlets as `Mirror` finds them, the way the storyboard found them before the tables:
    /// the subclass's first, `_name` read as `name`.
    private func mirroredOutlets(of object: AnyObject) -> [String: AnyOutlet] {
        var outlets: [String: AnyOutlet] = [:]
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children {
                guard let label = child.label, let outlet = child.value as? AnyOutlet else { continue }
                let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
                if outlets[name] == nil { outlets[name] = outlet }
            }
            mirror = current.superclassMirror
        }
        return outlets
    }
}

private enum Outer {
    final class Inner {}
}

private final class Box<Value>: View {
    @Outlet var boxed: View!
}

private final class HiddenController: ViewController {
    @Outlet private var secret: View!
    var count = 3
}

private class OutletOwner: ViewController {
    @Outlet var label: Label!
    @Outlet var anyView: View!
    var notAnOutlet: View?
    let name = "owner"
    required override init() { super.init() }
}

private final class OutletHeir: OutletOwner {
    @Outlet var extra: View!
}
