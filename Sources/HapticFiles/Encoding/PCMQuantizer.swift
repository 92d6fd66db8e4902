/// The bytes of a 16- or 24-bit PCM file's samples, from float samples: sample `x` becomes
/// `round(x · 2^(b−1))`, ties to even, clamped to `−2^(b−1) … 2^(b−1) − 1` (`b` the bit depth),
/// not a number 0; each is stored in `b / 8` bytes of the file's byte order, for libsndfile to
/// write as they are (`sf_write_raw`).
///
/// libsndfile's own conversion from floats (1.2.2 and before) rounds at 32 bits and then drops
/// the low bits, which rounds a 16- or 24-bit sample down where this one rounds it to nearest;
/// and it converts one sample at a time, where this converts eight.
package struct PCMQuantizer: Sendable {
  /// The bit depth: 16 or 24.
  package let bits: Int
  /// Whether the file stores the most significant byte first (AIFF, CAF).
  package let isBigEndian: Bool

  /// The quantizer of `encoding`, or `nil` where libsndfile takes floats (32-bit, float).
  package init?(_ encoding: AudioFileFormat.SampleEncoding, isBigEndian: Bool) {
    switch encoding {
    case .pcm16: bits = 16
    case .pcm24: bits = 24
    case .pcm32, .float: return nil
    }
    self.isBigEndian = isBigEndian
  }

  /// Bytes of one sample: 2 or 3.
  package var bytesPerSample: Int { bits / 8 }

  /// Writes the bytes of `samples` to `target`, which has room for `samples.count ×`
  /// ``bytesPerSample`` of them.
  package func quantize(_ samples: UnsafeBufferPointer<Float>, into target: UnsafeMutableRawPointer) {
    guard let base = samples.baseAddress else { return }
    let source = UnsafeRawPointer(base)
    let scale = Float(1 << (bits - 1))
    let (lowest, highest) = (SIMD8<Float>(repeating: -scale), SIMD8<Float>(repeating: scale - 1))
    var index = 0
    while index + 8 <= samples.count {
      let scaled = source.loadUnaligned(fromByteOffset: index * 4, as: SIMD8<Float>.self) * scale
      guard all((scaled .>= lowest) .& (scaled .<= highest)) else {
        // Out of range, or not a number: one at a time.
        quantize(UnsafeBufferPointer(rebasing: samples[index..<index + 8]), from: index, into: target)
        index += 8
        continue
      }
      if bits == 16 {
        store16(unsafeBitCast(scaled + Self.floatRounding, to: SIMD8<UInt32>.self), at: index, in: target)
      } else {
        store24(
          unsafeBitCast(SIMD8<Double>(scaled) + Self.doubleRounding, to: SIMD8<UInt64>.self), at: index, in: target)
      }
      index += 8
    }
    quantize(UnsafeBufferPointer(rebasing: samples[index...]), from: index, into: target)
  }

  /// 1.5 · 2^23 and 1.5 · 2^52. Added to a value `v` in range (`|v| ≤ 2^23`, and `|v| ≤ 2^15`
  /// in single precision), the sum's unit in the last place is 1: the sum is the integer nearest
  /// `v`, ties to even, plus the offset, and its low bits are that integer's two's complement.
  /// Computed, not stored: a stored one would be read through its lazy initializer's check in
  /// every group of eight.
  private static var floatRounding: SIMD8<Float> { SIMD8(repeating: 12_582_912) }
  private static var doubleRounding: SIMD8<Double> { SIMD8(repeating: 6_755_399_441_055_744) }

  /// Quantizes `samples` one at a time, clamping each, into `target`'s places from `first` on.
  private func quantize(_ samples: UnsafeBufferPointer<Float>, from first: Int, into target: UnsafeMutableRawPointer) {
    let scale = Float(1 << (bits - 1))
    for (offset, sample) in samples.enumerated() {
      let scaled = sample * scale
      let value = scaled.isNaN ? 0 : Int32(min(max(scaled, -scale), scale - 1).rounded(.toNearestOrEven))
      let bytes = UInt32(bitPattern: value)
      let place = target + (first + offset) * bytesPerSample
      for byte in 0..<bytesPerSample {
        let shift = 8 * (isBigEndian ? bytesPerSample - 1 - byte : byte)
        place.storeBytes(of: UInt8(truncatingIfNeeded: bytes >> UInt32(shift)), toByteOffset: byte, as: UInt8.self)
      }
    }
  }

  /// Stores eight 16-bit samples, the low 16 bits of `sums`, from place `index`, swapped where
  /// the file's byte order is not this machine's.
  @inline(__always)
  private func store16(_ sums: SIMD8<UInt32>, at index: Int, in target: UnsafeMutableRawPointer) {
    var samples = SIMD8<UInt16>(truncatingIfNeeded: sums)
    if isBigEndian != (1.bigEndian == 1) { samples = samples &<< 8 | samples &>> 8 }
    target.storeBytes(of: samples, toByteOffset: index * 2, as: SIMD8<UInt16>.self)
  }

  /// Stores eight 24-bit samples, the low 24 bits of `sums`, from place `index`: three 64-bit
  /// words, the first sample in the lowest bytes.
  @inline(__always)
  private func store24(_ sums: SIMD8<UInt64>, at index: Int, in target: UnsafeMutableRawPointer) {
    var lanes = sums & 0xFF_FFFF
    if isBigEndian { lanes = (lanes & 0xFF) &<< 16 | lanes & 0xFF00 | lanes &>> 16 }
    let first = lanes[0] | lanes[1] &<< 24 | lanes[2] &<< 48
    let second = lanes[2] &>> 16 | lanes[3] &<< 8 | lanes[4] &<< 32 | lanes[5] &<< 56
    let third = lanes[5] &>> 8 | lanes[6] &<< 16 | lanes[7] &<< 40
    let place = target + index * 3
    place.storeBytes(of: first.littleEndian, as: UInt64.self)
    place.storeBytes(of: second.littleEndian, toByteOffset: 8, as: UInt64.self)
    place.storeBytes(of: third.littleEndian, toByteOffset: 16, as: UInt64.self)
  }
}
