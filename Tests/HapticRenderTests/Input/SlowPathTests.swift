import Foundation
import Testing
import _HapticRenderTestSupport

@testable import HapticRender

/// Inputs built to find a slow path: each is read or rendered in time proportional to its size.
/// The bounds are loose (debug builds, a busy machine); the paths they guard were 10 to 1,000
/// times slower.
@Suite struct SlowPathTests {
  private func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  /// A `Description` of 2,000,000 `\u0041` escapes (12 MB): decoding a string was quadratic in
  /// its escapes (12.5 s for 1M, over 60 s for 2M in a release build).
  @Test func manyEscapesInAStringDecodeInLinearTime() throws {
    let text =
      "{\"Metadata\": {\"Description\": \"" + String(repeating: "\\u0041", count: 2_000_000) + "\"}, "
      + "\"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"HapticTransient\", \"EventParameters\": []}}]}"
    var pattern: Pattern?
    let elapsed = try seconds {
      var diagnostics = Diagnostics()
      pattern = Pattern.parse(Array(text.utf8), file: "escapes.ahap", diagnostics: &diagnostics)
    }
    guard case .object(let members) = pattern?.metadata?.kind, case .string(let description) = members.first?.value.kind
    else {
      Issue.record("no Description")
      return
    }
    #expect(description.utf8.count == 2_000_000 && description.utf8.allSatisfy { $0 == UInt8(ascii: "A") })
    #expect(elapsed < 10, "took \(elapsed) s")
  }

  /// Escapes between raw bytes, invalid UTF-8 and surrogates decode as they did scalar by scalar.
  @Test func escapesBetweenRawTextDecodeAsBefore() throws {
    let cases: [([UInt8], String)] = [
      (Array(#"a\u00e9b\n"#.utf8), "aéb\n"),
      ([0xC3] + Array(#"\u0041"#.utf8), "\u{FFFD}A"),
      ([0xE2, 0x82] + Array(#"\u20ac"#.utf8) + [0xE2, 0x82, 0xAC], "\u{FFFD}€€"),
      (Array(#"\ud83d\ude00x\ud83d"#.utf8), "😀x\u{FFFD}"),
    ]
    for (content, expected) in cases {
      let bytes =
        Array("{\"Metadata\": {\"Description\": \"".utf8) + content
        + Array("\"}, \"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"HapticTransient\"}}]}".utf8)
      var diagnostics = Diagnostics()
      let pattern = Pattern.parse(bytes, file: "t.ahap", diagnostics: &diagnostics)
      guard case .object(let members) = pattern?.metadata?.kind, case .string(let decoded) = members.first?.value.kind
      else {
        Issue.record("no Description: \(diagnostics.all)")
        continue
      }
      #expect(decoded == expected)
    }
  }
}
