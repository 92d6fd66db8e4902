/// The complex envelope at f0 of a signal `a`: `E` such that `a ≈ Re(E·e^(iω0t))`, found by
/// multiplying `a` by `2·e^(−iω0t)` and averaging twice over half a period of f0.
///
/// Half a period cancels the image that the product leaves at 2·f0 (twice: the period is not a
/// whole number of frames), and spreads an edge of the envelope over one period of f0 in all
/// (5.9 ms at 170 Hz). The result lags the input by `delay` frames, `2·(half − 1)/2`.
///
/// - Complexity: O(1) per frame; two buffers of `half` complex values.
package struct EnvelopeDemodulator: Sendable {
  /// Frames in each average: `round(fs/(2·f0))`, ≥ 1.
  package let half: Int
  private var first: [ComplexSample]
  private var second: [ComplexSample]
  private var firstSum = ComplexSample.zero
  private var secondSum = ComplexSample.zero
  private var index = 0
  /// Frames since the last input that was not 0; the sums are reset to exact zeros after
  /// `2·half` of them, so that rounding leaves nothing behind a silence.
  private var zeroRun = 0
  private let scale: Double

  package init(frequency: Double, sampleRate: Int) {
    half = max(1, Int((Double(sampleRate) / (2 * frequency)).rounded()))
    first = Array(repeating: .zero, count: half)
    second = Array(repeating: .zero, count: half)
    scale = 2 / Double(half * half)
  }

  /// How many frames the envelope lags the input: the centre of the two averages.
  package var delay: Int { half - 1 }

  /// Whether the last `2·half` inputs were all 0, so the envelope is exactly 0.
  package var isSilent: Bool { zeroRun >= 2 * half }

  /// Takes `count` samples of 0 while ``isSilent``: what `count` calls of
  /// ``next(_:phasor:)`` with 0 do, whose envelopes are all exactly 0.
  package mutating func skipSilence(_ count: Int) {
    precondition(isSilent, "the demodulator skips only a silence")
    zeroRun += count
    index = (index + count) % half
  }

  /// Takes the next sample `a` with the phasor `e^(−iω0k/fs)` of its frame `k`; returns the
  /// envelope at frame `k − delay`.
  @inline(__always)
  package mutating func next(_ sample: Double, phasor: ComplexSample) -> ComplexSample {
    if sample == 0 {
      zeroRun += 1
      if zeroRun >= 2 * half {
        if zeroRun == 2 * half {
          for position in 0..<half {
            first[position] = .zero
            second[position] = .zero
          }
          firstSum = .zero
          secondSum = .zero
        }
        index = index + 1 == half ? 0 : index + 1
        return .zero
      }
    } else {
      zeroRun = 0
    }
    let product = phasor * sample
    firstSum = firstSum + product - first[index]
    first[index] = product
    secondSum = secondSum + firstSum - second[index]
    second[index] = firstSum
    index = index + 1 == half ? 0 : index + 1
    return secondSum * scale
  }
}
