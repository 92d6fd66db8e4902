import HapticFiles
import HapticPipeline
import HapticReader
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// docs/signal-model.md §6.13: the same input and options give the same samples and bytes.
@Suite struct DeterminismTests {
  private static let breath = "\(Locations.samples)/breath-478.ahap"

  private func render(_ name: String, blockSize: Int) throws -> [[Float]] {
    var diagnostics = Diagnostics()
    let pattern = try #require(
      try PatternLoader().load(path: "\(Locations.samples)/\(name).ahap", diagnostics: &diagnostics))
    var options = RenderOptions()
    options.sampleRate = 8_000
    options.blockSize = blockSize
    return try Render.toMemory(pattern, options: options).channels
  }

  @Test(arguments: [1, 7, 64, 4096])
  func outputDoesNotDependOnBlockSize(_ blockSize: Int) throws {
    for name in ["breath-478", "tap-buzz-tap", "sharpness-glide", "heartbeat"] {
      let reference = try render(name, blockSize: 512)
      #expect(try render(name, blockSize: blockSize) == reference, "\(name) with blocks of \(blockSize)")
    }
  }

  @Test(arguments: ["wav", "flac", "aiff", "caf"])
  func twoRendersAreByteIdentical(_ type: String) throws {
    let folder = try TemporaryFolder()
    var diagnostics = Diagnostics()
    let pattern = try #require(try PatternLoader().load(path: Self.breath, diagnostics: &diagnostics))
    var options = RenderOptions()
    options.sampleRate = 16_000
    let first = "\(folder.path)/a.\(type)"
    let second = "\(folder.path)/b.\(type)"
    try Render.toFile(pattern, options: options, destination: .file(first), format: AudioFileFormat(path: first))
    try Render.toFile(pattern, options: options, destination: .file(second), format: AudioFileFormat(path: second))
    let a = try FileSystem.readAll(first, limit: 1 << 30)
    let b = try FileSystem.readAll(second, limit: 1 << 30)
    #expect(a.count > 1_000)
    #expect(a == b)
  }

  /// MP3 files are byte-identical too; Ogg files differ only in their random stream serial
  /// number, so they decode to the same samples.
  @Test func lossyRendersRepeat() throws {
    let folder = try TemporaryFolder()
    var diagnostics = Diagnostics()
    let pattern = try #require(
      try PatternLoader().load(path: "\(Locations.samples)/heartbeat.ahap", diagnostics: &diagnostics))
    for container in [AudioFileFormat.Container.mp3, .ogg, .opus] {
      let paths = ["a", "b"].map { "\(folder.path)/\($0).\(container.rawValue)" }
      for path in paths {
        try Render.toFile(pattern, destination: .file(path), format: AudioFileFormat(container))
      }
      if container == .mp3 {
        #expect(try FileSystem.readAll(paths[0], limit: 1 << 24) == FileSystem.readAll(paths[1], limit: 1 << 24))
      }
      #expect(
        try AudioFileReader(path: paths[0]).readAll() == AudioFileReader(path: paths[1]).readAll(), "\(container)")
    }
  }
}
