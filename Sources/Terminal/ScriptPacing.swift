/// A script paced for someone watching a recording of it (`--headless --cast`): headless, keys
/// take no time, so a cast showed the launch, F2, the first caption and the Contacts card all at
/// 0.000 s, and `1 2 . 3 4` at one instant (issue 32). Paced, each key comes `keyInterval` after
/// the step before, as `--play` types it at speed 1, a caption stays long enough to be read, and
/// a pause, where a presenter would talk, lasts `pauseDwell`.
public enum ScriptPacing {
    /// Seconds a pause holds the screen in a recording.
    public static let pauseDwell = 2.0
    /// The least time a caption stays, and the time per word of it: about 200 words a minute.
    public static let captionDwell = 2.0
    public static let secondsPerWord = 0.3

    /// How long `caption` stays before the next step.
    public static func dwell(reading caption: String) -> Double {
        max(captionDwell, Double(caption.split(separator: " ").count) * secondsPerWord)
    }

    /// `steps` with the waits a viewer needs: a key's interval before each key and resize, a
    /// caption's reading time after it, a pause's dwell in its place (the pause kept, for what
    /// marks it).
    public static func paced(_ steps: [KeyScriptStep]) -> [KeyScriptStep] {
        var paced: [KeyScriptStep] = []
        for step in steps {
            switch step {
            case .press, .resize:
                paced += [.wait(PlayingBackend.keyInterval), step]
            case .caption(let text):
                paced.append(step)
                if !text.isEmpty { paced.append(.wait(dwell(reading: text))) }
            case .pause, .ask:
                paced += [step, .wait(pauseDwell)]
            case .wait:
                paced.append(step)
            }
        }
        return paced
    }
}
