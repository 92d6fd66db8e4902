extension UnsafeBufferPointer<Float> {
  /// How many samples come before the first that is not ±0 (all of them when there is none):
  /// eight at a time while all eight are ±0 (their bits but the signs all 0, so a NaN is not
  /// 0), then one by one.
  package var leadingZeroCount: Int {
    guard let base = baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    let magnitudes: UInt64 = 0x7FFF_FFFF_7FFF_FFFF
    var position = 0
    // Each load reads frames that lie in the buffer.
    while position + 8 <= count {
      let bytes = position * 4
      let bits =
        raw.loadUnaligned(fromByteOffset: bytes, as: UInt64.self)
        | raw.loadUnaligned(fromByteOffset: bytes + 8, as: UInt64.self)
        | raw.loadUnaligned(fromByteOffset: bytes + 16, as: UInt64.self)
        | raw.loadUnaligned(fromByteOffset: bytes + 24, as: UInt64.self)
      guard bits & magnitudes == 0 else { break }
      position += 8
    }
    while position < count, self[position] == 0 { position += 1 }
    return position
  }
}
