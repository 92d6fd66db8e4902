import Foundation
import Testing
import _HapticRenderTestSupport

/// What the suites of hostile inputs share: `render` run with a time-out, and what it printed
/// and left on disk.
protocol HostileRendering {}

extension HostileRendering {
  var samples: String { Locations.samples }

  /// Runs `render` under `timeout 60` in `folder`; exit 124 means it hung.
  func render(_ arguments: String, in folder: String) async throws -> CommandRunner.Result {
    try await CommandRunner.shell("timeout 60 '\(CommandRunner.renderPath)' \(arguments) < /dev/null", in: folder)
  }

  /// Writes `text` as UTF-8 to `path`.
  func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  /// Everything a run printed, standard output then standard error.
  func printed(_ result: CommandRunner.Result) -> String {
    String(decoding: result.standardOutput, as: UTF8.self) + result.standardError
  }

  /// The bytes of `path`, or `nil` when it cannot be read.
  func read(_ path: String) -> Data? {
    try? Data(contentsOf: URL(fileURLWithPath: path))
  }

  /// A pattern of one `AudioCustom` event that plays `waveform`.
  func customPattern(waveform: String) -> String {
    "{\"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"AudioCustom\", \"EventWaveformPath\": \"\(waveform)\"}}]}"
  }
}
