import Foundation

/// The engine the UIKit feedback generators play on.
public enum OfflineHaptics {
  /// The engine generators play on: one shared engine, or the one a task binds:
  ///
  /// ```swift
  /// let engine = try CHHapticEngine()
  /// OfflineHaptics.$engine.withValue(engine) {
  ///   UIImpactFeedbackGenerator(style: .soft).impactOccurred()  // plays on `engine`
  /// }
  /// ```
  ///
  /// Tests that run in parallel each bind their own engine this way, so one test's taps never
  /// land in another's render; the shared engine is safe to call from any thread but is one
  /// clock for everyone.
  @TaskLocal public static var engine: CHHapticEngine = shared

  private static let shared: CHHapticEngine = {
    guard let engine = try? CHHapticEngine() else { preconditionFailure("an offline engine cannot fail") }
    return engine
  }()
}
