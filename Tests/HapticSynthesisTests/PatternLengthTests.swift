import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// docs/signal-model.md §5.2, measured on rendered PCM at 48 kHz: a render lasts to the latest
/// sound's end, event `Time` plus `EventDuration` or control `Time` (a curve's start, not its
/// later points), then the tail.
@Suite struct PatternLengthTests {
  private typealias F = PatternFixtures

  /// Frames of a transient at sharpness 0.5: `round(2 · 48000 / 182.5 Hz)`.
  private let tapFrames = 526

  /// §6.22: a transient at 0 and a `HapticIntensityControl` curve at `Time` 0 with points at
  /// 0 s and 3 s give a file as long as the transient, with the transient's samples.
  @Test func aCurvesLaterPointsDoNotLengthenTheFile() throws {
    let tap = try F.render(F.document(F.event("HapticTransient")))
    let swept = try F.render(
      F.document(F.event("HapticTransient"), F.curve("HapticIntensityControl", [(0, 1), (3, 0.2)])))
    #expect(tap.report.frameCount == tapFrames)
    #expect(swept.report.frameCount == tapFrames)
    #expect(swept.channels[0] == tap.channels[0])
    #expect(Signal.peak(swept.channels[0][...]) > 0.99)
  }

  /// A curve's `Time` counts, as a `Parameter`'s does: each lengthens the file to its start.
  @Test(arguments: [
    PatternFixtures.curve("HapticIntensityControl", time: 2, [(0, 1), (3, 0.2)]),
    PatternFixtures.parameter("HapticIntensityControl", time: 2, 0.5),
  ])
  func aControlsTimeLengthensTheFile(_ control: String) throws {
    let audio = try F.render(F.document(F.event("HapticTransient"), control))
    #expect(audio.report.frameCount == 96_000)
    #expect(audio.channels[0][tapFrames...].allSatisfy { $0 == 0 })
  }

  /// The schedule says which element ends the render; the tail comes after it.
  @Test func theScheduleNamesWhatEndsTheRender() throws {
    func source(_ elements: String..., tail: Double = 0) throws -> (LengthSource, Int, Int) {
      var options = RenderOptions()
      options.tailSeconds = tail
      let schedule = try Schedule(pattern: try F.pattern(F.document(elements.joined(separator: ","))), options: options)
      return (schedule.lengthSource, schedule.lengthEndFrame, schedule.frameCount)
    }
    let curve = F.curve("HapticIntensityControl", time: 0.5, [(0, 1), (3, 0.2)])
    #expect(try source(F.event("HapticTransient"), curve) == (.curve(0), 24_000, 24_000))
    #expect(try source(F.event("HapticTransient", time: 0.6), curve) == (.sound(event: 0), 29_326, 29_326))
    #expect(try source(F.event("HapticTransient", duration: 1), curve) == (.eventDuration(event: 0), 48_000, 48_000))
    #expect(
      try source(F.event("HapticContinuous", duration: 1), F.parameter("HapticIntensityControl", time: 1.01, 1))
        == (.sound(event: 0), 48_960, 48_960))
    #expect(
      try source(F.event("HapticTransient"), F.parameter("HapticIntensityControl", time: 1, 1), tail: 0.5)
        == (.parameter(0), 48_000, 72_000))
    #expect(try source(tail: 0.25) == (.nothing, 0, 12_000))
  }
}
