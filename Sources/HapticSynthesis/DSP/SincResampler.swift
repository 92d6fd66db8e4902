/// Reads a sampled signal at any fractional position with a Kaiser-windowed sinc kernel, so
/// that it can be played at another sample rate or speed without aliasing.
///
/// The kernel spans ±``zeroCrossings`` zero crossings of the sinc (scaled by the cutoff when
/// reading faster than the source rate) and is tabulated once, with linear interpolation
/// between ``tableResolution`` points per zero crossing.
///
/// Invariants: pure IEEE arithmetic (no libm), so every platform gives the same bits.
package struct SincResampler: Sendable {
  package static let zeroCrossings = 32
  package static let tableResolution = 512
  /// Kaiser window shape; about −100 dB side lobes.
  package static let beta = 10.0

  /// `kernel[i]` is the windowed sinc at `i / tableResolution` zero crossings.
  package static let kernel: [Float] = {
    let count = zeroCrossings * tableResolution + 2
    let normalizer = besselI0(beta)
    return (0..<count).map { index in
      let u = Double(index) / Double(tableResolution)
      guard u < Double(zeroCrossings) else { return 0 }
      let sinc = u == 0 ? 1 : Sine.of(turns: u / 2) / (Double.pi * u)
      let ratio = u / Double(zeroCrossings)
      let window = besselI0(beta * (1 - ratio * ratio).squareRoot()) / normalizer
      return Float(sinc * window)
    }
  }()

  /// The zeroth-order modified Bessel function of the first kind, by its power series.
  package static func besselI0(_ x: Double) -> Double {
    var sum = 1.0
    var term = 1.0
    let quarterSquare = x * x / 4
    for k in 1..<60 {
      term *= quarterSquare / Double(k * k)
      sum += term
      if term < sum * 1e-17 { break }
    }
    return sum
  }

  /// The kernel at `u` zero crossings (any sign), from `kernel`, the buffer of ``kernel``.
  @inline(__always)
  private static func kernelValue(_ u: Double, in kernel: UnsafeBufferPointer<Float>) -> Double {
    let position = abs(u) * Double(tableResolution)
    let index = Int(position)
    guard index + 1 < kernel.count else { return 0 }
    let fraction = position - Double(index)
    return Double(kernel[index]) + (Double(kernel[index + 1]) - Double(kernel[index])) * fraction
  }

  /// The value of `samples` at fractional index `position`.
  ///
  /// - Parameters:
  ///   - step: Source frames advanced per output frame; above 1 the cutoff is lowered by
  ///     `1 / step` to keep what is read below the output's Nyquist frequency.
  ///   - loops: Whether indices outside the data wrap around; otherwise they read as 0.
  package static func value(
    of samples: [Float], at position: Double, step: Double, loops: Bool
  ) -> Double {
    let cutoff = step > 1 ? 1 / step : 1
    let reach = Double(zeroCrossings) / cutoff
    let first = Int((position - reach).rounded(.up))
    let last = Int((position + reach).rounded(.down))
    let count = samples.count
    guard count > 0, first <= last else { return 0 }
    return samples.withUnsafeBufferPointer { samples in
      kernel.withUnsafeBufferPointer { kernel in
        // Each index in order, as its own term: the indices outside the data add nothing
        // unless they wrap around, and a wrapped index reads the frame it wraps to.
        var sum = 0.0
        if loops {
          var sourceIndex = first % count
          if sourceIndex < 0 { sourceIndex += count }
          for index in first...last {
            sum += Double(samples[sourceIndex]) * kernelValue((position - Double(index)) * cutoff, in: kernel)
            sourceIndex = sourceIndex + 1 == count ? 0 : sourceIndex + 1
          }
        } else if max(first, 0) <= min(last, count - 1) {
          for index in max(first, 0)...min(last, count - 1) {
            sum += Double(samples[index]) * kernelValue((position - Double(index)) * cutoff, in: kernel)
          }
        }
        return sum * cutoff
      }
    }
  }
}
