/// The arguments of Android's `VibrationEffect.createWaveform(long[] timings, int[] amplitudes,
/// int repeat)` (API 26+): steps of constant amplitude, each lasting its timing.
///
/// Amplitudes are 0…255, proportional to the vibration's amplitude
/// (https://developer.android.com/reference/android/os/VibrationEffect#createWaveform(long[],%20int[],%20int)),
/// so a step carries `255 · A(I)`, the render's amplitude law (docs/signal-model.md §1).
///
/// Invariants (``init(peaks:lastMillis:)``):
/// - Every timing is a multiple of ``stepMillis`` (the last one may be shorter), and the
///   timings add up to the render's length rounded up to a millisecond; a render of no frames
///   (a pattern with no event, or only curves) is one silent step of ``stepMillis``, since
///   Android refuses a waveform without a timing above 0 (`IllegalArgumentException`).
/// - Over each step the render's envelope stays within ``tolerance`` of full scale of the
///   step's `amplitude / 255`; a step over silence is exactly 0.
public struct AndroidWaveform: Sendable, Equatable {
  /// The shortest step, in milliseconds: Android's vibrator HALs play shorter steps unevenly.
  public static let stepMillis = 10
  /// The largest difference, as a fraction of full scale, between a step's amplitude and the
  /// render's envelope over the step: 0.05, plus half a unit of the 0…255 scale.
  public static let tolerance = 0.05

  /// Milliseconds of each step, > 0.
  public var timings: [Int]
  /// Amplitude of each step, 0…255.
  public var amplitudes: [Int]
  /// Index of the step to repeat from, or -1 to play once (what a pattern does).
  public var repeatIndex: Int

  public init(timings: [Int], amplitudes: [Int], repeatIndex: Int = -1) {
    self.timings = timings
    self.amplitudes = amplitudes
    self.repeatIndex = repeatIndex
  }

  /// Steps that follow `peaks`, the render's envelope: the peak of the haptic bus's absolute
  /// value in each ``stepMillis`` window (0…1), the last window lasting `lastMillis`.
  ///
  /// Neighbouring windows join one step while their peaks span at most twice ``tolerance``
  /// and are all zero or all non-zero; the step takes the middle of that span.
  public init(peaks: [Double], lastMillis: Int = stepMillis) {
    var timings: [Int] = []
    var amplitudes: [Int] = []
    var low = 0.0
    var high = 0.0
    var millis = 0
    func close() {
      guard millis > 0 else { return }
      timings.append(millis)
      amplitudes.append(high == 0 ? 0 : min(255, max(1, Int(((low + high) / 2 * 255).rounded()))))
    }
    for (index, peak) in peaks.enumerated() {
      let peak = min(max(peak, 0), 1)
      let length = index == peaks.count - 1 ? lastMillis : Self.stepMillis
      if millis > 0, (peak == 0) == (high == 0), max(high, peak) - min(low, peak) <= 2 * Self.tolerance {
        low = min(low, peak)
        high = max(high, peak)
        millis += length
      } else {
        close()
        (low, high, millis) = (peak, peak, length)
      }
    }
    close()
    if timings.isEmpty { (timings, amplitudes) = ([Self.stepMillis], [0]) }
    self.init(timings: timings, amplitudes: amplitudes)
  }

  /// The sum of the timings, in milliseconds.
  public var durationMillis: Int { timings.reduce(0, +) }
}
