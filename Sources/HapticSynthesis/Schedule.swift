import HapticModel
import HapticSupport

/// A pattern turned into voices at exact frames, with the total length, before any sample is
/// rendered.
package struct Schedule: Sendable {
  /// Every voice, by onset frame (ties in file order).
  package var voices: [Voice]
  /// Frames from time 0 to the end of the last sound, event or control (docs/signal-model.md §5.2), plus the tail.
  package let frameCount: Int
  /// What ends the render before the tail.
  package let lengthSource: LengthSource
  /// The frame ``lengthSource`` ends at: ``frameCount`` less the tail.
  package let lengthEndFrame: Int
  /// The frames each event sounds, in event order.
  package let spans: [Range<Int>]
  /// An upper bound of any output sample's magnitude before gain: the largest sum of the
  /// amplitude bounds of voices sounding together.
  package let peakBound: Double
  /// Frames where that sum, times the options' gain, exceeds their ceiling: where a peak
  /// limiter may have work.
  package let framesOverCeiling: Int
  /// The pattern's controls, which voices follow once they sound.
  package let controls: Controls
  /// Whether the pattern has an audio event (`AudioContinuous` or `AudioCustom`), as
  /// `Pattern.hasAudioEvents`, found in the pass that finds its end.
  package let hasAudioEvents: Bool

  /// Events from which the schedule is made in two halves on two threads; below it, a thread
  /// costs more than it saves.
  package static let eventsScheduledInParallel = 4_096

  /// - Parameter threshold: Events from which the schedule is made in two halves on two
  ///   threads, with the same result as one pass, errors included.
  package init(
    pattern: Pattern, waveforms: [String: SampledAudio] = [:], options: RenderOptions,
    halvesFrom threshold: Int = eventsScheduledInParallel
  )
    throws(RenderError)
  {
    let sampleRate = Double(options.sampleRate)
    let highest = max(options.profile.minimumFrequency, options.profile.maximumFrequency)
    var (hasHaptic, hasAudio, hasContinuousHaptic) = (false, false, false)
    var latestEnd: Double?
    // Through the storage here and below: an event or a voice read there is not copied. The
    // event types found here spare the render another pass over the events.
    pattern.events.withUnsafeBufferPointer { events in
      for event in events.indices {
        let end = events[event].time + events[event].duration
        let type = events[event].type
        hasHaptic = hasHaptic || type.isHaptic
        hasAudio = hasAudio || type.isAudio
        hasContinuousHaptic = hasContinuousHaptic || type == .hapticContinuous
        latestEnd = max(latestEnd ?? end, end)
      }
    }
    hasAudioEvents = hasAudio
    if hasHaptic, highest >= sampleRate / 2 {
      throw .carrierAboveNyquist(frequency: highest, sampleRate: options.sampleRate)
    }
    let lastEnd = max(latestEnd ?? 0, pattern.lastControlTime)
    if lastEnd + options.tailSeconds > options.maximumDurationSeconds {
      throw .durationLimitExceeded(seconds: lastEnd + options.tailSeconds, limit: options.maximumDurationSeconds)
    }

    let controls = Controls(pattern)
    self.controls = controls
    // Each part writes the voices and spans of its run of events in place, in the schedule's
    // own arrays: nothing is copied when the parts are joined.
    let count = pattern.events.count
    var parts: [Part] = []
    var spans: [Range<Int>] = []
    var voices = [Voice](largeUninitializedCapacity: count) { voiceBuffer, voicesMade in
      spans = [Range<Int>](unsafeUninitializedCapacity: count) { spanBuffer, spansMade in
        pattern.events.withUnsafeBufferPointer { events in
          let places = Places(
            events: events.baseAddress, voices: voiceBuffer.baseAddress, spans: spanBuffer.baseAddress)
          parts = TwoHalves.map(count: count, from: threshold, sharing: places) { run, isFirst, places in
            // The first part's sweep becomes the schedule's: room for the others' pieces too.
            Part(
              run, in: places, controls: controls, waveforms: waveforms, options: options,
              capacity: isFirst ? count : run.count)
          }
          if parts.allSatisfy({ $0.failure == nil }) {
            (voicesMade, spansMade) = (count, count)
          } else {
            for part in parts {
              places.voices?.advanced(by: part.made.lowerBound).deinitialize(count: part.made.count)
            }
          }
        }
      }
    }
    // The first error in event order, as one pass would find it.
    if let failure = parts.lazy.compactMap(\.failure).first { throw failure }
    var schedule = parts.removeFirst()
    for part in parts { schedule.append(part) }
    parts.removeAll()

    let voiceSeconds = Double(spans.reduce(0) { $0 + $1.count }) / sampleRate
    if voiceSeconds > options.maximumVoiceSeconds {
      throw .soundLimitExceeded(seconds: voiceSeconds, limit: options.maximumVoiceSeconds)
    }
    let isInOrder = voices.withUnsafeBufferPointer { voices in
      voices.indices.dropFirst().allSatisfy { voices[$0 - 1].onsetFrame <= voices[$0].onsetFrame }
    }
    if !isInOrder {
      voices = voices.enumerated()
        .sorted { ($0.element.onsetFrame, $0.offset) < ($1.element.onsetFrame, $1.offset) }
        .map(\.element)
    }
    if hasContinuousHaptic { PhaseAlignment.align(&voices) }
    self.voices = voices
    let controlEnd = Self.lastControl(of: pattern, sampleRate: sampleRate)
    let end = controlEnd.frame > schedule.end.frame ? controlEnd : schedule.end
    lengthEndFrame = max(end.frame, 0)
    lengthSource = end.source
    frameCount = lengthEndFrame + Int((options.tailSeconds * sampleRate).rounded())
    self.spans = spans
    let ceilingBeforeGain = options.ceiling / Decibels.gain(options.gainDecibels)
    (peakBound, framesOverCeiling) = schedule.sweep.largestSum(framesAbove: ceilingBeforeGain)
  }

  /// The storage the parts share (``TwoHalves/map(count:from:sharing:_:)``): the pattern's
  /// events, which they read (through a pointer, an event is read in place, not copied), and
  /// the schedule's voices and spans, which they write, one place per event.
  private struct Places {
    let events: UnsafePointer<Event>?
    let voices: UnsafeMutablePointer<Voice>?
    let spans: UnsafeMutablePointer<Range<Int>>?
  }

  /// A run of consecutive events scheduled: their voices and the frames each sounds written in
  /// their places, and their pieces of the amplitude sweep.
  private struct Part: Sendable {
    /// The events whose voice and span are written: the run, or a prefix of it with
    /// ``failure``.
    var made: Range<Int>
    /// Why the event after ``made`` has no voice.
    var failure: RenderError?
    /// The latest frame any of the events counts in (docs/signal-model.md §5.2), before the tail, and what
    /// ends there; `Int.min` for none.
    var end: (frame: Int, source: LengthSource) = (Int.min, .nothing)
    var sweep: AmplitudeSweep

    /// - Parameter capacity: Voices the sweep reserves room for, at least `run.count`.
    init(
      _ run: Range<Int>, in places: Places, controls: Controls, waveforms: [String: SampledAudio],
      options: RenderOptions, capacity: Int
    ) {
      made = run.lowerBound..<run.lowerBound
      sweep = AmplitudeSweep(sampleRate: Double(options.sampleRate), capacity: capacity)
      do {
        try schedule(run, in: places, controls: controls, waveforms: waveforms, options: options)
      } catch {
        failure = error
      }
    }

    private mutating func schedule(
      _ run: Range<Int>, in places: Places, controls: Controls, waveforms: [String: SampledAudio],
      options: RenderOptions
    ) throws(RenderError) {
      let sampleRate = Double(options.sampleRate)
      var playable: [String: SampledAudio] = [:]
      // Unchecked below: every index of the run has a place.
      let events = places.events!
      for index in run {
        let voice = try Schedule.voice(
          for: events[index], controls: controls, waveforms: waveforms, options: options, playable: &playable)
        let voiceEnd = Double(voice.endFrame) / sampleRate + options.tailSeconds
        if voiceEnd > options.maximumDurationSeconds {
          throw .durationLimitExceeded(seconds: voiceEnd, limit: options.maximumDurationSeconds)
        }
        let counted = Int(((events[index].time + events[index].duration) * sampleRate).rounded())
        // The sound on a tie with the event's own duration; the earlier event on a tie with another.
        let latest: (frame: Int, source: LengthSource) =
          voice.endFrame >= counted ? (voice.endFrame, .sound(event: index)) : (counted, .eventDuration(event: index))
        if latest.frame > end.frame { end = latest }
        places.spans![index] = voice.onsetFrame..<max(voice.onsetFrame, voice.endFrame)
        (places.voices! + index).initialize(to: voice)
        made = made.lowerBound..<index + 1
      }
      for index in run {
        sweep.add(
          Schedule.amplitudeBound(
            of: places.voices![index], playing: events[index], controls: controls, waveforms: waveforms,
            options: options),
          over: places.spans![index])
      }
    }

    /// Adds the next run's events after this one's.
    mutating func append(_ next: Part) {
      if next.end.frame > end.frame { end = next.end }
      sweep.append(next.sweep)
    }
  }

  /// The frame of the latest control element's `Time` and that element (parameters before
  /// curves on a tie); `Int.min` and ``LengthSource/nothing`` without controls.
  private static func lastControl(of pattern: Pattern, sampleRate: Double) -> (frame: Int, source: LengthSource) {
    func frame(_ time: Double) -> Int { Int((time * sampleRate).rounded()) }
    var last: (frame: Int, source: LengthSource) = (Int.min, .nothing)
    for (index, parameter) in pattern.parameters.enumerated() where frame(parameter.time) > last.frame {
      last = (frame(parameter.time), .parameter(index))
    }
    for (index, curve) in pattern.curves.enumerated() where frame(curve.time) > last.frame {
      last = (frame(curve.time), .curve(index))
    }
    return last
  }

  /// The voice that plays `event`; `playable` keeps each waveform as ``playable(_:at:)`` made
  /// it, by path.
  private static func voice(
    for event: Event, controls: Controls, waveforms: [String: SampledAudio], options: RenderOptions,
    playable: inout [String: SampledAudio]
  ) throws(RenderError) -> Voice {
    let sampleRate = Double(options.sampleRate)
    let onset = Int((event.time * sampleRate).rounded())
    switch event.type {
    case .hapticTransient:
      // A transient samples the controls as written, steps included, at its onset.
      let intensity = controls.value(of: .hapticIntensity, for: event, at: event.time, steps: .abrupt)
      let decay = controls[.hapticDecayTimeControl, .abrupt].value(at: event.time)
      return .transient(
        TransientVoice(
          onsetFrame: onset,
          amplitude: options.amplitude(intensity: intensity),
          frequency: options.profile.frequency(sharpness: event.value(of: .hapticSharpness)),
          cycles: options.profile.transientCycles, fadeStretch: PortableMath.exp2(8 * min(max(decay, 0), 1)),
          sampleRate: sampleRate))
    case .hapticContinuous:
      let sharpness = ParameterTrack(.hapticSharpness, of: event, controls: controls)
      let envelope = Envelope(event: event, controls: controls, sampleRate: sampleRate) {
        options.profile.frequency(sharpness: sharpness.value(at: $0))
      }
      return .hapticContinuous(
        HapticContinuousVoice(
          onsetFrame: onset, event: event, envelope: envelope, controls: controls, options: options))
    case .audioContinuous:
      let pitch = ParameterTrack(.audioPitch, of: event, controls: controls)
      let highest = AudioContinuousVoice.fundamental(pitch: pitch.maximum)
      // The haptic layout leaves the tones out: one it never plays cannot be refused.
      if highest >= sampleRate / 2, options.layout != .haptic {
        throw .carrierAboveNyquist(frequency: highest, sampleRate: options.sampleRate)
      }
      let envelope = Envelope(event: event, controls: controls, sampleRate: sampleRate) {
        AudioContinuousVoice.fundamental(pitch: pitch.value(at: $0))
      }
      return .audioContinuous(
        AudioContinuousVoice(
          onsetFrame: onset, event: event, envelope: envelope, controls: controls, sampleRate: sampleRate))
    case .audioCustom:
      guard let waveform = event.waveform, let audio = waveforms[waveform.path] else {
        throw .missingWaveform(path: event.waveform?.path ?? "")
      }
      let source = playable[waveform.path] ?? Self.playable(audio, at: sampleRate)
      playable[waveform.path] = source
      return .audioCustom(
        AudioCustomVoice(onsetFrame: onset, event: event, source: source, controls: controls, sampleRate: sampleRate))
    }
  }

  /// `audio` halved in rate until it is at most 8 times `sampleRate` (Hz), so that reading it
  /// costs at most 1,024 source frames per output frame at any pitch, however high the file's
  /// own rate.
  private static func playable(_ audio: SampledAudio, at sampleRate: Double) -> SampledAudio {
    var audio = audio
    while audio.sampleRate > 8 * sampleRate { audio = audio.halved() }
    return audio
  }

  /// An upper bound of the magnitude of `voice`, which plays `event`, over time.
  private static func amplitudeBound(
    of voice: Voice, playing event: Event, controls: Controls, waveforms: [String: SampledAudio],
    options: RenderOptions
  ) -> AmplitudeBound {
    func largest(_ parameter: ParameterID) -> Double {
      ParameterTrack(parameter, of: event, controls: controls).maximum
    }
    switch voice {
    case .transient(let transient):
      return .constant(transient.amplitude)
    case .hapticContinuous:
      guard controls.act(on: .hapticIntensity, of: event.type) else {
        // What `.haptic` gives for an intensity that does not change.
        return .constant(options.amplitude(intensity: event.value(of: .hapticIntensity)))
      }
      return .haptic(ParameterTrack(.hapticIntensity, of: event, controls: controls), options)
    case .audioContinuous:
      let brightness = largest(.audioBrightness)
      let partials = 1 + brightness / 3 + brightness * brightness / 5 + brightness * brightness * brightness / 7
      return .constant(largest(.audioVolume) * partials)
    case .audioCustom:
      let sourcePeak = event.waveform.flatMap { waveforms[$0.path] }?.peak ?? 0
      return .constant(largest(.audioVolume) * sourcePeak * AudioCustomVoice.interpolationOvershoot)
    }
  }
}
