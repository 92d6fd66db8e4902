/// A pattern turned into voices at exact frames, with the total length, before any sample is
/// rendered.
struct Schedule: Sendable {
  /// Every voice, by onset frame (ties in file order).
  let voices: [Voice]
  /// Frames from time 0 to the end of the last sound or event, plus the tail.
  let frameCount: Int
  /// The frames each event sounds, in event order.
  let spans: [Range<Int>]
  /// An upper bound of any output sample's magnitude before gain: the largest sum of the
  /// amplitude bounds of voices sounding together.
  let peakBound: Double

  init(pattern: Pattern, options: RenderOptions) throws(RenderError) {
    let sampleRate = Double(options.sampleRate)
    let profile = options.profile
    let highest = max(profile.minimumFrequency, profile.maximumFrequency)
    if pattern.events.contains(where: \.type.isHaptic), highest >= sampleRate / 2 {
      throw .carrierAboveNyquist(frequency: highest, sampleRate: options.sampleRate)
    }
    let lastEnd = pattern.events.map { $0.time + $0.duration }.max() ?? 0
    if lastEnd + options.tailSeconds > options.maximumDurationSeconds {
      throw .tooLong(seconds: lastEnd + options.tailSeconds, limit: options.maximumDurationSeconds)
    }

    let controls = Controls(pattern)
    func largest(_ parameter: ParameterID, _ event: Event) -> Double {
      ParameterTrack(parameter, of: event, controls: controls).maximum
    }
    var voices: [Voice] = []
    var bounds: [AmplitudeBound] = []
    var spans: [Range<Int>] = []
    var frameCount = 0
    for event in pattern.events {
      let onset = Int((event.time * sampleRate).rounded())
      frameCount = max(frameCount, Int(((event.time + event.duration) * sampleRate).rounded()))
      let voice: Voice
      switch event.type {
      case .hapticTransient:
        let intensity = controls.value(of: .hapticIntensity, for: event, at: event.time)
        voice = .transient(
          TransientVoice(
            onsetFrame: onset,
            amplitude: profile.amplitude(intensity: intensity * options.intensityScale),
            frequency: profile.frequency(sharpness: event.value(of: .hapticSharpness)),
            cycles: profile.transientCycles, sampleRate: sampleRate))
      case .hapticContinuous:
        let envelope = Envelope(event: event, controls: controls)
        voice = .hapticContinuous(
          HapticContinuousVoice(
            onsetFrame: onset, event: event, envelope: envelope, controls: controls, options: options))
      case .audioContinuous:
        let highest = AudioContinuousVoice.fundamental(
          pitch: ParameterTrack(.audioPitch, of: event, controls: controls).maximum)
        if highest >= sampleRate / 2 {
          throw .carrierAboveNyquist(frequency: highest, sampleRate: options.sampleRate)
        }
        voice = .audioContinuous(
          AudioContinuousVoice(
            onsetFrame: onset, event: event, envelope: Envelope(event: event, controls: controls),
            controls: controls, sampleRate: sampleRate))
      case .audioCustom:
        guard let source = event.waveform?.audio else { throw .missingWaveform(path: event.waveform?.path ?? "") }
        voice = .audioCustom(
          AudioCustomVoice(onsetFrame: onset, event: event, source: source, controls: controls, sampleRate: sampleRate))
      }
      frameCount = max(frameCount, voice.endFrame)
      voices.append(voice)
      spans.append(voice.onsetFrame..<max(voice.onsetFrame, voice.endFrame))
      switch event.type {
      case .hapticTransient, .hapticContinuous:
        bounds.append(
          .haptic(ParameterTrack(.hapticIntensity, of: event, controls: controls), profile, options.intensityScale))
      case .audioContinuous:
        let brightness = largest(.audioBrightness, event)
        bounds.append(
          .constant(
            largest(.audioVolume, event)
              * (1 + brightness / 3 + brightness * brightness / 5 + brightness * brightness * brightness / 7)))
      case .audioCustom:
        let sourcePeak = event.waveform?.audio?.peak ?? 0
        bounds.append(.constant(largest(.audioVolume, event) * sourcePeak * AudioCustomVoice.interpolationOvershoot))
      }
    }
    self.voices = voices.enumerated()
      .sorted { ($0.element.onsetFrame, $0.offset) < ($1.element.onsetFrame, $1.offset) }
      .map(\.element)
    self.frameCount = frameCount + Int((options.tailSeconds * sampleRate).rounded())
    self.spans = spans
    let voiceSeconds = Double(spans.reduce(0) { $0 + $1.count }) / sampleRate
    if voiceSeconds > options.maximumVoiceSeconds {
      throw .tooMuchSound(seconds: voiceSeconds, limit: options.maximumVoiceSeconds)
    }
    // Sweep the intervals between span edges, summing each sounding voice's bound there.
    let edges = Array(Set(spans.flatMap { [$0.lowerBound, $0.upperBound] })).sorted()
    let order = spans.indices.sorted { spans[$0].lowerBound < spans[$1].lowerBound }
    var next = 0
    var sounding: [Int] = []
    var most = 0.0
    for (start, end) in zip(edges, edges.dropFirst()) {
      while next < order.count, spans[order[next]].lowerBound <= start {
        sounding.append(order[next])
        next += 1
      }
      sounding.removeAll { spans[$0].upperBound <= start }
      let interval = (Double(start) / sampleRate, Double(end) / sampleRate)
      most = max(most, sounding.reduce(0) { $0 + bounds[$1].maximum(from: interval.0, to: interval.1) })
    }
    peakBound = most
  }
}
