extension Voice {
  /// Processor time the voice is expected to take per frame it sounds, in nanoseconds of the
  /// project's two-processor machine (x86-64-v3 build): each kind measured on 600 s of its
  /// voices, one thread, the render's base cost taken off. A transient's figure includes the
  /// peak limiter's work around the overloads of 100,000 of them 10 ms apart; an `AudioCustom`
  /// voice's, the resampling of a 44.1 kHz waveform. Only its ratio to a writer's cost counts
  /// (`Render.threadCount`), so the machine's speed cancels out.
  package var nanosecondsPerFrame: Double {
    switch self {
    case .transient: 1.25
    case .hapticContinuous: 0.8
    case .audioContinuous: 15
    case .audioCustom: 145
    }
  }
}
