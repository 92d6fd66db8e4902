internal import CSndFile

/// An output file type and sample encoding, as libsndfile writes them.
public struct AudioFileFormat: Sendable, Hashable, CustomStringConvertible {
  /// The container, named as `-t/--type` takes it.
  public enum Container: String, Sendable, CaseIterable {
    case wav, flac, aiff, caf, ogg, opus, mp3

    /// The container a file extension (without the dot, any case) stands for.
    public init?(extension ext: String) {
      switch ext.lowercased() {
      case "aif": self = .aiff
      case "wave": self = .wav
      case "oga": self = .ogg
      default: self.init(rawValue: ext.lowercased())
      }
    }

    /// `true` for the lossy formats, whose bit depth is not chosen.
    public var isLossy: Bool { self == .ogg || self == .opus || self == .mp3 }

    /// `true` for the formats whose encoder leaves no readable file for zero frames (libsndfile
    /// writes nothing for FLAC and MP3 until the first frame, and an Opus stream that its own
    /// reader calls malformed; libopusenc aborts): a render of no frames writes one frame of
    /// silence to them.
    public var needsAFrame: Bool { self == .flac || self == .opus || self == .mp3 }

    /// The sample rates the format accepts, or `nil` when any rate is accepted.
    public var sampleRates: [Int]? {
      switch self {
      case .opus: [8_000, 12_000, 16_000, 24_000, 48_000]
      case .mp3: [8_000, 11_025, 12_000, 16_000, 22_050, 24_000, 32_000, 44_100, 48_000]
      default: nil
      }
    }

    /// The sample encodings the format stores.
    public var encodings: [SampleEncoding] {
      switch self {
      case .flac: [.pcm16, .pcm24]
      case .wav, .aiff, .caf: SampleEncoding.allCases
      case .ogg, .opus, .mp3: []
      }
    }
  }

  /// How each sample is stored in a PCM format.
  public enum SampleEncoding: String, Sendable, CaseIterable {
    case pcm16 = "16"
    case pcm24 = "24"
    case pcm32 = "32"
    case float
  }

  public let container: Container
  /// `nil` for the lossy containers.
  public let encoding: SampleEncoding?

  /// A format, checked against what the container stores.
  ///
  /// - Parameters:
  ///   - container: The file type.
  ///   - encoding: `nil` picks 24-bit PCM for PCM containers.
  /// - Throws: ``EncodingError/unsupportedFormat(_:)`` when the container cannot store it.
  public init(_ container: Container, encoding: SampleEncoding? = nil) throws(EncodingError) {
    self.container = container
    if container.isLossy {
      if let encoding {
        throw .unsupportedFormat(
          "\(container.rawValue) is a lossy format; its bit depth cannot be set (\(encoding.rawValue) was asked)")
      }
      self.encoding = nil
    } else {
      let chosen = encoding ?? .pcm24
      guard container.encodings.contains(chosen) else {
        throw .unsupportedFormat(
          "\(container.rawValue) stores \(container.encodings.map(\.rawValue).joined(separator: " or ")) bits, not \(chosen.rawValue)"
        )
      }
      self.encoding = chosen
    }
  }

  /// The format the extension of `path` names.
  ///
  /// - Throws: ``EncodingError/unknownExtension(path:)`` for an unknown or missing extension.
  public init(path: String, encoding: SampleEncoding? = nil) throws(EncodingError) {
    let name = FileSystem.name(of: path)
    guard let dot = name.lastIndex(of: "."),
      let container = Container(extension: String(name[name.index(after: dot)...]))
    else {
      throw .unknownExtension(path: path)
    }
    try self.init(container, encoding: encoding)
  }

  /// Highest rate libsndfile's Vorbis encoder accepts, in Hz.
  package static let highestVorbisRate = 200_000

  /// Checks that the format can be written at `sampleRate` Hz.
  ///
  /// - Throws: ``EncodingError/vorbisRateUnsupported(sampleRate:)`` for Ogg Vorbis above
  ///   200000 Hz, ``EncodingError/unsupportedFormat(_:)`` for a rate the container does not take.
  public func check(sampleRate: Int) throws(EncodingError) {
    if container == .ogg, sampleRate > Self.highestVorbisRate {
      throw .vorbisRateUnsupported(sampleRate: sampleRate)
    }
    if let rates = container.sampleRates, !rates.contains(sampleRate) {
      throw .unsupportedFormat(
        "\(container.rawValue) does not support \(sampleRate) Hz; it accepts \(rates.map(String.init).joined(separator: ", ")) Hz"
      )
    }
  }

