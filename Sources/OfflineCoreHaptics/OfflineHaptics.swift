import Foundation
import HapticRender
import HapticSupport

/// Settings of this module that Core Haptics does not have: the clock engines keep, the folders
/// waveforms are looked up in, and the engine the UIKit feedback generators play on. An addition
/// of `OfflineCoreHaptics`.
public enum OfflineHaptics {
  /// The time an engine keeps.
  public enum Clock: Sendable, Equatable {
    /// `currentTime` starts at 0 and moves only with ``CHHapticEngine/advance(by:)``: renders are
    /// the same on every run, for golden files.
    case virtual
    /// `currentTime` follows the system's monotonic clock from the engine's creation, as a
    /// device's follows the host clock: code that waits with `DispatchQueue.asyncAfter`, `Timer`,
    /// `RunLoop`, `Task.sleep` or `Thread.sleep` plays at the times it waited for.
    case host
  }

  private struct Settings {
    var clock = Clock.virtual
    var resourceFolders: [String] = []
  }

  private static let settings = Locked(Settings())

  /// The clock of engines made from now on with `CHHapticEngine()` or
  /// `CHHapticEngine(audioSession:)`, and of the shared engine the UIKit generators play on
  /// (which keeps its time across the change). ``Clock/virtual`` unless set;
  /// `CHHapticEngine(clock:)` chooses per engine.
  ///
  /// ```swift
  /// OfflineHaptics.clock = .host  // at the top of an executable, before any haptics
  /// ```
  public static var clock: Clock {
    get { settings.withLock { $0.clock } }
    set {
      settings.withLock { $0.clock = newValue }
      shared.switchClock(to: newValue)
    }
  }

  /// Folders searched for a relative `EventWaveformPath` after the pattern's own folder (a file's,
  /// or the working directory for a dictionary or data) and `Bundle.main`'s resources, in order.
  /// Empty unless set; a test adds the folder its waveforms are in:
  ///
  /// ```swift
  /// OfflineHaptics.resourceFolders = [URL(fileURLWithPath: #filePath).deletingLastPathComponent().path]
  /// ```
  public static var resourceFolders: [String] {
    get { settings.withLock { $0.resourceFolders } }
    set { settings.withLock { $0.resourceFolders = newValue } }
  }

  /// Where waveforms are looked up after the pattern's own folder: `Bundle.main`'s resources,
  /// where an app keeps them, then ``resourceFolders``.
  static var waveformFolders: [String] {
    [Bundle.main.resourcePath].compactMap { $0 } + resourceFolders
  }

  /// The engine generators play on: one shared engine, or the one a task binds:
  ///
  /// ```swift
  /// let engine = try CHHapticEngine()
  /// OfflineHaptics.$engine.withValue(engine) {
  ///   UIImpactFeedbackGenerator(style: .soft).impactOccurred()  // plays on `engine`
  /// }
  /// ```
  ///
  /// A generator plays on the engine bound where it is called; called where none is bound (a
  /// `DispatchQueue` or `Timer` closure, another thread), on the engine bound where it was made;
  /// else on the shared engine. Tests that run in parallel each bind their own engine this way,
  /// so one test's taps never land in another's render; the shared engine is safe to call from
  /// any thread but is one clock for everyone.
  @TaskLocal public static var engine: CHHapticEngine = shared

  /// The engine bound with `$engine.withValue`, or `nil` where none is.
  static var boundEngine: CHHapticEngine? {
    let current = engine
    return current === shared ? nil : current
  }

  private static let shared: CHHapticEngine = {
    guard let engine = try? CHHapticEngine(clock: settings.withLock { $0.clock }) else {
      preconditionFailure("an offline engine cannot fail")
    }
    return engine
  }()

  /// Prints `message` as this module's warning on the standard error.
  static func warn(_ message: String) {
    FileHandle.standardError.write(Data("OfflineCoreHaptics: warning: \(message)\n".utf8))
  }
}
