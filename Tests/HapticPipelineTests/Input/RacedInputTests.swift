import Foundation
import HapticAudio
import HapticFiles
import HapticModel
import HapticPipeline
import HapticReader
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// Inputs changed while they are read: what is checked must be what is read.
@Suite struct RacedInputTests {
  private func writeTone(_ path: String, frames: Int) throws {
    let block = AudioBlock(channels: [(0..<frames).map { Float(Sine.of(turns: Double($0) / 48)) * 0.5 }])
    var writer = try AudioFileWriter(
      to: .file(path), format: AudioFileFormat(.wav, encoding: .pcm16), sampleRate: 48_000, channelCount: 1)
    try writer.write(block)
    try writer.finish()
  }

  /// `--sandbox` while another process keeps swapping the waveform between a hard link to a
  /// file inside and a symbolic link to a file outside: every load reads the inside file or
  /// refuses; none reads the outside one.
  @Test func theSandboxCannotBeRacedByASwappedLink() throws {
    let folder = try TemporaryFolder()
    let inner = "\(folder.path)/pat"
    try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: true)
    try writeTone("\(inner)/inside.wav", frames: 100)
    try writeTone("\(folder.path)/outside.wav", frames: 200)
    let pattern = "\(inner)/t.ahap"
    try Data(
      "{\"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"AudioCustom\", \"EventWaveformPath\": \"x.wav\"}}]}"
        .utf8
    ).write(to: URL(fileURLWithPath: pattern))
    try writeTone("\(inner)/x.wav", frames: 100)
    let swapper = LinkSwapper(folder: inner, name: "x.wav", inside: "inside.wav", outside: "\(folder.path)/outside.wav")
    var read = [Int: Int]()
    var refused = 0
    var loads = 0
    // At least 400 loads, and on until both states were met (for up to a minute: on a loaded
    // machine the swapping process may not run for a while).
    let deadline = Date().addingTimeInterval(60)
    while loads < 400 || (refused == 0 || read[100] == nil) && Date() < deadline {
      loads += 1
      var diagnostics = Diagnostics()
      if let loaded = try PatternLoader(isSandboxed: true).load(path: pattern, diagnostics: &diagnostics) {
        read[loaded.waveforms.values.first?.frameCount ?? 0, default: 0] += 1
      } else {
        refused += 1
        #expect(
          diagnostics.all.map(\.message) == [
            "waveform 'x.wav' is outside the pattern's folder and the resource folders a sandboxed loader allows"
          ])
      }
    }
    swapper.stop()
    #expect(read[200] == nil, "the outside file was read \(read[200] ?? 0) times of \(loads)")
    #expect((read[100] ?? 0) + refused == loads)
    // Both states were met: the swap did race the loads.
    #expect(refused > 0 && read[100] ?? 0 > 0, "inside read \(read[100] ?? 0), refused \(refused)")
  }
}
