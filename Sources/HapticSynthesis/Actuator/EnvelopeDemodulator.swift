/// The complex envelope at f0 of a signal `a`, one value per control step: `E` such that
/// `a ≈ Re(E·e^(iω0t))`, found by multiplying `a` by `2·e^(−iω0t)`, taking the mean over each
/// step, and averaging those means twice over about half a period of f0.
///
/// The product leaves an image of the envelope at −2·f0. Half a period of f0 is a period of the
/// image, but it is rarely a whole number of steps, so the averages leave about 4e-4 of it (at
/// 170 Hz and 48 kHz), which the drive, the inverse of a slow resonator, would amplify about
/// fifty times; a notch at −2·f0 on the means (`(xₖ − ρ·xₖ₋₁)/(1 − ρ)`, `ρ` the image's
/// rotation over a step) takes out the rest. The averages spread an edge of the envelope over
/// one period of f0 in all (5.9 ms at 170 Hz). The result lags the input by ``delay`` steps.
///
/// - Complexity: O(1) per step; a ring of ``half`` pairs of complex values.
package struct EnvelopeDemodulator: Sendable {
  /// Steps in each average: half a period of f0 in steps, rounded, ≥ 1.
  package let half: Int
  /// The values in the two averages, in one ring (one array to write at each step).
  private var averaged: [(first: ComplexSample, second: ComplexSample)]
  private var firstSum = ComplexSample.zero
  private var secondSum = ComplexSample.zero
  private var index = 0
  /// `ρ`, `1/(1 − ρ)` and the last mean, for the notch.
  private let imageStep: ComplexSample
  private let notchScale: ComplexSample
  private var previousMean = ComplexSample.zero
  /// Steps since the last mean that was not 0; the sums are reset to exact zeros after
  /// `2·half` of them, so that rounding leaves nothing behind a silence.
  private var zeroRun = 0
  private let scale: Double

  /// - Parameters:
  ///   - frequency: f0 in Hz.
  ///   - stepSeconds: The length of a control step in seconds.
  package init(frequency: Double, stepSeconds: Double) {
    half = max(1, Int((1 / (2 * frequency * stepSeconds)).rounded()))
    averaged = Array(repeating: (.zero, .zero), count: half)
    scale = 1 / Double(half * half)
    imageStep = ComplexSample.unit(turns: -2 * frequency * stepSeconds)
    notchScale = ComplexSample(1, 0) / (ComplexSample(1, 0) - imageStep)
  }

  /// How many steps the envelope lags the means: the centre of the two averages.
  package var delay: Int { half - 1 }

  /// Whether the last `2·half` means were all 0, so the envelope is exactly 0 (`2·half ≥ 2`: the
  /// notch's last mean is 0 too).
  package var isSilent: Bool { zeroRun >= 2 * half }

  /// Takes `count` means of 0 while ``isSilent``: what `count` calls of ``next(_:)`` with 0 do,
  /// whose envelopes are all exactly 0.
  package mutating func skipSilence(_ count: Int) {
    precondition(isSilent, "the demodulator skips only a silence")
    zeroRun += count
    index = (index + count) % half
  }

  /// Takes the next step's mean of `2·a·e^(−iω0t)`; returns the envelope `delay` steps earlier.
  @inline(__always)
  package mutating func next(_ mean: ComplexSample) -> ComplexSample {
    if mean == .zero {
      zeroRun += 1
      if zeroRun >= 2 * half {
        previousMean = .zero
        if zeroRun == 2 * half {
          for position in 0..<half {
            averaged[position] = (.zero, .zero)
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
    let notched = (mean - imageStep * previousMean) * notchScale
    previousMean = mean
    let (oldFirst, oldSecond) = averaged[index]
    firstSum = firstSum + notched - oldFirst
    secondSum = secondSum + firstSum - oldSecond
    averaged[index] = (notched, firstSum)
    index = index + 1 == half ? 0 : index + 1
    return secondSum * scale
  }
}
