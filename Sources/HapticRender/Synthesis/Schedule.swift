/// A pattern turned into voices at exact frames, with the total length, before any sample is
/// rendered.
struct Schedule: Sendable {
  /// Every voice, by onset frame (ties in file order).
  let voices: [Voice]
  /// Frames from time 0 to the end of the last sound or event, plus the tail.
  let frameCount: Int
  /// The frames each event sounds, in event order.
  let spans: [Range<Int>]

  init(pattern: Pattern, options: RenderOptions, waveforms: WaveformLibrary) throws(RenderError) {
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
    var voices: [Voice] = []
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
        let path = event.waveform?.path ?? ""
        guard let source = waveforms.waveforms[path] else { throw .missingWaveform(path: path) }
        voice = .audioCustom(
          AudioCustomVoice(onsetFrame: onset, event: event, source: source, controls: controls, sampleRate: sampleRate))
      }
      frameCount = max(frameCount, voice.endFrame)
      voices.append(voice)
      spans.append(voice.onsetFrame..<max(voice.onsetFrame, voice.endFrame))
    }
    self.voices = voices.enumerated()
      .sorted { ($0.element.onsetFrame, $0.offset) < ($1.element.onsetFrame, $1.offset) }
      .map(\.element)
    self.frameCount = frameCount + Int((options.tailSeconds * sampleRate).rounded())
    self.spans = spans
  }
}

extension Envelope {
  /// The envelope of a continuous event, its times fixed at the onset.
  init(event: Event, controls: Controls) {
    func seconds(_ parameter: ParameterID) -> Double {
      Envelope.seconds(normalized: controls.value(of: parameter, for: event, at: event.time))
    }
    self.init(
      attack: seconds(.attackTime), decay: seconds(.decayTime), release: seconds(.releaseTime),
      isSustained: event.isSustained, duration: event.duration)
  }
}
