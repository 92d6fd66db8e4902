/// The largest amplitude one voice can reach over an interval.
package enum AmplitudeBound {
  /// A haptic voice: the amplitude the options give its effective intensity. Indirect: the
  /// bound is then a word, which a switch over it reads without copying the options.
  indirect case haptic(ParameterTrack, RenderOptions)
  /// One bound for the whole span: an audio voice, or a haptic voice whose intensity no control
  /// changes.
  case constant(Double)

  /// Times strictly between `start` and `end` seconds where the bound can change course (at
  /// most `limit`): splitting a span there keeps each piece's bound tight.
  package func breakpointTimes(from start: Double, to end: Double, limit: Int) -> [Double] {
    switch self {
    case .haptic(let intensity, _): intensity.breakpointTimes(from: start, to: end, limit: limit)
    case .constant: []
    }
  }

  package func maximum(from start: Double, to end: Double) -> Double {
    switch self {
    case .haptic(let intensity, let options):
      options.amplitude(intensity: intensity.maximum(from: start, to: end))
    case .constant(let bound):
      bound
    }
  }
}
