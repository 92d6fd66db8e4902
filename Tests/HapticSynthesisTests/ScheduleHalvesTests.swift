import HapticModel
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

private typealias F = PatternFixtures

/// A large pattern is scheduled in two halves on two threads: the voices, lengths, peak bound
/// and errors are those of one pass in event order.
@Suite struct ScheduleHalvesTests {
  /// What a schedule holds, comparable.
  private struct Outline: Equatable {
    var frames: [Range<Int>]
    var spans: [Range<Int>]
    var frameCount: Int
    var lengthSource: LengthSource
    var peakBound: Double
    var framesOverCeiling: Int

    init(_ schedule: Schedule) {
      frames = schedule.voices.map { $0.onsetFrame..<$0.endFrame }
      spans = schedule.spans
      frameCount = schedule.frameCount
      lengthSource = schedule.lengthSource
      peakBound = schedule.peakBound
      framesOverCeiling = schedule.framesOverCeiling
    }
  }

  private func outline(_ json: String, halvesFrom threshold: Int) throws -> Outline {
    Outline(try Schedule(pattern: try F.pattern(json), options: RenderOptions(), halvesFrom: threshold))
  }

  @Test func halvesGiveTheScheduleOfOnePass() throws {
    // Out of time order (the voices are sorted), overlapping, under an intensity curve, with
    // the longest event in the first half and a control ending last (a `Parameter`: a curve
    // counts by its start).
    var elements = (0..<41).map { index in
      let intensity: Double = Double(index % 7) / 7
      return F.event("HapticTransient", time: Double(40 - index) * 0.013, ["HapticIntensity": intensity])
    }
    elements += (0..<9).map { index in
      F.event("HapticContinuous", time: Double(index) * 0.05, duration: index == 2 ? 1.5 : 0.2)
    }
    elements.swapAt(3, 45)
    elements.append(F.curve("HapticIntensityControl", time: 0.1, [(0, 1), (0.5, 0.2), (2.5, 0.6)]))
    elements.append(F.parameter("HapticIntensityControl", time: 2.5, 0.8))
    let json = F.document(elements.joined(separator: ","))
    let whole = try outline(json, halvesFrom: .max)
    #expect(whole.frames.count == 50 && whole.frameCount == 120_000 && whole.lengthSource == .parameter(0))
    for threshold in [2, 49, 50] {
      #expect(try outline(json, halvesFrom: threshold) == whole, "halves from \(threshold) events")
    }
  }

  /// Two events that end on the same frame, one in each half: the earlier one tells the length,
  /// as in one pass.
  @Test func theEarlierOfTwoEventsEndingTogetherTellsTheLength() throws {
    var elements = (0..<10).map { F.event("HapticTransient", time: Double($0) * 0.01) }
    elements[1] = F.event("HapticContinuous", time: 1, duration: 0.5)
    elements[8] = F.event("HapticContinuous", time: 1, duration: 0.5)
    let json = F.document(elements.joined(separator: ","))
    let whole = try outline(json, halvesFrom: .max)
    #expect(whole.lengthSource == .sound(event: 1) && whole.frameCount == 72_960)
    #expect(try outline(json, halvesFrom: 2) == whole)
  }

  @Test func theFirstErrorInEventOrderIsThrown() throws {
    let transient = F.event("HapticTransient", time: 0)
    // A waveform never loaded, and a tone at 880 Hz, above half the sample rate.
    func custom(_ path: String) -> String {
      "{\"Event\": {\"Time\": 0.5, \"EventType\": \"AudioCustom\", \"EventWaveformPath\": \"\(path)\"}}"
    }
    let shrill = F.event("AudioContinuous", time: 0.2, duration: 1, ["AudioPitch": 1])
    var options = RenderOptions()
    options.sampleRate = 1_600
    func error(_ elements: String...) throws -> RenderError? {
      let pattern = try F.pattern(F.document(elements.joined(separator: ",")))
      do {
        _ = try Schedule(pattern: pattern, options: options, halvesFrom: 2)
        return nil
      } catch {
        return error
      }
    }
    #expect(
      try error(transient, custom("first.wav"), transient, custom("second.wav")) == .missingWaveform(path: "first.wav"))
    #expect(
      try error(transient, transient, shrill, custom("second.wav"))
        == .carrierAboveNyquist(frequency: 880, sampleRate: 1_600))
    #expect(try error(transient, transient, custom("second.wav"), shrill) == .missingWaveform(path: "second.wav"))
    // Voices held by reference made in both halves before the errors, then let go (the suite
    // runs under AddressSanitizer in CI, which reports one released twice or used after).
    let buzz = F.event("HapticContinuous", time: 0.1, duration: 0.3, ["HapticIntensity": 0.5])
    let tone = F.event("AudioContinuous", time: 0.1, duration: 0.3)
    #expect(
      try error(buzz, tone, custom("first.wav"), buzz, tone, custom("second.wav"))
        == .missingWaveform(path: "first.wav"))
    #expect(try error(buzz, tone, buzz, tone, custom("second.wav"), buzz) == .missingWaveform(path: "second.wav"))
  }
}
