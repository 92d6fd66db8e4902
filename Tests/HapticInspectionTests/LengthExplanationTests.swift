import HapticInspection
import HapticModel
import HapticPipeline
import HapticReader
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// `render info` says where the rendered length comes from: the event, control or tail that
/// ends it (docs/signal-model.md §5.2), and the length is the render's.
@Suite struct LengthExplanationTests {
  private typealias F = PatternFixtures

  private func explanation(_ elements: String..., tail: Double = 0) throws -> LengthExplanation {
    var options = RenderOptions()
    options.tailSeconds = tail
    let analysis = try PatternAnalysis(try F.pattern(F.document(elements.joined(separator: ","))), options: options)
    let audio = try Render.toMemory(analysis.pattern, options: options)
    #expect(analysis.duration == Double(audio.report.frameCount) / 48_000)
    #expect(abs(analysis.lengthEnd + analysis.tailSeconds - analysis.duration) < 1e-12)
    return LengthExplanation(analysis)
  }

  @Test func theReleaseOfTheLastEvent() throws {
    var diagnostics = Diagnostics()
    let pattern = try #require(
      try PatternLoader().load(path: "\(Locations.samples)/breath-478.ahap", diagnostics: &diagnostics))
    let length = LengthExplanation(try PatternAnalysis(pattern))
    #expect(length.kind == "release" && length.element == "Pattern[2].Event" && length.end == 19.02)
    #expect(length.text == "the release of Pattern[2].Event (HapticContinuous at 11.000 s, 8.000 s + release 0.020 s)")
  }

  @Test func theSoundOfATransientUnderALongerCurve() throws {
    let length = try explanation(
      F.event("HapticTransient"), F.curve("HapticIntensityControl", [(0, 1), (3, 0.2)]))
    #expect(length.kind == "sound" && length.end == 526.0 / 48_000)
    #expect(length.text == "the end of Pattern[0].Event (HapticTransient at 0.000 s, sounding 0.011 s)")
  }

  @Test func anEventDurationLongerThanTheSound() throws {
    let tap = try explanation(F.event("HapticTransient", time: 0.5, duration: 1))
    #expect(tap.kind == "eventDuration" && tap.end == 1.5)
    #expect(
      tap.text
        == "the EventDuration of Pattern[0].Event (HapticTransient at 0.500 s + 1.000 s; its sound ends at 0.511 s)")
    let long = try explanation(F.event("HapticContinuous", duration: 40))
    #expect(long.kind == "eventDuration" && long.end == 40)
  }

  @Test func theTimeOfAControl() throws {
    let parameter = try explanation(F.event("HapticTransient"), F.parameter("HapticIntensityControl", time: 2, 0.5))
    #expect(parameter.kind == "parameter" && parameter.element == "Pattern[1].Parameter" && parameter.end == 2)
    #expect(parameter.text == "the Time of Pattern[1].Parameter (HapticIntensityControl at 2.000 s)")
    let curve = try explanation(
      F.event("HapticTransient"), F.curve("HapticSharpnessControl", time: 1.5, [(0, 0), (3, 0.5)]))
    #expect(curve.kind == "curve" && curve.element == "Pattern[1].ParameterCurve" && curve.end == 1.5)
    #expect(
      curve.text
        == "the Time of Pattern[1].ParameterCurve (HapticSharpnessControl curve starting at 1.500 s; its later points do not count)"
    )
  }

  @Test func theTailComesLast() throws {
    let tapped = try explanation(F.event("HapticTransient"), tail: 0.5)
    #expect(tapped.tail == 0.5)
    #expect(
      tapped.text == "the end of Pattern[0].Event (HapticTransient at 0.000 s, sounding 0.011 s) + a tail of 0.500 s")
    let empty = try explanation(tail: 0.5)
    #expect(empty.kind == "none" && empty.element == nil && empty.end == 0)
    #expect(empty.text == "a tail of 0.500 s (no events or controls)")
    #expect(try explanation().text == "no events or controls")
  }

  /// A non-sustained event that still sounds at its `EventDuration` fades out after it.
  @Test func theFadeOutOfANonSustainedEvent() throws {
    let length = try explanation(
      F.event("HapticContinuous", duration: 0.05, ["HapticSharpness": 1, "Sustained": 0, "DecayTime": 1]))
    #expect(length.kind == "fade-out")
    #expect(
      length.text.hasPrefix("the fade-out of Pattern[0].Event (HapticContinuous at 0.000 s, 0.050 s + fade-out 0.0"))
  }

  /// Events built in code have no path: they are named by their index.
  @Test func elementsWithoutAPathAreNamedByIndex() throws {
    let pattern = Pattern(events: [
      Event(type: .hapticTransient, time: 0), Event(type: .hapticTransient, time: 0.25, duration: 0.5),
    ])
    let length = LengthExplanation(try PatternAnalysis(LoadedPattern(pattern)))
    #expect(length.element == "event 1")
    #expect(length.text.hasPrefix("the EventDuration of event 1 (HapticTransient at 0.250 s + 0.500 s"))
  }
}
