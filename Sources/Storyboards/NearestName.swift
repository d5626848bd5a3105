/// The name a typo was meant to be: the nearest of the names known, when at most a third of it
/// differs (`toSecnd` → `toSecond`) or it is the start or end of one, else none: a far guess
/// misleads more than it helps.
public enum NearestName {
    /// `given`'s nearest among `names`, or nil when none is near.
    /// Letters' case does not count, and a name the given one begins or ends (`class` for
    /// `classes`, `hidden` for `isHidden`) is near.
    public static func to(_ given: String, among names: some Sequence<String>) -> String? {
        let typed = Array(given.lowercased())
        let names = Array(names)
        // Of the names it begins or ends, the shortest: the one the fewest letters away.
        if typed.count >= 3, let whole = names.filter({ name in
            let known = name.lowercased()
            return known.count > typed.count && (known.hasPrefix(String(typed)) || known.hasSuffix(String(typed)))
        }).min(by: { ($0.count, $0) < ($1.count, $1) }) {
            return whole
        }
        let scored = names.map { (name: $0, distance: editDistance(typed, Array($0.lowercased()))) }
        guard let best = scored.min(by: { ($0.distance, $0.name) < ($1.distance, $1.name) }) else { return nil }
        return best.distance <= max(1, typed.count / 3) ? best.name : nil
    }

    /// Levenshtein's distance: the fewest insertions, deletions and substitutions from one to the other.
    public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
