extension SIMD8 where Scalar == Float {
  /// Each lane's magnitude, its sign bit cleared: one bitwise operation, where comparing with 0
  /// and negating take four. NaN stays NaN. Inlinable, so that other modules inline it too.
  @inlinable @inline(__always) package var magnitude: SIMD8<Float> {
    unsafeBitCast(unsafeBitCast(self, to: SIMD8<UInt32>.self) & 0x7FFF_FFFF, to: SIMD8<Float>.self)
  }
}
