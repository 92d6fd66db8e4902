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
  private struct Candidate {
    let onsetFrame: Int
    let endFrame: Int
    /// The level times the envelope's when nothing changes the amplitude (then the level
    /// needs no more than `envelope`); `nil`: the voice computes it.
    let amplitude: Double?
    let envelope: Envelope
    /// Where the voice is in the list being aligned.
    let index: Int
    /// The voice, when it computes its own level (it follows its envelope frame by frame).
    var voice: HapticContinuousVoice?
    /// The last frame whose pattern clock was summed, and that clock.
    var clock = (frame: 0, phase: 0.0)

    mutating func level(atFrame frame: Int) -> Double {
      if let amplitude { return amplitude * envelope.level(atFrame: frame - onsetFrame) }
      return voice?.level(atFrame: frame) ?? 0
    }
  }

  /// Sets the onset phase of the haptic voices of `voices`, which are in onset order (ties in
  /// file order). Voices that no continuous voice leads keep the pattern clock.
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
  ///
  /// The candidates are looked at in onset order (the order of ties) and the search stops at one
  /// whose level is the largest any sounding candidate can reach, so a voice on a held bed
  /// looks at few; at most it looks at every continuous voice sounding at its onset.
  private static func alignInOrder(_ voices: inout [Voice]) {
    var candidates: [Candidate] = []
    /// Each candidate's largest level, by place in `candidates`.
    var bounds: [Double] = []
    /// The first candidate that may still sound, and the largest bound from there on (it may
    /// count candidates that have ended, which makes it larger, never wrong).
    var first = 0
    var largestBound = 0.0
    for index in voices.indices {
      let onset = voices[index].onsetFrame
      switch voices[index] {
      case .transient, .hapticContinuous: break
      case .audioContinuous, .audioCustom: continue
      }
      while first < candidates.count, candidates[first].endFrame <= onset { first += 1 }
      if first == candidates.count { largestBound = 0 }
      if first > 1_024, first > candidates.count / 2 {
        candidates.removeFirst(first)
        bounds.removeFirst(first)
        first = 0
        largestBound = bounds.max() ?? 0
      }
      var strongest: Int?
      var strongestLevel = audibleLevel
      for place in first..<candidates.count where largestBound > strongestLevel {
        guard candidates[place].onsetFrame < onset else { break }
        guard candidates[place].endFrame > onset, bounds[place] > strongestLevel else { continue }
        let level = candidates[place].level(atFrame: onset)
        if level > strongestLevel { (strongest, strongestLevel) = (place, level) }
        if strongestLevel >= largestBound { break }
      }
      if let strongest, case .hapticContinuous(let leader) = voices[candidates[strongest].index] {
        voices[index].start(atPhase: leader.carrierPhase(atFrame: onset, clock: &candidates[strongest].clock))
      } else {
        voices[index].startOnPatternClock()
      }
      if case .hapticContinuous(let voice) = voices[index] {
        let amplitude = voice.constantAmplitude
        candidates.append(
          Candidate(
            onsetFrame: voice.onsetFrame, endFrame: voice.endFrame, amplitude: amplitude, envelope: voice.envelope,
            index: index, voice: amplitude == nil ? voice : nil))
        bounds.append(voice.levelBound)
        largestBound = max(largestBound, voice.levelBound)
      }
    }
  }
}
