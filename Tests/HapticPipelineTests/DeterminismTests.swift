import Foundation
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

  /// Voices of every kind across the boundaries of the synthesis' time ranges: transients that
  /// overload the limiter, a bed whose sharpness a curve moves (its phase summed frame by frame),
  /// a bed whose attack a control changes (its envelope followed frame by frame), audio tones
  /// under a pitch curve, and a waveform.
  private static let acrossRanges: String = {
    var elements: [String] = []
    for index in 0..<300 {
      elements.append(
        F.event(
          "HapticTransient", time: Double(index) * 0.011,
          ["HapticIntensity": 0.6 + Double(index % 5) / 10, "HapticSharpness": Double(index % 7) / 6]))
      elements.append(
        F.event("AudioContinuous", time: Double(index) * 0.0107, duration: 0.02, ["AudioPitch": Double(index % 3) / 3]))
    }
    elements += [
      F.event("HapticContinuous", time: 0.2, duration: 2.5, ["HapticIntensity": 0.8, "HapticSharpness": 0.4]),
      F.curve("HapticSharpnessControl", time: 0.5, [(0, 0), (1, 0.5), (2, -0.4)]),
      F.event("HapticContinuous", time: 0.9, duration: 2, ["HapticIntensity": 0.7, "AttackTime": 0.8]),
      F.parameter("HapticAttackTimeControl", time: 1.1, -0.5),
      F.curve("AudioPitchControl", time: 0.3, [(0, 0), (2, 0.7)]),
      "{\"Event\": {\"Time\": 1.3, \"EventType\": \"AudioCustom\", \"EventWaveformPath\": \"knock.wav\"}}",
    ]
    return "{\"Version\": 1, \"Pattern\": [\(elements.joined(separator: ", "))]}"
  }()

  /// The synthesis on several threads, each a time range at a time, writes the bytes of one
  /// thread, whatever the block size (which sets the ranges' length).
  @Test(arguments: [64, 1_000, 32_768])
  func synthesisThreadsDoNotChangeTheBytes(_ blockSize: Int) throws {
    let folder = try TemporaryFolder()
    let pattern = try Self.loadAcrossRanges(in: folder)
    func bytes(threads: Int) throws -> (bytes: [UInt8], report: RenderReport) {
      var options = RenderOptions()
      options.blockSize = blockSize
      options.threads = threads
      let path = "\(folder.path)/\(threads).wav"
      let report = try Render.toFile(pattern, options: options, destination: .file(path), format: AudioFileFormat(.wav))
      #expect(report.limitedOverloads > 0)
      return (try FileSystem.readAll(path, limit: 1 << 28), report)
    }
    let one = try bytes(threads: 1)
    #expect(one.bytes.count > 100_000)
    for threads in [2, 8] {
      let many = try bytes(threads: threads)
      #expect(many.bytes == one.bytes, "\(threads) threads, blocks of \(blockSize)")
      // The limiter's figures, summed over the ranges each thread limited.
      #expect(many.report.limitedOverloads == one.report.limitedOverloads)
      #expect(many.report.smallestLimiterGain == one.report.smallestLimiterGain)
      #expect(many.report.peak == one.report.peak)
    }
    // A stream on three threads gives the same samples.
    #expect(
      try Self.samples(pattern, blockSize: blockSize, threads: 3)
        == Self.samples(pattern, blockSize: blockSize, threads: 1), "a stream on 3 threads, blocks of \(blockSize)")
  }

  /// An actuator's drive follows a target synthesized on several threads, over ranges of 2,048
  /// frames: the same samples as on one, for both kinds of actuator.
  @Test(arguments: [ActuatorModel.lra, .voiceCoil])
  func actuatorDrivesDoNotDependOnTheSynthesisThreads(_ model: ActuatorModel) throws {
    let folder = try TemporaryFolder()
    let pattern = try Self.loadAcrossRanges(in: folder)
    let one = try Self.samples(pattern, blockSize: 64, threads: 1, actuator: model)[0]
    #expect(one.count > 3 * 48_000 && one.contains { $0 != 0 })
    #expect(try Self.samples(pattern, blockSize: 64, threads: 3, actuator: model)[0] == one, "3 threads")
  }

  /// ``acrossRanges`` loaded from `folder`, beside the waveform it plays.
  private static func loadAcrossRanges(in folder: TemporaryFolder) throws -> LoadedPattern {
    try FileManager.default.copyItem(atPath: "\(Locations.samples)/knock.wav", toPath: "\(folder.path)/knock.wav")
    try TextFile.write(acrossRanges, to: "\(folder.path)/ranges.ahap")
    var diagnostics = Diagnostics()
    return try #require(try PatternLoader().load(path: "\(folder.path)/ranges.ahap", diagnostics: &diagnostics))
  }

  /// `pattern` rendered into memory on `threads`, for `actuator` when given: each channel's
  /// samples as bit patterns.
  private static func samples(
    _ pattern: LoadedPattern, blockSize: Int, threads: Int, actuator: ActuatorModel? = nil
  ) throws -> [[UInt32]] {
    var options = RenderOptions()
    options.blockSize = blockSize
    options.threads = threads
    options.actuator = actuator.map { ActuatorRendering(model: $0, name: "\($0.kind)") }
    return try Render.toMemory(pattern, options: options).channels.map { $0.map(\.bitPattern) }
  }
}

private typealias F = PatternFixtures
