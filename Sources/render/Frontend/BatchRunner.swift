import ArgumentParser
import HapticRender
import RenderCommandSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a batch render with a progress line on a terminal and a summary at the end.
struct BatchRunner {
  let batch: Batch
  let console: Console

  /// Renders the AHAP files under `paths`, or with `shard` only those of that shard (chosen by
  /// their paths relative to the folders searched, after the whole run's inputs were checked).
  ///
  /// - Parameter preparing: Sets up the batch for the whole run's inputs, once they are found
  ///   and before any is rendered (the Kotlin objects of an Android batch are named from all
  ///   of them).
  func run(
    _ paths: [String], jobs: Int, shard: Shard? = nil,
    preparing: (_ batch: inout Batch, _ inputs: [String]) -> Void = { _, _ in }
  ) throws {
    let progress = ProgressLine(isEnabled: !console.isQuiet && isatty(STDERR_FILENO) == 1)
    let console = console
    var batch = batch
    let results: [Batch.FileResult]
    var shardNote = ""
    do {
      var inputs = try batch.inputs(from: paths)
      preparing(&batch, inputs)
      if let shard {
        shardNote = " (shard \(shard) of \(inputs.count) file\(inputs.count == 1 ? "" : "s"))"
        inputs = inputs.filter { shard.contains(PatternFiles.name(of: $0, foundIn: paths)) }
      }
      results = try batch.run(inputs, jobs: jobs) { state, result in
        progress.clear()
        console.print(result.diagnostics, omitted: result.omittedDiagnostics, error: result.error, input: result.input)
        progress.show(state)
      }
    } catch {
      try refuse(error)
    }
    progress.clear()
    try conclude(results, note: shardNote)
  }

  /// Renders presets into the batch's folder (they are short: on this thread, no progress line).
  func run(_ presets: [Preset], intensity: Double) throws {
    let results: [Batch.FileResult]
    do {
      results = try batch.render(presets, intensity: intensity) {
        console.print($0.diagnostics, omitted: $0.omittedDiagnostics, error: $0.error)
      }
    } catch {
      try refuse(error)
    }
    try conclude(results)
  }

  /// Prints why no input was rendered, and fails.
  private func refuse(_ error: PatternSearchError) throws -> Never {
    for line in CommandLineMessages.text(for: error).split(separator: "\n") { console.error(String(line)) }
    throw ExitCode.failure
  }

  /// Prints the summary, `note` at its end; fails when a file failed.
  private func conclude(_ results: [Batch.FileResult], note: String = "") throws {
    let summary = Summary.line(for: results, folder: batch.outputFolder) + note
    guard results.allSatisfy(\.succeeded) else {
      console.error(summary)
      throw ExitCode.failure
    }
    console.note(summary)
  }
}

/// The `[12/42] name.ahap  3.1 s, 13.5 files/s` line, redrawn in place on standard error.
final class ProgressLine: Sendable {
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
    // The name comes from a folder: escaped, so that it cannot move the cursor or erase.
    let name = (progress.current.split(separator: "/").last.map(String.init) ?? progress.current)
      .escapingControlCharacters
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
