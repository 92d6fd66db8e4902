#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Level and timing measurements on rendered frames, for tests.
public enum Signal {
  /// Root mean square of the samples.
  public static func rms(_ samples: ArraySlice<Float>) -> Double {
    guard !samples.isEmpty else { return 0 }
    let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
    return (sum / Double(samples.count)).squareRoot()
  }

  /// Largest magnitude.
  public static func peak(_ samples: ArraySlice<Float>) -> Double {
    Double(samples.map(abs).max() ?? 0)
  }

  /// Mean value.
  public static func mean(_ samples: ArraySlice<Float>) -> Double {
    samples.isEmpty ? 0 : samples.reduce(0.0) { $0 + Double($1) } / Double(samples.count)
  }

  /// Index of the first sample that is not exactly zero, at or after `start`.
  public static func firstNonZero(_ samples: [Float], from start: Int = 0) -> Int? {
    (start..<samples.count).first { samples[$0] != 0 }
  }

  /// Index of the last sample that is not exactly zero.
  public static func lastNonZero(_ samples: [Float]) -> Int? {
    samples.indices.last { samples[$0] != 0 }
  }

  /// The stretches of sound in `samples`: runs from a non-zero sample to the last non-zero
  /// one before at least `minimumGap` exact zeros (or the end).
  public static func bursts(_ samples: [Float], minimumGap: Int) -> [Range<Int>] {
    var bursts: [Range<Int>] = []
    var start: Int?
    var lastSound = 0
    for (index, sample) in samples.enumerated() where sample != 0 {
      if let current = start, index - lastSound > minimumGap {
        bursts.append(current..<lastSound + 1)
        start = index
      } else if start == nil {
        start = index
      }
      lastSound = index
    }
    if let start { bursts.append(start..<lastSound + 1) }
    return bursts
  }

  /// The amplitude of a sine of `frequency` Hz around each sample, from the Teager–Kaiser
  /// energy operator: `√(x[n]² − x[n−1]·x[n+1]) / sin(ω)`. Exact for a constant sine and
  /// accurate for slowly varying amplitude; the first and last samples are 0.
  public static func envelope(_ samples: [Float], frequency: Double, sampleRate: Int) -> [Double] {
    let scale = 1 / sin(2 * Double.pi * frequency / Double(sampleRate))
    var result = [Double](repeating: 0, count: samples.count)
    for n in 1..<max(samples.count - 1, 1) {
      let x = Double(samples[n])
      let energy = x * x - Double(samples[n - 1]) * Double(samples[n + 1])
      result[n] = max(energy, 0).squareRoot() * scale
    }
    return result
  }

  /// The amplitude of the component at `frequency` Hz around each sample, by quadrature: the
  /// samples times `2·e^(−iωn)`, averaged over the period of `frequency` centred on the sample
  /// (whole samples, rounded). Exact for a constant sine, blind to content at the harmonics,
  /// and it spreads an edge over one period; samples within half a period of the ends are 0.
  public static func quadratureAmplitude(_ samples: [Float], frequency: Double, sampleRate: Int) -> [Double] {
    let period = max(1, Int((Double(sampleRate) / frequency).rounded()))
    let half = period / 2
    let products = samples.enumerated().map { index, sample in
      let angle = 2 * Double.pi * frequency * Double(index) / Double(sampleRate)
      return (Double(sample) * cos(angle), -Double(sample) * sin(angle))
    }
    var result = [Double](repeating: 0, count: samples.count)
    guard samples.count > period else { return result }
    var real = products[0..<period].reduce(0) { $0 + $1.0 }
    var imaginary = products[0..<period].reduce(0) { $0 + $1.1 }
    for centre in half..<(samples.count - period + half) {
      result[centre] = 2 * (real * real + imaginary * imaginary).squareRoot() / Double(period)
      let leaving = products[centre - half]
      let entering = products[centre - half + period]
      real += entering.0 - leaving.0
      imaginary += entering.1 - leaving.1
    }
    return result
  }

  /// `20·log10(a / b)`.
  public static func decibels(_ a: Double, relativeTo b: Double) -> Double {
    20 * log10(a / b)
  }
}
