/// `wallet serve --presenter-options "--theme high-contrast --animations slow --show-keys"`:
/// what the presenter's session runs with, for a projector, since `presenter@HOST` cannot give
/// options of its own. Only the options of the stage are taken: looks, transitions, the keys
/// shown, the inspector and stepping, and the pace of the scripts the menu plays; each is
/// checked when the server starts, not when the presenter is on stage.
public enum PresenterOptions {
    /// The options taken, and the values of those that have one.
    static let flags: Set<String> = ["--show-keys", "--inspector", "--step", "--no-mouse", "--hide-tally"]
    static let valued: [String: Set<String>] = ["--theme": ["default", "high-contrast", "mono"], "--animations": ["off", "normal", "slow"],
                                                "--window-size": ["presenter", "smallest"]]

    /// The words of `text`, checked; the error says which word is wrong and what is taken.
    public static func parse(_ text: String) throws(Failure) -> [String] {
        let words = text.split(separator: " ").map(String.init)
        var index = 0
        while index < words.count {
            let word = words[index]
            if flags.contains(word) {
                index += 1
            } else if word == "--play-speed" {
                // For the scripts the menu plays (a rehearsal runs them fast).
                guard index + 1 < words.count, let speed = Double(words[index + 1]), (0.1...100).contains(speed) else {
                    throw Failure("--play-speed takes a number from 0.1 to 100")
                }
                index += 2
            } else if let values = valued[word] {
                guard index + 1 < words.count, values.contains(words[index + 1]) else {
                    throw Failure("\(word) takes one of \(values.sorted().joined(separator: ", "))")
                }
                index += 2
            } else {
                throw Failure("\"\(word)\" is not an option of the presenter's stage; take --theme, --animations, --show-keys, --inspector, "
                    + "--step, --no-mouse, --hide-tally, --window-size or --play-speed")
            }
        }
        return words
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
