extension PresetFamily {
  /// `android`: Android's predefined effects, which `View.performHapticFeedback` constants
  /// (and expo-haptics' `performAndroidHapticsAsync`) play, on the model of the Pixel vibrator
  /// HALs (LineageOS/android_hardware_google_pixel @ba5e7ac6, `vibrator/cs40l25/Vibrator.cpp`
  /// and `cs40l26`): one CLICK waveform scaled by 0.5 (TICK), 0.7 (CLICK) and 1.0
  /// (HEAVY_CLICK); DOUBLE_CLICK = CLICK × 0.7, 100 ms of silence, HEAVY_CLICK (the second
  /// onset adds the drv2624's 6 ms CLICK). Which constant plays which effect:
  /// `HapticFeedbackVibrationProvider.java` @7b1f850c in aosp-mirror/platform_frameworks_base.
  public static let android = PresetFamily(
    name: "android",
    summary: "Android predefined effects (HapticFeedbackConstants), Pixel vibrator HAL model",
    caveat:
      "devices define these effects; intensities are the Pixel HAL's scale factors; sharpness 0.5 (one click waveform) and texture_tick's level are design choices",
    presets: [
      ("click", "EFFECT_CLICK (CONFIRM, VIRTUAL_KEY, KEYBOARD_TAP, GESTURE_START)", pixel, [tap(0, 0.7, 0.5)]),
      ("tick", "EFFECT_TICK (CONTEXT_CLICK, SEGMENT_TICK, GESTURE_END, KEYBOARD_RELEASE)", pixel, [tap(0, 0.5, 0.5)]),
      ("heavy_click", "EFFECT_HEAVY_CLICK (LONG_PRESS, DRAG_START)", pixel, [tap(0, 1.0, 0.5)]),
      ("double_click", "EFFECT_DOUBLE_CLICK (REJECT)", pixel, [tap(0, 0.7, 0.5), tap(0.106, 1.0, 0.5)]),
      (
        "texture_tick", "EFFECT_TEXTURE_TICK (CLOCK_TICK, TEXT_HANDLE_MOVE, SEGMENT_FREQUENT_TICK)",
        pixel, [tap(0, 0.25, 0.7)]
      ),
      ("toggle_on", "TOGGLE_ON (PRIMITIVE_TICK × 0.5)", aosp, [tap(0, 0.5, 0.5)]),
      ("toggle_off", "TOGGLE_OFF (PRIMITIVE_LOW_TICK × 0.2)", aosp, [tap(0, 0.2, 0.3)]),
    ])

  private static let pixel = "LineageOS/android_hardware_google_pixel vibrator/cs40l25/Vibrator.cpp @ba5e7ac6"
  private static let aosp =
    "aosp-mirror/platform_frameworks_base vibrator/HapticFeedbackVibrationProvider.java @7b1f850c"
}
