import HapticServe
import HapticSupport
import NIOCore

/// The connections being served, at most ``ServerLimits/connections``: at the limit the server
/// stops accepting (its channel stops reading), so the next connections wait in the system's
/// queue; when one closes, it accepts again.
final class ConnectionSlots: Sendable {
  private let server: any Channel
  private let open = Locked(0)

  init(server: any Channel) {
    self.server = server
  }

  /// Whether every slot is taken.
  var isFull: Bool { open.withLock { $0 >= ServerLimits.connections } }

  /// A connection is being served.
  func take() {
    let full = open.withLock {
      $0 += 1
      return $0 == ServerLimits.connections
    }
    if full { server.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in } }
  }

  /// A connection is closed.
  func release() {
    let wasFull = open.withLock {
      $0 -= 1
      return $0 == ServerLimits.connections - 1
    }
    if wasFull { server.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in } }
  }
}
