import Foundation

extension CHHapticEngine {
  /// What an engine played, as one pattern, and the events that pattern plays otherwise than
  /// the engine did (an addition of `OfflineCoreHaptics`).
  ///
  /// An engine keeps each player's controls to that player's events; an AHAP pattern has no
  /// players, and its controls act on every event in it. So each player's controls are baked
  /// into its own events where AHAP can say the same:
  /// - a transient takes its effective intensity at its onset,
  ///   `clamp01(HapticIntensity × HapticIntensityControl)` (the sharpness control does not act
  ///   on transients);
  /// - a continuous event whose controls hold still while it sounds takes their effect into its
  ///   event parameters;
  /// - a control that changes while one of its player's continuous events sounds (a breath's
  ///   swell) stays a `ParameterCurve` of the pattern from just before that event to the end of
  ///   its sound, and the other players' events there are baked against it.
  ///
  /// Where that cannot hold (another player's continuous event or changing control in that span,
  /// a tap there louder than the control lets through), ``warnings`` names the events. The audio
  /// of ``CHHapticEngine/render(to:options:)`` plays every player with its own controls, always.
  public struct Recording {
    /// Everything played so far as one pattern (a loop still running ends now), in engine time.
    public let pattern: CHHapticPattern
    /// The events ``pattern`` plays otherwise than the engine did, by player and control, in
    /// time order; empty when it plays every event as the engine did.
    public let warnings: [Warning]
  }
}
