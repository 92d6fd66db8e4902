/// The known name a mistyped one most likely meant, for "did you mean" hints.
package enum NameSuggestion {
  /// The candidate closest to `name` (case-insensitive edit distance), when it is within a
  /// quarter of the name's length (at least 1); `nil` otherwise.
  package static func closest(to name: String, among candidates: [String]) -> String? {
    guard name.utf8.count <= 64 else { return nil }
    let lowered = name.lowercased()
    let scored = candidates.map { (candidate: $0, distance: editDistance(lowered, $0.lowercased())) }
    guard let best = scored.min(by: { $0.distance < $1.distance }),
      best.distance <= max(1, name.count / 4)
    else { return nil }
    return best.candidate
  }

  /// Levenshtein distance between the UTF-8 bytes of `a` and `b`.
  package static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.utf8)
    let b = Array(b.utf8)
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...max(b.count, 1) where !b.isEmpty {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
