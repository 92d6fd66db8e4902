/// The largest amplitude one voice can reach over an interval.
enum AmplitudeBound {
  /// A haptic voice: the amplitude law of its effective intensity.
  case haptic(ParameterTrack, SignalProfile, Double)
  /// An audio voice: one bound for its whole span.
  case constant(Double)

  /// Times strictly between `start` and `end` seconds where the bound can change course (at
  /// most `limit`): splitting a span there keeps each piece's bound tight.
  func breakpointTimes(from start: Double, to end: Double, limit: Int) -> [Double] {
    switch self {
    case .haptic(let intensity, _, _): intensity.breakpointTimes(from: start, to: end, limit: limit)
    case .constant: []
    }
  }

  func maximum(from start: Double, to end: Double) -> Double {
    switch self {
    case .haptic(let intensity, let profile, let scale):
      profile.amplitude(intensity: intensity.maximum(from: start, to: end) * scale)
    case .constant(let bound):
      bound
    }
  }
}
