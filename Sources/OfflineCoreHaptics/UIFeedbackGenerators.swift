import Foundation
import HapticRender

/// UIKit's feedback generators, offline: each plays the `ios` preset of the preset library on
/// ``OfflineHaptics/engine`` at its current time.
open class UIFeedbackGenerator {
  public init() {}

  /// Readies the Taptic Engine on a device; nothing to do offline.
  public func prepare() {}

  /// Plays the `ios` preset `name` now, its intensities scaled by `intensity`.
  func play(_ name: String, intensity: Double = 1) {
    guard let preset = try? PresetCatalog.presets(named: "ios/\(name)").first else {
      preconditionFailure("the ios family has no preset \(name)")
    }
    let engine = OfflineHaptics.engine
    let player = try? engine.makePlayer(with: CHHapticPattern(preset.pattern(intensity: intensity)))
    try? player?.start(atTime: CHHapticTimeImmediate)
  }
}

/// `UIImpactFeedbackGenerator(style:)`: the `ios/impact.*` presets.
public final class UIImpactFeedbackGenerator: UIFeedbackGenerator {
  public enum FeedbackStyle: Int, Sendable {
    case light, medium, heavy, soft, rigid
  }

  public let style: FeedbackStyle

  public init(style: FeedbackStyle) {
    self.style = style
  }

  public override convenience init() {
    self.init(style: .medium)
  }

  public func impactOccurred() {
    play("impact.\(style)")
  }

  /// `intensity` (0…1, clamped) multiplies the preset's intensities.
  public func impactOccurred(intensity: CGFloat) {
    play("impact.\(style)", intensity: Double(intensity))
  }
}

/// `UINotificationFeedbackGenerator`: the `ios/notification.*` presets.
public final class UINotificationFeedbackGenerator: UIFeedbackGenerator {
  public enum FeedbackType: Int, Sendable {
    case success, warning, error
  }

  public func notificationOccurred(_ notificationType: FeedbackType) {
    play("notification.\(notificationType)")
  }
}

/// `UISelectionFeedbackGenerator`: the `ios/selection` preset.
public final class UISelectionFeedbackGenerator: UIFeedbackGenerator {
  public func selectionChanged() {
    play("selection")
  }
}
