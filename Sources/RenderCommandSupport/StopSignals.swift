import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The signals that ask a program to stop (SIGINT, SIGTERM, SIGHUP), each handled on a
/// dispatch queue, where the program may clean up (``TemporaryFiles/removeAll()``) and exit.
/// SIGPIPE is ignored: a write to a closed pipe fails with EPIPE instead.
package enum StopSignals {
  /// Installs `handler` for each of the three signals; it is given the signal's number. Keep
  /// the returned sources alive while the program runs.
  package static func install(_ handler: @escaping @Sendable (Int32) -> Void) -> [any DispatchSourceSignal] {
    signal(SIGPIPE, SIG_IGN)
    return [SIGINT, SIGTERM, SIGHUP].map { number in
      signal(number, SIG_IGN)  // delivered to the dispatch source instead
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { handler(number) }
      source.resume()
      return source
    }
  }
}
