/// The largest amplitude one voice can reach over an interval.
enum AmplitudeBound {
  /// A haptic voice: the amplitude law of its effective intensity.
  case haptic(ParameterTrack, SignalProfile, Double)
  /// An audio voice: one bound for its whole span.
  case constant(Double)

  func maximum(from start: Double, to end: Double) -> Double {
    switch self {
    case .haptic(let intensity, let profile, let scale):
      profile.amplitude(intensity: intensity.maximum(from: start, to: end) * scale)
    case .constant(let bound):
      bound
    }
  }
}
