#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Frequency analysis of rendered frames, for tests.
public enum Spectrum {
  /// The frequency in Hz of the strongest component of `samples` within `band`, found with a
  /// Hann-windowed FFT (zero-padded to at least 2¹⁷ points) refined by parabolic interpolation.
  public static func peakFrequency(
    of samples: ArraySlice<Float>, sampleRate: Int, in band: ClosedRange<Double> = 1...20_000
  ) -> Double {
    let magnitudes = magnitudeSpectrum(samples)
    let binWidth = Double(sampleRate) / Double(magnitudes.count * 2)
    let low = max(Int(band.lowerBound / binWidth), 1)
    let high = min(Int(band.upperBound / binWidth), magnitudes.count - 2)
    var best = low
    for bin in low...high where magnitudes[bin] > magnitudes[best] { best = bin }
    let (a, b, c) = (log(magnitudes[best - 1]), log(magnitudes[best]), log(magnitudes[best + 1]))
    let offset = (a - 2 * b + c) == 0 ? 0 : 0.5 * (a - c) / (a - 2 * b + c)
    return (Double(best) + offset) * binWidth
  }

  /// The amplitude of the component of `samples` at exactly `frequency` Hz: the Hann-windowed
  /// correlation with a complex exponential, scaled so that a sine of amplitude A gives A.
  public static func amplitude(
    of samples: ArraySlice<Float>, at frequency: Double, sampleRate: Int
  ) -> Double {
    let count = samples.count
    var (real, imaginary, weights) = (0.0, 0.0, 0.0)
    for (offset, sample) in samples.enumerated() {
      let window = 0.5 - 0.5 * cos(2 * Double.pi * Double(offset) / Double(count - 1))
      let angle = 2 * Double.pi * frequency * Double(offset) / Double(sampleRate)
      real += Double(sample) * window * cos(angle)
      imaginary += Double(sample) * window * sin(angle)
      weights += window
    }
    return 2 * (real * real + imaginary * imaginary).squareRoot() / weights
  }

  /// The level in dB, relative to the strongest component, of the strongest component farther
  /// than `width` Hz from `frequency` (and above 20 Hz): how far aliases and spurs stay below
  /// the tone.
  public static func spuriousLevel(
    of samples: ArraySlice<Float>, sampleRate: Int, around frequency: Double, width: Double
  ) -> Double {
    let magnitudes = magnitudeSpectrum(samples)
    let binWidth = Double(sampleRate) / Double(magnitudes.count * 2)
    var peak = 0.0
    var spur = 0.0
    for (bin, magnitude) in magnitudes.enumerated() {
      let binFrequency = Double(bin) * binWidth
      peak = max(peak, magnitude)
      if binFrequency > 20, abs(binFrequency - frequency) > width { spur = max(spur, magnitude) }
    }
    return 20 * log10(spur / peak)
  }

  /// The share of the energy of `samples` at frequencies above `frequency` Hz: the sum of the
  /// squared magnitudes of their zero-padded FFT (no window) above it, over the sum of all.
  public static func energyShare(of samples: [Float], above frequency: Double, sampleRate: Int) -> Double {
    var size = 1
    while size < samples.count { size <<= 1 }
    var real = samples.map(Double.init) + [Double](repeating: 0, count: size - samples.count)
    var imaginary = [Double](repeating: 0, count: size)
    fft(&real, &imaginary)
    var above = 0.0
    var total = 0.0
    for bin in 0...(size / 2) {
      let power = real[bin] * real[bin] + imaginary[bin] * imaginary[bin]
      total += power
      if Double(bin) * Double(sampleRate) / Double(size) > frequency { above += power }
    }
    return total > 0 ? above / total : 0
  }

  /// One-sided magnitudes of the windowed, zero-padded FFT (size/2 bins).
  static func magnitudeSpectrum(_ samples: ArraySlice<Float>) -> [Double] {
    var size = 1 << 17
    while size < samples.count { size <<= 1 }
    var real = [Double](repeating: 0, count: size)
    var imaginary = [Double](repeating: 0, count: size)
    let count = samples.count
    for (offset, sample) in samples.enumerated() {
      let window = 0.5 - 0.5 * cos(2 * Double.pi * Double(offset) / Double(count - 1))
      real[offset] = Double(sample) * window
    }
    fft(&real, &imaginary)
    return (0..<size / 2).map { bin -> Double in
      let power: Double = real[bin] * real[bin] + imaginary[bin] * imaginary[bin]
      return max(power.squareRoot(), 1e-300)
    }
  }

  /// In-place iterative radix-2 FFT; the count must be a power of two.
  static func fft(_ real: inout [Double], _ imaginary: inout [Double]) {
    let n = real.count
    var j = 0
    for i in 1..<n {
      var bit = n >> 1
      while j & bit != 0 {
        j ^= bit
        bit >>= 1
      }
      j |= bit
      if i < j {
        real.swapAt(i, j)
        imaginary.swapAt(i, j)
      }
    }
    var length = 2
    while length <= n {
      let angle = -2 * Double.pi / Double(length)
      let (stepReal, stepImaginary) = (cos(angle), sin(angle))
      var start = 0
      while start < n {
        var (wReal, wImaginary) = (1.0, 0.0)
        for k in 0..<length / 2 {
          let even = start + k
          let odd = even + length / 2
          let tReal = real[odd] * wReal - imaginary[odd] * wImaginary
          let tImaginary = real[odd] * wImaginary + imaginary[odd] * wReal
          real[odd] = real[even] - tReal
          imaginary[odd] = imaginary[even] - tImaginary
          real[even] += tReal
          imaginary[even] += tImaginary
          (wReal, wImaginary) = (
            wReal * stepReal - wImaginary * stepImaginary, wReal * stepImaginary + wImaginary * stepReal
          )
        }
        start += length
      }
      length <<= 1
    }
  }
}
