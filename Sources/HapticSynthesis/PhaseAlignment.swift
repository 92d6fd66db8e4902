/// The carrier phase of each haptic voice at its onset (docs/signal-model.md §3.2): in phase
/// with the strongest continuous haptic voice sounding there, so that a tap on a bed of a nearby
/// sharpness adds to it instead of cancelling it; on the pattern clock when none sounds.
///
/// The strongest is the one whose amplitude times envelope at the onset frame is largest and
/// above ``audibleLevel``; a voice starting at that frame does not count (its envelope is 0
/// there); ties go to the earlier onset, then to file order.
package enum PhaseAlignment {
  /// The level a continuous voice must exceed to set another's phase: −120 dB.
  package static let audibleLevel = 1e-6

  /// A continuous haptic voice that may set the phase of the voices starting while it sounds,
  /// with what it has followed so far.
  private struct Reference {
    var voice: HapticContinuousVoice
    /// The last frame whose pattern clock was summed, and that clock.
    var clock = (frame: 0, phase: 0.0)
  }

  /// Sets the onset phase of the haptic voices of `voices`, which are in onset order (ties in
  /// file order). Voices that no continuous voice leads keep the pattern clock.
  ///
  /// - Complexity: O(haptic voices × continuous haptic voices sounding at their onsets), plus
  ///   the envelope frames followed when a control changes a leading voice's envelope times.
  package static func align(_ voices: inout [Voice]) {
    alignInOrder(&voices)
  }

  /// Sets the onset phase of the haptic voices of several schedules that sound together (an
  /// engine's players), each in onset order: they are aligned in one onset order, ties in the
  /// order of `lists`, then in each list's order, as one pattern of all their events would be.
  package static func align(_ lists: inout [[Voice]]) {
    var places = lists.indices.flatMap { list in lists[list].indices.map { (list: list, index: $0) } }
    func order(_ place: (list: Int, index: Int)) -> (Int, Int, Int) {
      (lists[place.list][place.index].onsetFrame, place.list, place.index)
    }
    places.sort { order($0) < order($1) }
    var merged = places.map { lists[$0.list][$0.index] }
    alignInOrder(&merged)
    for (voice, place) in zip(merged, places) { lists[place.list][place.index] = voice }
  }

  /// Aligns `voices`, which are in onset order: a voice that no continuous voice leads is put on
  /// the pattern clock.
  private static func alignInOrder(_ voices: inout [Voice]) {
    var sounding: [Reference] = []
    for index in voices.indices {
      let onset = voices[index].onsetFrame
      switch voices[index] {
      case .transient, .hapticContinuous: break
      case .audioContinuous, .audioCustom: continue
      }
      sounding.removeAll { $0.voice.endFrame <= onset }
      var strongest: Int?
      var strongestLevel = audibleLevel
      for candidate in sounding.indices where sounding[candidate].voice.onsetFrame < onset {
        let level = sounding[candidate].voice.level(atFrame: onset)
        if level > strongestLevel { (strongest, strongestLevel) = (candidate, level) }
      }
      if let strongest {
        voices[index].start(
          atPhase: sounding[strongest].voice.carrierPhase(atFrame: onset, clock: &sounding[strongest].clock))
      } else {
        voices[index].startOnPatternClock()
      }
      if case .hapticContinuous(let voice) = voices[index] { sounding.append(Reference(voice: voice)) }
    }
  }
}
