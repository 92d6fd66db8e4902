import HapticAudio
import HapticFiles
import HapticPipeline
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct EncodingTests {
  /// One block of a test signal: a ramp from −1.5 to 1.5 then a 100 Hz sine at 0.5.
  private func block(channels: Int = 2) -> AudioBlock {
    func sample(_ frame: Int, _ channel: Int) -> Float {
      guard frame >= 300 else { return Float(-1.5 + 3 * Double(frame) / 299) }
      return Float(0.5 * Sine.of(turns: Double(frame) * 100 / 48_000 + Double(channel) / 4))
    }
    return AudioBlock(channels: (0..<channels).map { channel in (0..<4_800).map { sample($0, channel) } })
  }

  private func roundTrip(_ format: AudioFileFormat, ext: String, rate: Int = 48_000) throws -> (
    AudioBlock, [[Float]], AudioFileReader
  ) {
    let folder = try TemporaryFolder()
    let path = "\(folder.path)/x.\(ext)"
    let input = block()
    var writer = try AudioFileWriter(to: .file(path), format: format, sampleRate: rate, channelCount: 2)
    try writer.write(input)
    try writer.finish()
    let reader = try AudioFileReader(path: path)
    return (input, try reader.readAll(), reader)
  }

  private func clamped(_ value: Float) -> Float { min(max(value, -1), 1) }

  @Test func floatIsExactAndOverRangeIsClampedNotWrapped() throws {
    let (input, output, reader) = try roundTrip(AudioFileFormat(.wav, encoding: .float), ext: "wav")
    #expect(reader.frameCount == 4_800 && reader.channelCount == 2 && reader.sampleRate == 48_000)
    for channel in 0..<2 {
      #expect(output[channel] == input.channels[channel].map(clamped))
    }
  }

  /// Container, encoding, and the largest error a round trip may add.
  static let pcmCases: [(AudioFileFormat.Container, AudioFileFormat.SampleEncoding, Double)] = [
    (.wav, .pcm24, 1.0 / 8_388_608), (.wav, .pcm16, 1.0 / 32_768), (.flac, .pcm24, 1.0 / 8_388_608),
    (.aiff, .pcm24, 1.0 / 8_388_608), (.caf, .pcm32, 1e-7), (.flac, .pcm16, 1.0 / 32_768),
  ]

  @Test(arguments: pcmCases)
  func pcmIsWithinOneStep(
    _ container: AudioFileFormat.Container, _ encoding: AudioFileFormat.SampleEncoding, _ step: Double
  ) throws {
    let (input, output, _) = try roundTrip(AudioFileFormat(container, encoding: encoding), ext: container.rawValue)
    for channel in 0..<2 {
      let worst =
        zip(input.channels[channel].map(clamped), output[channel]).map { abs(Double($0) - Double($1)) }.max() ?? 1
      #expect(worst <= step * 1.01, "\(container) \(encoding): \(worst)")
      #expect(output[channel][0] <= -0.999 && output[channel][299] >= 0.999, "over-range samples must clamp")
    }
  }

  @Test(arguments: [AudioFileFormat.Container.ogg, .opus, .mp3])
  func lossyFormatsWriteReadableAudio(_ container: AudioFileFormat.Container) throws {
    let (_, output, reader) = try roundTrip(AudioFileFormat(container), ext: container.rawValue)
    #expect(reader.channelCount == 2)
    #expect(output[0].count >= 4_000)
    #expect(Signal.rms(output[0][1_000..<4_000]) > 0.2)
  }

  @Test func formatRulesAreCheckedWithClearMessages() throws {
    #expect(throws: EncodingError.unsupportedFormat("flac stores 16 or 24 bits, not float")) {
      try AudioFileFormat(.flac, encoding: .float)
    }
    #expect(
      throws: EncodingError.unsupportedFormat(
        "opus does not support 44100 Hz; it accepts 8000, 12000, 16000, 24000, 48000 Hz")
    ) {
      try AudioFileFormat(.opus).check(sampleRate: 44_100)
    }
    #expect(throws: EncodingError.self) { try AudioFileFormat(.mp3, encoding: .pcm16) }
    #expect(throws: EncodingError.unknownExtension(path: "out.xyz")) { try AudioFileFormat(path: "out.xyz") }
    #expect(
      EncodingError.unknownExtension(path: "out").description
        == "cannot tell the format of 'out' from its extension; use one of .wav .flac .aiff .caf .ogg .opus .mp3")
    #expect(throws: EncodingError.vorbisRateUnsupported(sampleRate: 384_000)) {
      try AudioFileFormat(.ogg).check(sampleRate: 384_000)
    }
    #expect(
      EncodingError.vorbisRateUnsupported(sampleRate: 384_000).description
        == "ogg (Vorbis) supports at most 200000 Hz, not 384000 Hz; use a lower sample rate or another format")
    #expect(try AudioFileFormat(path: "dir.v2/Out.AIF").container == .aiff)
    #expect(try AudioFileFormat(path: "take.wave").container == .wav)
    #expect(try AudioFileFormat(path: "take.oga").container == .ogg)
    #expect(try AudioFileFormat(path: "a.wav").encoding == .pcm24)
  }

  @Test func failedRenderLeavesNothingAndKeepsTheExistingFile() throws {
    let folder = try TemporaryFolder()
    let target = "\(folder.path)/out.wav"
    let original: [UInt8] = Array("precious".utf8)
    try writeBytes(original, to: target)
    let loud = try PatternFixtures.pattern(
      PatternFixtures.document(
        PatternFixtures.event("HapticTransient"), PatternFixtures.event("HapticTransient")))
    var options = RenderOptions()
    options.peakPolicy = .error
    #expect(throws: RenderError.self) {
      try Render.toFile(loud, options: options, destination: .file(target), format: AudioFileFormat(path: target))
    }
    #expect(try FileSystem.readAll(target, limit: 100) == original)
    #expect(folder.contents() == ["out.wav"], "no temporary file may remain")
  }

  @Test func unwritablePlacesAreErrorsWithLibsndfileText() throws {
    let folder = try TemporaryFolder()
    #expect(throws: EncodingError.self) {
      _ = try AudioFileWriter(
        to: .file("\(folder.path)/missing/x.wav"), format: AudioFileFormat(.wav), sampleRate: 48_000, channelCount: 1)
    }
    #expect(throws: EncodingError.cannotOpenFile(.failed(path: folder.path, reason: "is a directory"))) {
      _ = try AudioFileWriter(
        to: .file(folder.path), format: AudioFileFormat(.wav), sampleRate: 48_000, channelCount: 1)
    }
    #expect(folder.contents().isEmpty)
  }

  @Test func successfulRenderReplacesTheTargetAtomically() throws {
    let folder = try TemporaryFolder()
    let target = "\(folder.path)/out.flac"
    try writeBytes(Array("old".utf8), to: target)
    let pattern = try PatternFixtures.pattern(PatternFixtures.document(PatternFixtures.event("HapticTransient")))
    try Render.toFile(pattern, destination: .file(target), format: AudioFileFormat(path: target))
    let reader = try AudioFileReader(path: target)
    #expect(reader.frameCount == 526)
    #expect(folder.contents() == ["out.flac"])
  }

  /// A WAV file whose samples would pass 4 GiB is RF64 from the start (its header is never
  /// wrapped); an AIFF file that large is refused before anything is written.
  @Test func outputsOver4GiBAreRF64OrRefused() throws {
    let folder = try TemporaryFolder()
    let frames = AudioFileFormat.largest32BitData / 8 + 1
    let large = "\(folder.path)/large.wav"
    var writer = try AudioFileWriter(
      to: .file(large), format: AudioFileFormat(.wav, encoding: .float), sampleRate: 48_000, channelCount: 2,
      frameCount: frames)
    try writer.write(block())
    try writer.finish()
    #expect(try FileSystem.readAll(large, limit: 1 << 20).prefix(4) == Array("RF64".utf8)[...])
    let reader = try AudioFileReader(path: large)
    #expect(reader.frameCount == 4_800)
    #expect(try reader.readAll()[1] == block().channels[1].map(clamped))

    let small = "\(folder.path)/small.wav"
    var fits = try AudioFileWriter(
      to: .file(small), format: AudioFileFormat(.wav, encoding: .float), sampleRate: 48_000, channelCount: 2,
      frameCount: frames - 1)
    try fits.write(block())
    try fits.finish()
    #expect(try FileSystem.readAll(small, limit: 1 << 20).prefix(4) == Array("RIFF".utf8)[...])

    #expect(throws: EncodingError.self) {
      _ = try AudioFileWriter(
        to: .file("\(folder.path)/large.aiff"), format: AudioFileFormat(.aiff, encoding: .pcm16),
        sampleRate: 48_000, channelCount: 1, frameCount: AudioFileFormat.largest32BitData)
    }
    #expect(folder.contents() == ["large.wav", "small.wav"])
  }

  private func writeBytes(_ bytes: [UInt8], to path: String) throws {
    guard let file = fopen(path, "wb") else { throw EncodingError.ioFailed(path: path, reason: "fopen") }
    _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
  }
}
