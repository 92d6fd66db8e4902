// `render-serve`: the server of `render serve`, which parses and checks the options, then
// becomes this executable with them as JSON in its one argument (``ServeSettings``). It is an
// executable of its own so that only it loads the HTTP server and Foundation (docs/serve.md).
import Foundation
import HapticRender
import HapticServe
import RenderCommandSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

AllocatorTuning.holdMappingThreshold()
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let text = arguments.first,
  let settings = try? JSONDecoder().decode(ServeSettings.self, from: Data(text.utf8)),
  (try? settings.options.validate()) != nil, (try? SVGPlot(width: settings.plotWidth)) != nil
else {
  StandardError.write("usage: render serve <input.ahap|dir> [<options>] (render-serve is started by it)\n")
  exit(64)  // EX_USAGE, as render's usage errors
}

let console = Console(isQuiet: settings.isQuiet)
// A signal is the way the server ends, not an interruption: the scratch files go, and the exit
// status is 130 after SIGINT (Ctrl-C, as shells expect of an interrupted command) and 0 after
// SIGTERM or SIGHUP (the way a service is asked to stop).
TemporaryFileRegistry.install()
let handlers = StopSignals.install { number in
  TemporaryFileRegistry.shared.removeAll()
  StandardError.write("render: stopped serving\n")
  exit(number == SIGINT ? 128 + SIGINT : 0)
}
let server: PreviewServer
do {
  server = try PreviewServer(
    serving: settings.input, options: settings.options, loader: settings.loader,
    treatsWarningsAsErrors: settings.treatsWarningsAsErrors, plotWidth: settings.plotWidth,
    rendered: { console.print($0.diagnostics, omitted: $0.omittedDiagnostics, error: $0.succeeded ? nil : $0.error) }
  )
} catch {
  console.error(error)
  exit(1)
}
do {
  try await server.run(port: settings.port) { port in
    StandardOutput.printLine("http://127.0.0.1:\(port)/")
    fflush(nil)  // the address must reach a pipe now, not when the buffer fills
    console.note("serving \(settings.input); open pages follow its changes; Ctrl-C stops")
  }
} catch {
  console.error(error)
}
withExtendedLifetime(handlers) {}
exit(1)
