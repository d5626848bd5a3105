/// Choices lettered `a` to `z`, as the room's questions and a key script's `#?` lines offer them:
/// a choice is answered with one key.
public enum ChoiceLetters {
    /// The most choices there are letters for.
    public static let count = 26

    /// The letter of choice `index`: `a` for 0.
    public static func letter(_ index: Int) -> Character { Character(UnicodeScalar(UInt8(97 + index))) }
}
