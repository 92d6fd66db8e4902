import HapticSynthesis

extension ChannelLayout {
  /// The number of haptic channels at the end of an Android layout (the value of the Ogg
  /// comment `ANDROID_HAPTIC`), or `0` for the other layouts.
  package var androidHapticChannelCount: Int {
    switch self {
    case .android, .androidMono, .androidStereo: 1
    default: 0
    }
  }
}
