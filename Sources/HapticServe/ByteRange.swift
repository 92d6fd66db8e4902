/// What a request's `Range` header asks of a file of a known size (RFC 9110 §14.2): the
/// whole file, one part of it, or nothing it has.
///
/// Only one range of `bytes` is served; a header with several ranges, another unit or a
/// malformed range is ignored, as the RFC allows, and the whole file is sent. Positions are
/// read digit by digit with overflow checked: a position past `Int.max` is past any file.
package enum ByteRange: Equatable, Sendable {
  case whole
  /// Bytes `lower...upper` (both within the file).
  case part(lower: Int, upper: Int)
  /// The range starts past the file's end, or asks for its last 0 bytes: answered `416`.
  case unsatisfiable

  /// - Parameters:
  ///   - header: The `Range` header's value, `nil` when there is none.
  ///   - size: The file's length in bytes, ≥ 0.
  package init(header: String?, size: Int) {
    guard let header, let spec = Self.single(header) else {
      self = .whole
      return
    }
    let first = spec.first.map(Self.number)
    let last = spec.last.map(Self.number)
    switch (first, last) {
    case (nil, .some(let suffix?)):
      // `-N`: the last N bytes.
      guard suffix > 0, size > 0 else {
        self = .unsatisfiable
        return
      }
      self = .part(lower: size - min(suffix, size), upper: size - 1)
    case (.some(let lower?), nil):
      self = lower < size ? .part(lower: lower, upper: size - 1) : .unsatisfiable
    case (.some(let lower?), .some(let upper?)):
      guard lower <= upper else {
        self = .whole
        return
      }
      self = lower < size ? .part(lower: lower, upper: min(upper, size - 1)) : .unsatisfiable
    default:
      // A position that is not digits: malformed, ignored.
      self = .whole
    }
  }

  /// The two sides of the one `bytes=FIRST-LAST` range in `header` (either may be empty, not
  /// both); `nil` for another unit, several ranges or no `-`.
  private static func single(_ header: String) -> (first: Substring?, last: Substring?)? {
    let text = trimmed(Substring(header))
    let unit = "bytes="
    guard text.count > unit.count, text.prefix(unit.count).lowercased() == unit else { return nil }
    let spec = text.dropFirst(unit.count)
    guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return nil }
    let first = trimmed(spec[..<dash])
    let last = trimmed(spec[spec.index(after: dash)...])
    guard !first.isEmpty || !last.isEmpty else { return nil }
    return (first.isEmpty ? nil : first, last.isEmpty ? nil : last)
  }

  /// The value of a run of ASCII digits, `Int.max` when it is larger; `nil` when `text` holds
  /// anything else.
  private static func number(_ text: Substring) -> Int? {
    var value = 0
    for byte in text.utf8 {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      let (times, overflowed) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflowedAgain) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
      value = overflowed || overflowedAgain ? Int.max : sum
    }
    return value
  }

  /// `text` without spaces and tabs at either end.
  private static func trimmed(_ text: Substring) -> Substring {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let start = text.firstIndex(where: { !isSpace($0) }), let end = text.lastIndex(where: { !isSpace($0) })
    else { return text[text.endIndex...] }
    return text[start...end]
  }
}
