/// The characters of a text field, kept as a gap buffer: the characters before the gap in order,
/// those after it in reverse, so that typing and deleting where the gap is cost the same however
/// long the text is. The gap follows the cursor only when an edit happens elsewhere, so moving
/// the cursor is free, and reading any character is one subscript.
struct TextBuffer {
    private var before: [Character] = []
    private var afterReversed: [Character] = []
    /// UTF-16 length of `before`, for the `NSRange` a text field delegate is given.
    private var utf16Before = 0
    /// Characters moved or copied by the buffer's own work: what a test counts to check that
    /// typing costs the same per key, without timing anything.
    private(set) var copiedCount = 0

    init(_ text: String = "") {
        before = Array(text)
        utf16Before = text.utf16.count
        copiedCount = before.count
    }

    var count: Int { before.count + afterReversed.count }
    var isEmpty: Bool { count == 0 }

    subscript(index: Int) -> Character {
        index < before.count ? before[index] : afterReversed[afterReversed.count - 1 - (index - before.count)]
    }

    /// The characters from `start`, at most `length` of them.
    func characters(from start: Int, length: Int) -> [Character] {
        let end = min(count, start + max(0, length))
        guard start < end else { return [] }
        return (start..<end).map { self[$0] }
    }

    var string: String {
        var result = String(before)
        result.append(contentsOf: afterReversed.reversed())
        return result
    }

    /// Where the gap is, in UTF-16 code units from the start, after moving it to `index`.
    mutating func utf16Offset(movingGapTo index: Int) -> Int {
        moveGap(to: index)
        return utf16Before
    }

    mutating func insert(_ character: Character, at index: Int) {
        moveGap(to: index)
        before.append(character)
        utf16Before += character.utf16.count
    }

    /// Removes the characters in `range`; the gap ends at its lower bound.
    mutating func removeSubrange(_ range: Range<Int>) {
        moveGap(to: range.upperBound)
        for _ in range {
            utf16Before -= before.removeLast().utf16.count
        }
    }

    /// The UTF-16 length of the characters in `range`.
    func utf16Count(of range: Range<Int>) -> Int {
        range.reduce(0) { $0 + self[$1].utf16.count }
    }

    private mutating func moveGap(to index: Int) {
        let target = min(max(0, index), count)
        while before.count > target {
            let character = before.removeLast()
            utf16Before -= character.utf16.count
            afterReversed.append(character)
            copiedCount += 1
        }
        while before.count < target, let character = afterReversed.popLast() {
            before.append(character)
            utf16Before += character.utf16.count
            copiedCount += 1
        }
    }

    /// Counts characters copied on the buffer's behalf (by `string` or drawing).
    mutating func countCopies(_ n: Int) { copiedCount += n }
}