  public var description: String {
    encoding.map { "\(container.rawValue) (\($0 == .float ? "32-bit float" : "\($0.rawValue)-bit"))" }
      ?? container.rawValue
  }

  /// Whether libsndfile takes this format's samples as floats and clamps them to ±1 itself as it
  /// quantizes them (`SFC_SET_CLIPPING`): FLAC and 32-bit PCM. The writer quantizes 16- and
  /// 24-bit WAV, AIFF and CAF itself (see `PCMQuantizer`), and clamps float and lossy formats
  /// before libsndfile takes them.
  package var isClippedByLibrary: Bool {
    container == .flac || encoding == .pcm32
  }

  /// Bytes of one sample in a PCM or float file (WAV, AIFF, CAF; FLAC before compression).
  package var bytesPerSample: Int {
    switch encoding {
    case .pcm16: 2
    case .pcm24, nil: 3
    case .pcm32, .float: 4
    }
  }

  /// Processor time writing one sample (a frame of one channel) takes, encoding included, in
  /// nanoseconds of the project's two-processor machine, to weigh against the synthesis's
  /// (`Voice.synthesisNanoseconds`): measured writing 600 s of 48 kHz transients to memory
  /// (`/dev/shm`), the kernel's copy included.
  package var nanosecondsPerSample: Double {
    switch (container, encoding) {
    case (.flac, .pcm16): 12.7
    case (.flac, _): 14.9
    case (.ogg, _): 61
    case (.opus, _): 73
    case (.mp3, _): 49
    case (_, .pcm16): 0.85
    case (_, .pcm32): 2.7
    case (_, .float): 1.75
    case (_, .pcm24), (_, nil): 1.35
    }
  }

  /// `true` for a format whose header states the samples' length, so that it can be sent
  /// through a pipe when that length is known up front (see ``StreamedOutput``): WAV, CAF, and
  /// AIFF in integer PCM. (libsndfile's float AIFF header changes its size on closing.)
  package var streamsWithKnownLength: Bool {
    [.wav, .caf].contains(container) || (container == .aiff && encoding != .float)
  }

  /// `true` for a format that libsndfile writes into a pipe as it goes, with nothing to go
  /// back to: Ogg Vorbis, Opus and MP3. (Streamed FLAC would lose its length: its STREAMINFO
  /// is completed on closing.)
  package var streamsToPipes: Bool { [.ogg, .opus, .mp3].contains(container) }

  /// The most sample bytes a WAV or AIFF file holds: their sizes are 32-bit, less a margin
  /// for the header.
  package static let largest32BitData = 4_294_967_295 - 65_536

  /// libsndfile's `SF_FORMAT_*` bits for a file of `frameCount` frames (when known): RF64
  /// instead of WAV when the samples pass ``largest32BitData``.
  ///
  /// - Throws: ``EncodingError/unsupportedFormat(_:)`` for an AIFF file that large.
  package func sndfileFormat(frameCount: Int?, channelCount: Int) throws(EncodingError) -> Int32 {
    let isLarge = (frameCount ?? 0) > Self.largest32BitData / (bytesPerSample * channelCount)
    if isLarge, container == .aiff {
      throw .unsupportedFormat(
        "an AIFF file holds at most 4 GiB of samples; this render needs more (use -t wav, caf or flac)")
    }
    let major: Int
    switch container {
    case .wav: major = isLarge ? SF_FORMAT_RF64 : SF_FORMAT_WAV
    case .flac: major = SF_FORMAT_FLAC
    case .aiff: major = SF_FORMAT_AIFF
    case .caf: major = SF_FORMAT_CAF
    case .ogg, .opus: major = SF_FORMAT_OGG
    case .mp3: major = SF_FORMAT_MPEG
    }
    let subtype: Int
    switch (container, encoding) {
    case (.ogg, _): subtype = SF_FORMAT_VORBIS
    case (.opus, _): subtype = SF_FORMAT_OPUS
    case (.mp3, _): subtype = SF_FORMAT_MPEG_LAYER_III
    case (_, .pcm16): subtype = SF_FORMAT_PCM_16
    case (_, .pcm32): subtype = SF_FORMAT_PCM_32
    case (_, .float): subtype = SF_FORMAT_FLOAT
    default: subtype = SF_FORMAT_PCM_24
    }
    return Int32(major | subtype)
  }
}
