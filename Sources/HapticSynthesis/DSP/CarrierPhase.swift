import HapticSupport

/// The phase of a carrier on the pattern clock (docs/signal-model.md §3.2): at frame `n` it is
/// `φ(n) = Σ_{k<n} f(k/fs)/fs` cycles, summed from the start of the pattern, where `f` is the
/// frequency the event would have at each frame. Voices of one frequency are therefore in phase
/// wherever they overlap, wherever their onsets fall.
package enum CarrierPhase {
  /// How a parameter's value gives the carrier's frequency, in Hz.
  package enum FrequencyMap {
    /// `intercept + slope · v`: a haptic carrier's sharpness.
    case linear(intercept: Double, slope: Double)
    /// `scale · 2^v`: an audio tone's pitch.
    case exponential(scale: Double)
  }

  /// `φ(frame)` in turns, `0 ..< 1`, for a carrier whose frequency follows `track` through
  /// `map`. A run of frames where the value is constant or linear is summed in closed form,
  /// within 1e-9 turns of the frame-by-frame sum.
  ///
  /// - Parameter known: A frame at or before `frame` whose phase is known, to sum from there.
  package static func phase(
    at frame: Int, of track: ParameterTrack, map: FrequencyMap, secondsPerFrame: Double,
    from known: (frame: Int, phase: Double) = (0, 0)
  ) -> Double {
    var phase = known.phase
    track.forEachRun(from: known.frame, before: frame, secondsPerFrame: secondsPerFrame) { frames, run in
      phase += turns(over: frames.count, of: run, map: map) * secondsPerFrame
      phase -= phase.rounded(.down)
    }
    return phase
  }

  /// `Σ f(value)` over `count` frames of `run`, in Hz · frames.
  private static func turns(over count: Int, of run: ParameterTrack.Run, map: FrequencyMap) -> Double {
    let n = Double(count)
    switch (run, map) {
    case (.constant(let value), .linear(let intercept, let slope)):
      return n * (intercept + slope * value)
    case (.constant(let value), .exponential(let scale)):
      return n * scale * PortableMath.exp2(value)
    case (.linear(let first, let step), .linear(let intercept, let slope)):
      // Σ_{j<n} (first + step · j) = n · first + step · n(n − 1)/2
      return slope * (n * first + step * (n * (n - 1) / 2)) + n * intercept
    case (.linear(let first, let step), .exponential(let scale)):
      // Σ_{j<n} 2^(first + step · j) = 2^first · (2^(step·n) − 1) / (2^step − 1)
      let rate = step * 0.693_147_180_559_945_3
      let series = rate == 0 ? n : PortableMath.expm1(rate * n) / PortableMath.expm1(rate)
      return scale * PortableMath.exp2(first) * series
    }
  }

  /// `φ(frame)` for a constant frequency of `increment` turns per frame: `frame · increment`,
  /// reduced to `0 ..< 1`.
  package static func phase(at frame: Int, increment: Double) -> Double {
    let turns = Double(frame) * increment
    return turns - turns.rounded(.down)
  }
}
