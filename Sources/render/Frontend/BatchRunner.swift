import ArgumentParser
import HapticRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a batch render with a progress line on a terminal and a summary at the end.
struct BatchRunner {
  let batch: Batch
  let console: Console

  func run(_ paths: [String], jobs: Int) throws {
    let inputs: [String]
    do {
      inputs = try PatternFiles.find(in: paths)
    } catch {
      console.error("\(error)")
      throw ExitCode.failure
    }
    let collisions = PatternFiles.collisions(in: inputs)
    guard collisions.isEmpty else {
      for group in collisions {
        console.error(
          "\(group.joined(separator: " and ")) would all be written to '\(batch.outputPath(for: group[0]))'; rename them or render them separately"
        )
      }
      throw ExitCode.failure
    }
    let progress = ProgressLine(isEnabled: !console.isQuiet && isatty(STDERR_FILENO) == 1)
    let console = console
    let results = batch.run(inputs, jobs: jobs) { state, result in
      progress.clear()
      console.print(result.diagnostics, omitted: result.omittedDiagnostics)
      if let error = result.error { console.error(error) }
      progress.show(state)
    }
    progress.clear()
    let failed = results.filter { !$0.succeeded }.count
    let files = "\(results.count) file\(results.count == 1 ? "" : "s")"
    let summary =
      "rendered \(results.count - failed) of \(files) into \(batch.outputFolder)\(failed > 0 ? "; \(failed) failed" : "")"
    if failed > 0 { console.error(summary) } else { console.note(summary) }
    if failed > 0 { throw ExitCode.failure }
  }
}

/// The `[12/42] name.ahap  3.1 s, 13.5 files/s` line, redrawn in place on standard error.
final class ProgressLine: @unchecked Sendable {
  let isEnabled: Bool
  private let start: timespec

  init(isEnabled: Bool) {
    self.isEnabled = isEnabled
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    start = now
  }

  func show(_ progress: Batch.Progress) {
    guard isEnabled else { return }
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    let elapsed = Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9
    let rate = elapsed > 0 ? Double(progress.done) / elapsed : 0
    let name = progress.current.split(separator: "/").last.map(String.init) ?? progress.current
    write(
      "\r\u{1B}[K[\(progress.done)/\(progress.total)] \(name)  \(Summary.seconds(elapsed)) s, \(Summary.seconds(rate)) files/s\(progress.failed > 0 ? ", \(progress.failed) failed" : "")"
    )
  }

  func clear() {
    if isEnabled { write("\r\u{1B}[K") }
  }

  private func write(_ text: String) {
    StandardError.write(text)
  }
}
