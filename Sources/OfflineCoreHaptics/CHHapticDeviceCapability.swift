/// What a device can do.
public protocol CHHapticDeviceCapability {
  var supportsHaptics: Bool { get }
  var supportsAudio: Bool { get }
}

/// The offline engine's (virtual) hardware: it plays haptics and audio.
struct OfflineCapability: CHHapticDeviceCapability {
  var supportsHaptics: Bool { true }
  var supportsAudio: Bool { true }
}
