import Foundation
import Synchronization

/// Keeps replacing one name in a folder, alternately with a hard link to a file inside and a
/// symbolic link to a file elsewhere (each made under a temporary name, then renamed over the
/// name, so the name always exists), until stopped: the race of a check against a use.
public final class LinkSwapper: Sendable {
  private final class State: Sendable {
    let stopRequested = Mutex(false)
    let finished = Mutex(false)
  }

  private let state = State()

  /// Starts swapping `folder/name` between a hard link to `folder/inside` and a symbolic link
  /// to `outside`.
  public init(folder: String, name: String, inside: String, outside: String) {
    let state = state
    let thread = Thread {
      var round = 0
      while !state.stopRequested.withLock({ $0 }) {
        let temporary = "\(folder)/.swap-\(round % 2)"
        unlink(temporary)
        if round % 2 == 0 {
          _ = link("\(folder)/\(inside)", temporary)
        } else {
          _ = symlink(outside, temporary)
        }
        _ = rename(temporary, "\(folder)/\(name)")
        round += 1
      }
      state.finished.withLock { $0 = true }
    }
    thread.start()
  }

  /// Stops swapping and waits until the last swap is done.
  public func stop() {
    state.stopRequested.withLock { $0 = true }
    while !state.finished.withLock({ $0 }) { usleep(1_000) }
  }
}
