import ArgumentParser
import Navigation

extension SystemVersion: ExpressibleByArgument {
    public init?(argument: String) {
        guard let number = Int(argument), let version = SystemVersion(rawValue: number) else { return nil }
        self = version
    }

    public static var allValueStrings: [String] { allCases.map { String($0.rawValue) } }
}

/// Which iOS the engine behaves as (`--ios`), for every command that runs a storyboard.
struct SystemOptions: ParsableArguments {
    @Option(name: .customLong("ios"), help: ArgumentHelp("""
        The iOS whose rules presentations follow: 18 (the default, what the room's iPhones run: Present Modally's Automatic is a form sheet, \
        a card the user can pull down, and the presenter stays on screen), 17 (a page sheet, the same card on a phone), or 12 (before sheets: \
        every modal presentation covers the screen, as in the sample's 2019 article and many tutorials).
        """, valueName: "12|17|18"))
    var ios = SystemVersion.iOS18
}
