/// Choices lettered `a` to `z`, as the room's questions and a key script's `#?` lines offer them:
/// a choice is answered with one key.
public enum ChoiceLetters {
    /// The most choices there are letters for.
    public static let count = 26

    /// The letter of choice `index`: `a` for 0.
    public static func letter(_ index: Int) -> Character { Character(UnicodeScalar(UInt8(97 + index))) }
}

extension ChoiceLetters {
    /// A shuffled order of `count` choices, the same wherever it is worked out for the same
    /// `seed` (a question's text): every session of a room, and every run, sees the same letters,
    /// and the right answer is not the same letter question after question (issue 47: "b" six
    /// times of eight). `order[i]` is the index, among the choices as written, of the choice shown
    /// with letter `i`.
    public static func order(count: Int, seed: String) -> [Int] {
        // FNV-1a of the seed's bytes, then SplitMix64: no process-wide randomness (Swift's
        // hashing is seeded per process), so that any machine gets the same order.
        var state: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in seed.utf8 { state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        func next() -> UInt64 {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }
        var order = Array(0..<max(0, count))
        guard order.count > 1 else { return order }
        for index in stride(from: order.count - 1, to: 0, by: -1) {
            order.swapAt(index, Int(next() % UInt64(index + 1)))
        }
        return order
    }
}
