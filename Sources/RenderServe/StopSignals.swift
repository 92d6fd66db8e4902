import Dispatch
import HapticRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How the server stops: SIGINT, SIGTERM or SIGHUP remove the scratch files
/// (``TemporaryFiles/removeAll()``) and end it, with exit status 130 after SIGINT (Ctrl-C, as
/// shells expect of an interrupted command) and 0 after SIGTERM or SIGHUP (the way a service is
/// asked to stop). SIGPIPE is ignored: a write to a closed pipe fails with EPIPE instead.
enum StopSignals {
  /// Installs the handlers; keep the returned sources alive while the server runs.
  static func install() -> [any DispatchSourceSignal] {
    signal(SIGPIPE, SIG_IGN)
    return [SIGINT, SIGTERM, SIGHUP].map { number in
      signal(number, SIG_IGN)  // delivered to the dispatch source instead
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        TemporaryFiles.removeAll()
        StandardError.write("render: stopped serving\n")
        exit(number == SIGINT ? 128 + SIGINT : 0)
      }
      source.resume()
      return source
    }
  }
}
