extension Voice {
  /// Processor time the voice is expected to take, in nanoseconds of the project's
  /// two-processor machine (x86-64-v3 build): a figure per frame it sounds for its kind, and
  /// for a continuous haptic voice 1.6 µs to start (envelope and tracks). Each measured on
  /// 600 s of long voices and 100 s of 1 ms ones, one thread, the render's base cost taken off;
  /// a transient's figure includes the peak limiter's work around the overloads of 100,000 of
  /// them 10 ms apart, an `AudioCustom` voice's the resampling of a 44.1 kHz waveform. Only its
  /// ratio to a writer's cost counts (`Render.threadCount`), so the machine's speed cancels out.
  package var synthesisNanoseconds: Double {
    let frames = Double(endFrame - onsetFrame)
    return switch self {
    case .transient: 1.25 * frames
    case .hapticContinuous: 0.8 * frames + 1_600
    case .audioContinuous: 15 * frames
    case .audioCustom: 145 * frames
    }
  }
}
