import Dispatch
import HapticRender
import RenderCommandSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// On SIGINT, SIGTERM or SIGHUP: remove the temporary files being written (``TemporaryFileRegistry``), say what was
/// written, and exit with 128 + the signal's number. An existing output file is never touched.
/// SIGPIPE is ignored: a write to a closed pipe fails with EPIPE and ends the command with an
/// error, through the same clean-up. (`render serve` becomes `render-serve`, which has handlers
/// of its own.)
enum SignalHandling {
  /// Installs the handlers; keep the returned sources alive while the program runs.
  static func install() -> [any DispatchSourceSignal] {
    TemporaryFileRegistry.install()
    return StopSignals.install { number in
      TemporaryFileRegistry.shared.removeAll()
      let completed = TemporaryFileRegistry.shared.completedCount
      StandardError.write(
        completed == 0
          ? "render: interrupted; no output was written\n"
          : "render: interrupted; \(completed) output\(completed == 1 ? " was" : "s were") written in full; none in progress was written\n"
      )
      exit(128 + number)
    }
  }
}
