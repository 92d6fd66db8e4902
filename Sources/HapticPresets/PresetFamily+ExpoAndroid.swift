extension PresetFamily {
  /// `expo-android`: what expo-haptics 12.8 and later (PR #25101; soft and rigid from 13.0,
  /// PR #28169, which reuse light and medium) plays on Android for the same calls, from the
  /// `createWaveform(timings, amplitudes, -1)` data of `HapticsImpactType.kt` @60b23735,
  /// `HapticsNotificationType.kt` @05a852a2 and `HapticsSelectionType.kt` @c9ed6ec3 (the same
  /// numbers in `HapticsTypes.kt` @fe185283, pinned by `HapticsModuleTest.kt` @1265a7f0).
  /// Converted by `androidWaveform(_:_:)`.
  public static let expoAndroid = PresetFamily(
    name: "expo-android",
    summary: "expo-haptics ≥ 12.8 on Android (Vibrator waveforms)",
    caveat:
      "the waveforms are exact; amplitude becomes intensity √(a/255) at sharpness 0.5, the actuator's own response is not modelled",
    presets: [
      ("impact.light", "impactAsync(ImpactFeedbackStyle.Light)", expo128, androidWaveform([0, 50], [0, 30])),
      ("impact.medium", "impactAsync(ImpactFeedbackStyle.Medium)", expo128, androidWaveform([0, 43], [0, 50])),
      ("impact.heavy", "impactAsync(ImpactFeedbackStyle.Heavy)", expo128, androidWaveform([0, 60], [0, 70])),
      ("impact.soft", "impactAsync(ImpactFeedbackStyle.Soft)", expo128, androidWaveform([0, 50], [0, 30])),
      ("impact.rigid", "impactAsync(ImpactFeedbackStyle.Rigid)", expo128, androidWaveform([0, 43], [0, 50])),
      ("selection", "selectionAsync()", expo128, androidWaveform([0, 50], [0, 30])),
      (
        "notification.success", "notificationAsync(NotificationFeedbackType.Success)", expo128,
        androidWaveform([0, 40, 100, 40], [0, 50, 0, 60])
      ),
      (
        "notification.warning", "notificationAsync(NotificationFeedbackType.Warning)", expo128,
        androidWaveform([0, 40, 120, 60], [0, 40, 0, 60])
      ),
      (
        "notification.error", "notificationAsync(NotificationFeedbackType.Error)", expo128,
        androidWaveform([0, 60, 100, 40, 80, 50], [0, 50, 0, 40, 0, 50])
      ),
    ])

  /// `expo-android-12.7`: expo-haptics up to 12.7 on Android (Capacitor Haptics uses the same
  /// values), from `HapticsImpactType.java` @3831cd61, `HapticsNotificationType.java`
  /// @4448baaa and `HapticsSelectionType.java` @78b7111e (the Kotlin port @00947f7a has the
  /// same numbers). Its warning has every amplitude at 255, so on API ≥ 26 it is one 210 ms
  /// buzz, not pulses. No soft or rigid style existed yet.
  public static let expoAndroid127 = PresetFamily(
    name: "expo-android-12.7",
    summary: "expo-haptics ≤ 12.7 and Capacitor Haptics on Android (Vibrator waveforms)",
    caveat: expoAndroid.caveat,
    presets: [
      ("impact.light", "impactAsync(ImpactFeedbackStyle.Light)", expo127, androidWaveform([0, 50], [0, 110])),
      ("impact.medium", "impactAsync(ImpactFeedbackStyle.Medium)", expo127, androidWaveform([0, 43], [0, 180])),
      ("impact.heavy", "impactAsync(ImpactFeedbackStyle.Heavy)", expo127, androidWaveform([0, 60], [0, 255])),
      ("selection", "selectionAsync()", expo127, androidWaveform([0, 100], [0, 100])),
      (
        "notification.success", "notificationAsync(NotificationFeedbackType.Success)", expo127,
        androidWaveform([0, 35, 65, 21], [0, 250, 0, 180])
      ),
      (
        "notification.warning", "notificationAsync(NotificationFeedbackType.Warning)", expo127,
        androidWaveform([0, 30, 40, 30, 50, 60], [255, 255, 255, 255, 255, 255])
      ),
      (
        "notification.error", "notificationAsync(NotificationFeedbackType.Error)", expo127,
        androidWaveform([0, 27, 45, 50], [0, 120, 0, 250])
      ),
    ])

  private static let expo128 =
    "expo/expo packages/expo-haptics android HapticsTypes.kt @fe185283 (expo-haptics 12.8, PR #25101)"
  private static let expo127 =
    "expo/expo packages/expo-haptics android HapticsImpactType.java @3831cd61 and siblings (expo-haptics ≤ 12.7)"
}
