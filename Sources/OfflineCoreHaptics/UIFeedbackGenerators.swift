import Foundation
import HapticRender

/// UIKit's feedback generators, offline: each plays the `ios` preset of the preset library on an
/// engine at its current time: the engine bound with `OfflineHaptics.$engine.withValue` where it
/// is called, else the one bound where the generator was made, else the shared engine (see
/// ``OfflineHaptics/engine``). Open, as UIKit's are, for wrappers; safe to call from any thread
/// (UIKit's are main-actor classes).
open class UIFeedbackGenerator {
  /// The engine bound where the generator was made, for calls from where none is bound (a
  /// `DispatchQueue` or `Timer` closure the generator's owner schedules).
  private let engineWhereMade: CHHapticEngine?

  public init() {
    engineWhereMade = OfflineHaptics.boundEngine
  }

  /// Readies the Taptic Engine on a device; a no-op offline.
  open func prepare() {}

  /// Plays the `ios` preset `name` from the time of the call, its intensities scaled by
  /// `intensity`.
  func play(_ name: String, intensity: Double = 1) {
    let engine = OfflineHaptics.boundEngine ?? engineWhereMade ?? OfflineHaptics.engine
    let time = engine.currentTime
    guard let preset = try? PresetCatalog.presets(named: "ios/\(name)").first else {
      preconditionFailure("the ios family has no preset \(name)")
    }
    engine.play(
      CHHapticPattern(preset.pattern(intensity: intensity)), calledAt: time, by: "\(type(of: self)) (ios/\(name))")
  }
}

/// `UIImpactFeedbackGenerator(style:)`: the `ios/impact.*` presets.
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
  public enum FeedbackStyle: Int, Sendable {
    case light, medium, heavy, soft, rigid
  }

  public let style: FeedbackStyle

  public init(style: FeedbackStyle) {
    self.style = style
    super.init()
  }

  /// A `.medium` generator.
  public override init() {
    style = .medium
    super.init()
  }

  open func impactOccurred() {
    play("impact.\(style)")
  }

  /// `intensity` (0…1, clamped) multiplies the preset's intensities.
  open func impactOccurred(intensity: CGFloat) {
    play("impact.\(style)", intensity: Double(intensity))
  }

  /// As ``impactOccurred()``; the location in the view is not used offline.
  open func impactOccurred(at location: CGPoint) {
    impactOccurred()
  }

  /// As ``impactOccurred(intensity:)``; the location in the view is not used offline.
  open func impactOccurred(intensity: CGFloat, at location: CGPoint) {
    impactOccurred(intensity: intensity)
  }
}

/// `UINotificationFeedbackGenerator`: the `ios/notification.*` presets.
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
  public enum FeedbackType: Int, Sendable {
    case success, warning, error
  }

  open func notificationOccurred(_ notificationType: FeedbackType) {
    play("notification.\(notificationType)")
  }

  /// As ``notificationOccurred(_:)``; the location in the view is not used offline.
  open func notificationOccurred(_ notificationType: FeedbackType, at location: CGPoint) {
    notificationOccurred(notificationType)
  }
}

/// `UISelectionFeedbackGenerator`: the `ios/selection` preset.
open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
  open func selectionChanged() {
    play("selection")
  }

  /// As ``selectionChanged()``; the location in the view is not used offline.
  open func selectionChanged(at location: CGPoint) {
    selectionChanged()
  }
}
