#if canImport(FoundationEssentials)
  import FoundationEssentials  // JSONEncoder without ICU: a smaller static binary
#else
  import Foundation
#endif

/// Prints values as JSON on standard output, keys sorted, for scripts.
enum JSONOutput {
  static func print(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    Swift.print(String(decoding: try encoder.encode(value), as: UTF8.self))
  }

  /// Prints `value` as one line of JSON (JSON Lines: a line break inside a string is `\n`).
  static func printLine(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    Swift.print(String(decoding: try encoder.encode(value), as: UTF8.self))
  }
}
