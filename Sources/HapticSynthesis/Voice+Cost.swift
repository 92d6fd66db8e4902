extension Voice {
  /// Processor time the voice is expected to take, in nanoseconds of the project's
  /// two-processor machine (x86-64-v3 build): a figure per frame it sounds for its kind, and
  /// for a continuous haptic voice 1.6 µs to start (envelope and tracks). Each measured on
  /// 600 s of long voices and 100 s of 1 ms ones, one thread, without the render's base cost
  /// and the limiter's (`PeakLimiter.nanosecondsPerFrame`); an `AudioCustom` voice's includes
  /// the resampling of a 44.1 kHz waveform. Only its ratio to an encoder's cost counts
  /// (`Render.threadCount`): a machine's overall speed cancels out, not the balance between its
  /// synthesis and its encoders (`render-benchmark --costs` measures both).
  package var synthesisNanoseconds: Double {
    let frames = Double(endFrame - onsetFrame)
    return switch self {
    case .transient: 0.9 * frames
    case .hapticContinuous: 0.7 * frames + 1_600
    case .audioContinuous: 13.5 * frames
    case .audioCustom: 145 * frames
    }
  }
}
