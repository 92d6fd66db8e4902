import Foundation

/// The time an engine keeps (``OfflineHaptics/Clock``), in seconds from the engine's creation.
/// Guarded by the engine's lock.
struct EngineClock {
  private(set) var kind: OfflineHaptics.Clock
  /// The engine time at ``hostStart``; on the virtual clock, the time itself.
  private var base: TimeInterval = 0
  /// The host time, in nanoseconds, at which the engine time was ``base``.
  private var hostStart: UInt64

  /// Calls at "now" closer together on the host clock than this are one instant.
  static let instant: UInt64 = 10_000_000
  /// The last call that resolved to "now" on the virtual clock: its engine and host times.
  private var lastImmediateCall: (time: TimeInterval, host: UInt64)?
  private var hasWarned = false

  init(_ kind: OfflineHaptics.Clock) {
    self.kind = kind
    hostStart = Self.hostNow
  }

  /// The system's monotonic time in nanoseconds, the clock `DispatchQueue.asyncAfter` and
  /// `Timer` wait on.
  static var hostNow: UInt64 { DispatchTime.now().uptimeNanoseconds }

  var now: TimeInterval {
    switch kind {
    case .virtual: base
    case .host: base + Double(Self.hostNow &- hostStart) / 1e9
    }
  }

  /// Moves the virtual clock on by `seconds`.
  mutating func advance(by seconds: TimeInterval) {
    base += seconds
  }

  /// Goes on from the current time on the clock `kind`.
  mutating func switchTo(_ kind: OfflineHaptics.Clock) {
    base = now
    hostStart = Self.hostNow
    self.kind = kind
  }

  /// Notes a call that plays or changes something "now" (`atTime` now or past); returns the
  /// warning to print, once, when calls land on one instant of the virtual clock although the
  /// host clock moved on by more than ``instant`` between them: code that waits in real time
  /// (timers, sleeps) without ``CHHapticEngine/advance(by:)``.
  mutating func noteImmediateCall() -> String? {
    guard kind == .virtual, !hasWarned else { return nil }
    let host = Self.hostNow
    defer { lastImmediateCall = (base, host) }
    guard let last = lastImmediateCall, last.time == base, host &- last.host > Self.instant else { return nil }
    hasWarned = true
    let gap = Int((Double(host &- last.host) / 1e6).rounded())
    return "haptics played \(gap) ms apart on the host clock landed on one instant of this engine's virtual clock "
      + "(\(base) s), which moves only with advance(by:); for code that waits with DispatchQueue.asyncAfter, Timer, "
      + "Task.sleep or Thread.sleep, use the host clock: OfflineHaptics.clock = .host, or CHHapticEngine(clock: .host)"
  }
}
