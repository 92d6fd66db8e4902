import Foundation

/// Keeps replacing one name in a folder, alternately with a hard link to a file inside and a
/// symbolic link to a file elsewhere (each made under a temporary name, then renamed over the
/// name, so the name always exists), until stopped: the race of a check against a use.
public final class LinkSwapper: Sendable {
  /// Flags shared with the swapping thread, read and written under `lock`.
  private final class State: @unchecked Sendable {
    private let lock = NSLock()
    private var stopRequestedValue = false
    private var finishedValue = false
    private var roundsValue = 0

    var stopRequested: Bool {
      get { locked { stopRequestedValue } }
      set { locked { stopRequestedValue = newValue } }
    }

    var rounds: Int {
      get { locked { roundsValue } }
      set { locked { roundsValue = newValue } }
    }

    var finished: Bool {
      get { locked { finishedValue } }
      set { locked { finishedValue = newValue } }
    }

    private func locked<Value>(_ body: () -> Value) -> Value {
      lock.lock()
      defer { lock.unlock() }
      return body()
    }
  }

  private let state = State()

  /// Starts swapping `folder/name` between a hard link to `folder/inside` and a symbolic link
  /// to `outside`.
  public init(folder: String, name: String, inside: String, outside: String) {
    let state = state
    let thread = Thread {
      var round = 0
      while !state.stopRequested {
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
      state.rounds = round
      state.finished = true
    }
    thread.start()
  }

  /// Stops swapping and waits until the last swap is done.
  ///
  /// - Returns: The number of swaps made.
  @discardableResult
  public func stop() -> Int {
    state.stopRequested = true
    while !state.finished { usleep(1_000) }
    return state.rounds
  }
}
