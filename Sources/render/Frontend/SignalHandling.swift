import Dispatch
import HapticRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// On SIGINT or SIGTERM: remove the temporary files being written, say so, and exit with
/// 128 + the signal's number. An existing output file is never touched.
enum SignalHandling {
  /// Installs the handlers; keep the returned sources alive while the program runs.
  static func install() -> [any DispatchSourceSignal] {
    [SIGINT, SIGTERM].map { number in
      signal(number, SIG_IGN)  // delivered to the dispatch source instead
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        TemporaryFiles.removeAll()
        StandardError.write("render: interrupted; no output was written\n")
        exit(128 + number)
      }
      source.resume()
      return source
    }
  }
}
