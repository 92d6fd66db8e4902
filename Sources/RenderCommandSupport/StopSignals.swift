import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The signals that ask a program to stop (SIGINT, SIGTERM, SIGHUP), each handled on a
/// dispatch queue, where the program may clean up (``TemporaryFiles/removeAll()``) and exit.
/// SIGPIPE is ignored: a write to a closed pipe fails with EPIPE instead.
///
/// The three signals are blocked in the calling thread, and so in every thread it starts later
/// (a server's event loops): only dispatch, which waits for them, takes them. A thread that
/// did not block them could be handed one and let it go by, and the program would not stop.
package enum StopSignals {
  /// Installs `handler` for each of the three signals; it is given the signal's number. Keep
  /// the returned sources alive while the program runs.
  package static func install(_ handler: @escaping @Sendable (Int32) -> Void) -> [any DispatchSourceSignal] {
    signal(SIGPIPE, SIG_IGN)
    var blocked = sigset_t()
    sigemptyset(&blocked)
    for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, number) }
    pthread_sigmask(SIG_BLOCK, &blocked, nil)
    return [SIGINT, SIGTERM, SIGHUP].map { number in
      signal(number, SIG_IGN)  // delivered to the dispatch source instead
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { handler(number) }
      source.resume()
      return source
    }
  }
}
