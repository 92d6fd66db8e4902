extension PresetFamily {
  /// `rnhf3-ios`: what react-native-haptic-feedback 3.0 and later plays on iPhones with Core
  /// Haptics instead of calling UIKit: its own `CHHapticEvent` transients, transcribed 1:1
  /// from `ios/RNHapticFeedback/RNHapticFeedback.mm` @417eee25 (`eventsForType:`), as
  /// (time s, intensity, sharpness). Exact: the renderer's transient is the only
  /// approximation left.
  public static let reactNativeHapticFeedback3iOS = PresetFamily(
    name: "rnhf3-ios",
    summary: "react-native-haptic-feedback 3 on iOS (its own Core Haptics transients)",
    caveat: nil,
    presets: [
      ("impact.light", "trigger(\"impactLight\")", rnhf, [tap(0, 0.3, 0.3)]),
      ("impact.medium", "trigger(\"impactMedium\")", rnhf, [tap(0, 0.6, 0.6)]),
      ("impact.heavy", "trigger(\"impactHeavy\")", rnhf, [tap(0, 1.0, 0.8)]),
      ("impact.soft", "trigger(\"soft\")", rnhf, [tap(0, 0.3, 0.1)]),
      ("impact.rigid", "trigger(\"rigid\")", rnhf, [tap(0, 0.8, 1.0)]),
      ("selection", "trigger(\"selection\")", rnhf, [tap(0, 0.2, 0.5)]),
      ("notification.success", "trigger(\"notificationSuccess\")", rnhf, [tap(0, 0.4, 0.4), tap(0.10, 0.8, 0.6)]),
      ("notification.warning", "trigger(\"notificationWarning\")", rnhf, [tap(0, 0.6, 0.5), tap(0.15, 0.8, 0.7)]),
      (
        "notification.error", "trigger(\"notificationError\")", rnhf,
        [tap(0, 1.0, 0.6), tap(0.10, 0.6, 0.4), tap(0.20, 0.8, 0.5)]
      ),
    ])

  private static let rnhf = "mkuczera/react-native-haptic-feedback ios/RNHapticFeedback/RNHapticFeedback.mm @417eee25"
}
