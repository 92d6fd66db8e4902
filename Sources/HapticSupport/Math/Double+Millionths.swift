extension Double {
  /// The value rounded to a multiple of 1e-6, the nearest double to it: the product
  /// 0.7 × 0.7 is written 0.49 rather than 0.48999999999999994. Microseconds for times, and
  /// far finer than any step of an intensity or sharpness anyone hears.
  package var roundedToMillionths: Double {
    (self * 1e6).rounded() / 1e6
  }
}
