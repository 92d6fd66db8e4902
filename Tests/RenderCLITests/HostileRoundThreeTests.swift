import Foundation
import Testing
import _HapticRenderTestSupport

/// The third round of attacks (issue 38): races, links, log injection, outputs over inputs and
/// the slow paths. Each case checks the exit status, the message, and what is left on disk.
@Suite struct HostileRoundThreeTests {
  private let samples = Locations.samples

  /// Runs `render` under `timeout 60` in `folder`; exit 124 means it hung.
  private func render(_ arguments: String, in folder: String) async throws -> CommandRunner.Result {
    try await CommandRunner.shell("timeout 60 '\(CommandRunner.renderPath)' \(arguments) < /dev/null", in: folder)
  }

  private func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  private func read(_ path: String) -> Data? {
    try? Data(contentsOf: URL(fileURLWithPath: path))
  }

  private func customPattern(waveform: String) -> String {
    "{\"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"AudioCustom\", \"EventWaveformPath\": \"\(waveform)\"}}]}"
  }

  // MARK: 1. The sandbox raced

  @Test func theSandboxHoldsWhileTheWaveformIsSwapped() async throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: "\(folder.path)/pat", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: "\(samples)/knock.wav", toPath: "\(folder.path)/pat/inside.wav")
    let tone = try await render("'\(samples)/audio-tone.ahap' -o outside.wav", in: folder.path)
    #expect(tone.status == 0)
    try FileManager.default.copyItem(atPath: "\(samples)/knock.wav", toPath: "\(folder.path)/pat/x.wav")
    try write(customPattern(waveform: "x.wav"), to: "\(folder.path)/pat/t.ahap")
    let reference = try await render("pat/t.ahap -o reference.wav --sandbox", in: folder.path)
    #expect(reference.status == 0)
    let expected = read("\(folder.path)/reference.wav")

    let swapper = LinkSwapper(
      folder: "\(folder.path)/pat", name: "x.wav", inside: "inside.wav", outside: "\(folder.path)/outside.wav")
    var outcomes: [Int32: Int] = [:]
    for _ in 0..<60 {
      let result = try await render("pat/t.ahap -o o.wav --sandbox -q", in: folder.path)
      outcomes[result.status, default: 0] += 1
      if result.status == 0 {
        #expect(read("\(folder.path)/o.wav") == expected, "only the inside file is ever read")
      } else {
        #expect(
          result.standardError
            == "pat/t.ahap:1:24: error: Pattern[0].Event.EventWaveformPath: waveform 'x.wav' is outside the pattern's folder and the --resources folders, which --sandbox allows\n"
        )
      }
      try? FileManager.default.removeItem(atPath: "\(folder.path)/o.wav")
    }
    swapper.stop()
    #expect(outcomes[0, default: 0] + outcomes[1, default: 0] == 60, "\(outcomes)")
  }
}
