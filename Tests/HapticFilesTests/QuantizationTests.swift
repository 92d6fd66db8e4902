import HapticAudio
import HapticFiles
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// Integer PCM holds each sample rounded to nearest (ties to even) and clamped, in every
/// container and byte order, as libsndfile's FLAC encoder rounds the same floats.
@Suite struct QuantizationTests {
  /// 1,003 samples (the last three not a group of eight): ties half a step either side of 0 and
  /// of small values, a quarter and three quarters of a step, the largest values below full scale
  /// and past it, infinities, and a sine.
  private static func samples(bits: Int) -> [Float] {
    let step = 1 / Float(1 << (bits - 1))
    var values: [Float] = [0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.25, 0.75, -0.75, 1_000.5, -1_000.5].map { $0 * step }
    values += [1 - step, 1 - step / 2, 1 - step / 4, 1, 1.5, .infinity, -1 + step / 2, -1, -1.5, -.infinity]
    while values.count < 1_003 { values.append(0.9 * Float(Sine.of(turns: Double(values.count) / 37.3))) }
    return values
  }

  /// `round(x · 2^(b−1))`, ties to even, clamped to the bit depth, over `2^(b−1)`: what a reader
  /// of the file gives back, computed in double precision.
  private static func expected(_ sample: Float, bits: Int) -> Float {
    let scale = Double(1 << (bits - 1))
    let integer = min(max((Double(sample) * scale).rounded(.toNearestOrEven), -scale), scale - 1)
    return Float(integer / scale)
  }

  private static func write(
    _ block: AudioBlock, to path: String, _ container: AudioFileFormat.Container,
    _ encoding: AudioFileFormat.SampleEncoding
  ) throws -> [[Float]] {
    var writer = try AudioFileWriter(
      to: .file(path), format: AudioFileFormat(container, encoding: encoding), sampleRate: 48_000,
      channelCount: block.channels.count)
    try writer.write(block)
    try writer.finish()
    return try AudioFileReader(path: path).readAll()
  }

  static let cases: [(AudioFileFormat.Container, AudioFileFormat.SampleEncoding)] = [
    (.wav, .pcm16), (.wav, .pcm24), (.aiff, .pcm16), (.aiff, .pcm24), (.caf, .pcm16), (.caf, .pcm24),
  ]

  @Test(arguments: cases)
  func samplesAreRoundedToNearestAndClamped(
    _ container: AudioFileFormat.Container, _ encoding: AudioFileFormat.SampleEncoding
  ) throws {
    let bits = encoding == .pcm16 ? 16 : 24
    // With not a number: 1,004 samples; in one, two and three channels (3,012 samples
    // interleaved, the last four one at a time).
    let samples = Self.samples(bits: bits) + [.nan]
    let folder = try TemporaryFolder()
    for channels in [[samples], [samples, samples.reversed()], [samples, samples.reversed(), samples.map { -$0 }]] {
      let output = try Self.write(AudioBlock(channels: channels), to: "\(folder.path)/x", container, encoding)
      for (channel, input) in channels.enumerated() {
        let expected = input.map { $0.isNaN ? 0 : Self.expected($0, bits: bits) }
        let wrong = zip(input, zip(output[channel], expected)).filter { $1.0 != $1.1 }
        let wrongCount = wrong.count
        #expect(
          wrongCount == 0,
          "\(container) \(bits)-bit, \(channels.count) channels: (sample, read, expected) \(wrong.prefix(4))")
      }
    }
  }

  @Test(arguments: cases)
  func anEmptyBlockWritesNothing(_ container: AudioFileFormat.Container, _ encoding: AudioFileFormat.SampleEncoding)
    throws
  {
    let folder = try TemporaryFolder()
    var empty = AudioBlock(channelCount: 2, capacity: 8)
    empty.setFrameCount(0)
    var block = AudioBlock(channels: [[0.5, -0.25], [0.125, 1]])
    let path = "\(folder.path)/x"
    var writer = try AudioFileWriter(
      to: .file(path), format: AudioFileFormat(container, encoding: encoding), sampleRate: 48_000, channelCount: 2)
    try writer.write(empty)
    try writer.write(block)
    block.setFrameCount(0)
    try writer.write(block)
    try writer.finish()
    #expect(
      try AudioFileReader(path: path).readAll() == [
        [0.5, -0.25], [0.125, 1 - 1 / Float(1 << (encoding == .pcm16 ? 15 : 23))],
      ])
  }

  /// Not a number is 0 in the formats libsndfile quantizes, and in float files, as in those the
  /// writer quantizes (libsndfile made it full scale negative at 32 bits and wrote no FLAC frame).
  @Test(arguments: [
    (AudioFileFormat.Container.flac, AudioFileFormat.SampleEncoding.pcm16), (.flac, .pcm24), (.wav, .pcm32),
    (.caf, .pcm32), (.wav, .float), (.aiff, .float),
  ])
  func notANumberIsZero(_ container: AudioFileFormat.Container, _ encoding: AudioFileFormat.SampleEncoding) throws {
    let samples: [Float] = [0.5, .nan, -0.25, 2, .nan, -.infinity, 0.125]
    let folder = try TemporaryFolder()
    for channels in [[samples], [samples, samples.reversed()]] {
      let output = try Self.write(AudioBlock(channels: channels), to: "\(folder.path)/x", container, encoding)
      for (channel, input) in channels.enumerated() {
        let expected = input.map { $0.isNaN ? 0 : min(max($0, -1), 1) }
        let step = encoding == .pcm16 ? 1 / Float(1 << 15) : 1 / Float(1 << 23)
        let wrong = zip(output[channel], expected).filter { abs($0 - $1) > step }.count
        #expect(wrong == 0, "\(container) \(encoding), \(channels.count) channels: \(output[channel])")
      }
    }
  }

  @Test(arguments: [AudioFileFormat.SampleEncoding.pcm16, .pcm24])
  func wavHoldsWhatLibsndfileMakesOfTheFloatsInFLAC(_ encoding: AudioFileFormat.SampleEncoding) throws {
    let samples = Self.samples(bits: encoding == .pcm16 ? 16 : 24)
    let folder = try TemporaryFolder()
    let block = AudioBlock(channels: [samples])
    let wav = try Self.write(block, to: "\(folder.path)/x.wav", .wav, encoding)
    let flac = try Self.write(block, to: "\(folder.path)/x.flac", .flac, encoding)
    #expect(wav == flac)
  }
}
