import HapticServe
import Testing

/// The `Range` header read against a file of 1,000 bytes: one range served, positions past
/// `Int.max` past the file, anything malformed or multiple ignored (RFC 9110 §14.2).
@Suite struct ByteRangeTests {
  @Test(arguments: [
    ("bytes=0-99", ByteRange.part(lower: 0, upper: 99)),
    ("bytes=990-", .part(lower: 990, upper: 999)),
    ("bytes=-10", .part(lower: 990, upper: 999)),
    ("bytes=-5000", .part(lower: 0, upper: 999)),
    ("bytes=500-5000", .part(lower: 500, upper: 999)),
    ("BYTES= 1 - 2 ", .part(lower: 1, upper: 2)),
    ("bytes=999-999", .part(lower: 999, upper: 999)),
    ("bytes=-99999999999999999999999999", .part(lower: 0, upper: 999)),
    ("bytes=0-99999999999999999999999999", .part(lower: 0, upper: 999)),
    ("bytes=1000-", .unsatisfiable),
    ("bytes=9223372036854775807-", .unsatisfiable),
    ("bytes=99999999999999999999999999-", .unsatisfiable),
    ("bytes=9223372036854775807-9223372036854775807", .unsatisfiable),
    ("bytes=-0", .unsatisfiable),
    ("bytes=5-2", .whole),
    ("bytes=0-1,3-4", .whole),
    ("items=0-1", .whole),
    ("bytes=", .whole),
    ("bytes=-", .whole),
    ("bytes=a-b", .whole),
    ("bytes=+1-2", .whole),
    ("bytes=0x10-", .whole),
  ])
  func aRangeOfAThousandBytes(header: String, expected: ByteRange) {
    #expect(ByteRange(header: header, size: 1_000) == expected, "\(header)")
  }

  @Test func noHeaderIsTheWholeFileAndAnEmptyFileHasNoPart() {
    #expect(ByteRange(header: nil, size: 10) == .whole)
    #expect(ByteRange(header: "bytes=0-", size: 0) == .unsatisfiable)
    #expect(ByteRange(header: "bytes=-1", size: 0) == .unsatisfiable)
  }
}
