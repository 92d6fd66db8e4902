import HapticSupport
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

private typealias F = PatternFixtures

/// A scheduled voice is stored once per event until it sounds: what few events need stays
/// out of line, and sounding a voice never changes the scheduled one.
@Suite struct VoiceFootprintTests {
  /// The envelope follower (three parameter tracks, used only when a control changes the
  /// envelope's times while the event sounds) costs one pointer in each continuous voice.
  @Test func theEnvelopeFollowerIsKeptOutOfLine() {
    #expect(MemoryLayout<HapticContinuousVoice>.stride <= 640)
    #expect(MemoryLayout<CopyOnWrite<EnvelopeFollower>?>.stride == 8)
  }

  /// An audio voice keeps its event's values, its envelope and its phase until it sounds, not
  /// its parameter tracks: 0.5 KB an event in all, with the event and its schedule entry.
  @Test func anAudioVoiceKeepsNoParameterTracks() {
    #expect(MemoryLayout<AudioContinuousVoice>.stride <= 160)
  }

  /// Voices whose envelope is followed (an attack control acts while they rise) sound the
  /// same every time they start from the schedule, as a second pass over it needs.
  @Test func aFollowedVoiceSoundsTheSameEachTimeItStarts() throws {
    let pattern = try F.pattern(
      F.document(
        F.event("HapticContinuous", duration: 0.5, ["HapticIntensity": 1, "HapticSharpness": 0.5, "AttackTime": 1]),
        F.event("AudioContinuous", duration: 0.5, ["AudioVolume": 0.5, "AttackTime": 1]),
        F.parameter("HapticAttackTimeControl", time: 0.1, -0.75),
        F.parameter("AudioAttackTimeControl", time: 0.1, -0.75)))
    let schedule = try Schedule(pattern: pattern, options: RenderOptions())
    #expect(schedule.voices.count == 2)
    for voice in schedule.voices {
      func sound() -> (haptic: [Float], audio: [Float]) {
        var buses = Buses(capacity: voice.endFrame, usesAudio: true)
        var sounding = SoundingVoice(voice, controls: schedule.controls)
        sounding.render(voice.onsetFrame..<voice.endFrame, into: &buses)
        return (buses.haptic, buses.left)
      }
      let first = sound()
      #expect(first.haptic.contains { $0 != 0 } || first.audio.contains { $0 != 0 })
      #expect(sound() == first)
    }
  }

  /// A copy shares the value until one of them changes it; the other keeps the old value.
  @Test func aCopyIsIndependentOnceChanged() {
    let original = CopyOnWrite([1, 2, 3])
    var copy = original
    copy.value.append(4)
    copy.value.append(5)
    #expect(original.value == [1, 2, 3])
    #expect(copy.value == [1, 2, 3, 4, 5])
  }
}
