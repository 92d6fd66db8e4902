import HapticAndroid
import HapticPipeline
import HapticReader
import Testing
import _HapticRenderTestSupport

/// The heartbeat's composition as Android 16's framework times it (``AOSPPrimitiveDelayAdapter``).
@Suite struct AndroidCompositionTests {
  private func heartbeat() throws -> AndroidEffect {
    var diagnostics = Diagnostics()
    let path = "\(Locations.samples)/heartbeat.ahap"
    let pattern = try #require(try PatternLoader().load(path: path, diagnostics: &diagnostics))
    return try AndroidEffect.converting(pattern, file: path, diagnostics: &diagnostics).effect
  }

  /// API 36: each delay the gap between starts, as a start offset; every primitive starts on
  /// its onset, whatever the device's primitive lengths (here 12 and 30 ms).
  @Test(arguments: [12, 30])
  func startOffsetsPutEveryPrimitiveOnItsOnset(_ length: Int) throws {
    let effect = try heartbeat()
    #expect(effect.compositionIsComplete && effect.composition.count == 6, "a pattern of taps is a composition")
    let onsets = effect.composition.map(\.startMillis)
    let primitives = onsets.indices.map { index in
      AOSPPrimitiveDelayAdapter.Primitive(
        delay: index == 0 ? onsets[0] : onsets[index] - onsets[index - 1], isStartOffset: true,
        durationMillis: length)
    }
    let starts = AOSPPrimitiveDelayAdapter.starts(primitives)
    #expect(starts.map(\.index) == Array(onsets.indices), "no primitive is dropped")
    #expect(zip(starts.map(\.millis), onsets).allSatisfy { abs($0 - $1) <= 1 }, "\(starts) against \(onsets)")
  }

  /// The pauses API 30 would wait (the gaps between starts) put each primitive late by the
  /// lengths of those before it: what the start offsets and the run-time correction remove.
  @Test func gapsAsPausesComeLate() throws {
    let onsets = try heartbeat().composition.map(\.startMillis)
    let primitives = onsets.indices.map { index in
      AOSPPrimitiveDelayAdapter.Primitive(
        delay: index == 0 ? onsets[0] : onsets[index] - onsets[index - 1], isStartOffset: false, durationMillis: 12)
    }
    let starts = AOSPPrimitiveDelayAdapter.starts(primitives).map(\.millis)
    #expect(starts.last == (onsets.last ?? 0) + 12 * (onsets.count - 1))
  }
}
