/// The known name a mistyped one most likely meant, for "did you mean" hints.
package enum NameSuggestion {
  /// The candidate closest to `name` (case-insensitive edit distance), when it is within a
  /// quarter of the name's length (at least 1); `nil` otherwise, and for an empty name (every
  /// one-letter name would be as close).
  package static func closest(to name: String, among candidates: [String]) -> String? {
    guard !name.isEmpty, name.utf8.count <= 64 else { return nil }
    let lowered = name.lowercased()
    let scored = candidates.map { (candidate: $0, distance: editDistance(lowered, $0.lowercased())) }
    guard let best = scored.min(by: { $0.distance < $1.distance }),
      best.distance <= max(1, name.count / 4)
    else { return nil }
    return best.candidate
  }

  /// The optimal string alignment distance between the UTF-8 bytes of `a` and `b`: insertions,
  /// deletions, substitutions and transpositions of neighbours each count one (`lnit` is one edit
  /// from `lint`, `Tiem` from `Time`).
  package static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.utf8)
    let b = Array(b.utf8)
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var distances = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { distances[i][0] = i }
    for j in 0...b.count { distances[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var distance = min(distances[i - 1][j] + 1, distances[i][j - 1] + 1, distances[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          distance = min(distance, distances[i - 2][j - 2] + 1)
        }
        distances[i][j] = distance
      }
    }
    return distances[a.count][b.count]
  }
}
