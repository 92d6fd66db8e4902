/// One of `count` parts of a run's patterns, for a CI matrix: `--shard 2/4` is the second of four.
///
/// A pattern's shard depends on its name alone (its path relative to the folder searched, see
/// `PatternFiles.name(of:foundIn:)`), through ``hash(_:)``: adding or removing a file moves no
/// other file to another shard, every platform and build puts a name in the same shard, and the
/// shards `1/N` to `N/N` are disjoint and together hold every pattern. They are even as a random
/// split is: for `n` patterns each holds about `n/N`, give or take `√(n(N−1))/N`.
package struct Shard: Sendable, Equatable, CustomStringConvertible {
  /// Which part, `1...count`.
  package let index: Int
  /// How many parts, ≥ 1.
  package let count: Int

  /// Why a shard could not be read; the description is the message.
  package struct ParseError: Error, Equatable, CustomStringConvertible {
    package var description: String
  }

  /// Reads `I/N`, such as `2/4`: whole numbers with `1 ≤ I ≤ N`.
  ///
  /// - Throws: ``ParseError`` saying what is wrong with `text`.
  package init(parsing text: String) throws(ParseError) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy(Self.isDigits) else {
      throw ParseError(
        description: "expected I/N, a shard's number and the number of shards such as 2/4; found '\(text)'")
    }
    guard let index = Self.number(parts[0]), let count = Self.number(parts[1]) else {
      throw ParseError(
        description:
          "a shard's number and the number of shards have at most \(Self.digitLimit) digits (\(Self.largest) shards); found '\(text)'"
      )
    }
    guard count >= 1 else {
      throw ParseError(description: "the number of shards must be at least 1; found '\(text)'")
    }
    guard (1...count).contains(index) else {
      throw ParseError(
        description: "shard \(index) of \(count) does not exist; shards are numbered 1/\(count) to \(count)/\(count)")
    }
    self.index = index
    self.count = count
  }

  /// `2/4`.
  package var description: String { "\(index)/\(count)" }

  /// Whether the pattern named `name` (see `PatternFiles.name(of:foundIn:)`) is in this shard.
  package func contains(_ name: String) -> Bool {
    Self.index(of: name, count: count) == index
  }

  /// The shard, `1...count`, of the pattern named `name`: ``hash(_:)`` modulo `count`, plus 1.
  package static func index(of name: String, count: Int) -> Int {
    Int(hash(name) % UInt64(count)) + 1
  }

  /// The 64-bit FNV-1a hash of `name`'s UTF-8 bytes, mixed by MurmurHash3's 64-bit finalizer
  /// (FNV-1a alone spreads its low bits poorly, and a shard is taken from the low bits).
  ///
  /// Defined by these constants, not by Swift's `Hasher`, which is seeded anew in every process:
  /// the same name gives the same number on every platform, build and run.
  /// docs/regression-tests.md shows it in a few lines of Python.
  package static func hash(_ name: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in name.utf8 {
      // Wrapping multiplication is FNV's definition (arithmetic modulo 2^64).
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    hash ^= hash >> 33
    hash = hash &* 0xff51_afd7_ed55_8ccd
    hash ^= hash >> 33
    hash = hash &* 0xc4ce_b9fe_1a85_ec53
    hash ^= hash >> 33
    return hash
  }

  /// Most digits of a shard's number and of the number of shards.
  package static let digitLimit = 9
  /// The most shards: 999,999,999.
  private static let largest = String(repeating: "9", count: digitLimit)

  /// Whether `text` is written in ASCII digits alone (no sign, no space), at least one.
  private static func isDigits(_ text: Substring) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
  }

  /// The whole number `text` writes (see ``isDigits(_:)``) when it has at most ``digitLimit``
  /// digits.
  private static func number(_ text: Substring) -> Int? {
    text.utf8.count <= digitLimit ? Int(text) : nil
  }
}
