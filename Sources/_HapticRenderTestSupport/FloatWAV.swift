import Foundation

/// Audio files written byte by byte, for tests that need content the library's writer never
/// writes (NaN, infinities).
public enum FloatWAV {
  /// Writes a mono 32-bit float WAV at 8000 Hz holding `samples` to `path`.
  public static func write(_ samples: [Float], to path: String) throws {
    func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }
    let data = samples.flatMap { le($0.bitPattern) }
    let format = le(UInt16(3)) + le(UInt16(1)) + le(UInt32(8_000)) + le(UInt32(32_000)) + le(UInt16(4)) + le(UInt16(32))
    let body =
      Array("WAVE".utf8) + Array("fmt ".utf8) + le(UInt32(format.count)) + format
      + Array("data".utf8) + le(UInt32(data.count)) + data
    try Data(Array("RIFF".utf8) + le(UInt32(body.count)) + body).write(to: URL(fileURLWithPath: path))
  }
}
