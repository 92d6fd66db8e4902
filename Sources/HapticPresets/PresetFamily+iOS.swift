extension PresetFamily {
  /// `ios`: UIKit's feedback generators, the default family.
  ///
  /// Apple publishes no waveforms for these haptics. Its only depiction is the diagrams of the
  /// Human Interface Guidelines, "Playing haptics"
  /// (https://developer.apple.com/design/human-interface-guidelines/playing-haptics):
  /// - Onsets and intensities: the bars of those diagrams as measured by nohli/haptic_feedback
  ///   (`HAPTIC_PATTERNS.md` @4a403dbf, method in `docs/patterns.md` b8af0ef: "full grey line =
  ///   0.8 s, tallest bar = intensity 1.0"); bar height is used as `HapticIntensity`.
  /// - Every tap is a `HapticTransient`: the HIG presents these haptics as taps, and UIKit's
  ///   generators are discrete.
  /// - Sharpness is a design choice from the bars' widths, narrow = crisp: rigid 34 ms → 1.0,
  ///   selection 41 ms → 0.8, the 51–58 ms bars (one class within re-measurement noise) → 0.55,
  ///   error's 68 ms last tap → 0.3, soft 82 ms → 0.1 (as react-native-haptic-feedback 3's soft).
  /// - Independent sources agree on the shapes: Telegram Android's mini-app haptics
  ///   (`BotWebViewVibrationEffect.java` @67b1fd17) give success .69 → 1.0, warning .88 → .69,
  ///   error .78/.78/1.0/.57; Nice Vibrations, web-haptics and expo-better-haptics also play
  ///   error as four taps, the third strongest and the fourth weakest.
  public static let ios = PresetFamily(
    name: "ios",
    summary: "UIKit feedback generators (UIImpact/UINotification/UISelectionFeedbackGenerator)",
    caveat:
      "Apple publishes no waveforms; onsets and intensities are measured from the HIG diagrams, sharpness is a design choice",
    presets: [
      ("impact.light", "UIImpactFeedbackGenerator(style: .light).impactOccurred()", hig, [tap(0, 0.6, 0.55)]),
      ("impact.medium", "UIImpactFeedbackGenerator(style: .medium).impactOccurred()", hig, [tap(0, 0.8, 0.55)]),
      ("impact.heavy", "UIImpactFeedbackGenerator(style: .heavy).impactOccurred()", hig, [tap(0, 1.0, 0.55)]),
      ("impact.soft", "UIImpactFeedbackGenerator(style: .soft).impactOccurred()", hig, [tap(0, 0.7, 0.1)]),
      ("impact.rigid", "UIImpactFeedbackGenerator(style: .rigid).impactOccurred()", hig, [tap(0, 0.9, 1.0)]),
      ("selection", "UISelectionFeedbackGenerator().selectionChanged()", hig, [tap(0, 0.6, 0.8)]),
      (
        "notification.success", "UINotificationFeedbackGenerator().notificationOccurred(.success)", hig,
        [tap(0, 0.7, 0.55), tap(0.110, 1.0, 0.55)]
      ),
      (
        "notification.warning", "UINotificationFeedbackGenerator().notificationOccurred(.warning)", hig,
        [tap(0, 0.9, 0.55), tap(0.146, 0.7, 0.55)]
      ),
      (
        "notification.error", "UINotificationFeedbackGenerator().notificationOccurred(.error)", hig,
        [tap(0, 0.8, 0.55), tap(0.096, 0.8, 0.55), tap(0.194, 1.0, 0.55), tap(0.290, 0.6, 0.3)]
      ),
    ])

  private static let hig =
    "Apple HIG \"Playing haptics\" diagrams as measured by nohli/haptic_feedback HAPTIC_PATTERNS.md @4a403dbf"
}
