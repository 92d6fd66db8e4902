import HapticAudio

/// Writes float frames to an Ogg Vorbis or Ogg Opus file whose comments carry tags of the
/// caller's, such as Android's `ANDROID_HAPTIC=1`, through libvorbis and libogg
/// (`VorbisStream`) or libopusenc (`OpusStream`), atomically.
///
/// The file goes to a temporary file, through the same buffer as ``AudioFileWriter``'s
/// (`BufferedOutput`), and reaches the destination only in ``finish()``: a regular file is
/// replaced by a rename, standard output, a device or a FIFO receives the finished bytes. Until
/// then the destination is untouched, and ``discard()`` or a failed write removes the temporary
/// file. Samples are clamped to ±1; the same frames and tags give the same bytes.
public struct TaggedOggWriter: ~Copyable {
  /// The codec of the stream.
  public enum Codec: Sendable {
    case vorbis, opus
  }

  public let channelCount: Int
  private let encoder: any OggEncoder
  private let output: OutputFile
  private let buffered: BufferedOutput
  private var failure: EncodingError?

  /// Opens the temporary file and writes the stream's headers into it.
  ///
  /// - Parameters:
  ///   - destination: Where the finished file goes.
  ///   - codec: Vorbis or Opus.
  ///   - sampleRate: In Hz: at most `AudioFileFormat.highestVorbisRate` for Vorbis, one of
  ///     Opus' rates for Opus (``AudioFileFormat/check(sampleRate:)``).
  ///   - channelCount: Channels per frame, ≥ 1.
  ///   - tags: Comment fields written after `ENCODER=render`, in order.
  /// - Throws: ``EncodingError`` when the codec cannot take the channels and rate, or the file
  ///   cannot be opened or written.
  public init(
    to destination: AudioFileWriter.Destination, codec: Codec, sampleRate: Int, channelCount: Int,
    tags: [(name: String, value: String)]
  ) throws(EncodingError) {
    let encoder: any OggEncoder
    switch codec {
    case .vorbis:
      try AudioFileFormat(.ogg).check(sampleRate: sampleRate)
      encoder = try VorbisStream(channelCount: channelCount, sampleRate: sampleRate, tags: tags)
    case .opus:
      try AudioFileFormat(.opus).check(sampleRate: sampleRate)
      encoder = try OpusStream(channelCount: channelCount, sampleRate: sampleRate, tags: tags)
    }
    let output: OutputFile
    do throws(FileSystemError) {
      switch destination {
      case .file(let path):
        output = try OutputFile(path: path)
      case .regularFile(let path):
        if let refusal = FileSystem.notRegularFileProblem(path) { throw refusal }
        output = try OutputFile(path: path, writingThrough: nil, followingLinks: false)
      case .standardOutput:
        output = try OutputFile(path: nil)
      }
    } catch {
      throw .cannotOpenFile(error)
    }
    let buffered = BufferedOutput(descriptor: output.descriptor, name: output.name)
    guard encoder.start({ Self.send($0, to: buffered) }) else {
      output.discard()
      throw Self.failure(of: buffered)
    }
    self.channelCount = channelCount
    self.encoder = encoder
    self.output = output
    self.buffered = buffered
  }

  deinit {
    output.discard()
  }

  /// Appends the valid frames of `block`.
  ///
  /// - Throws: ``EncodingError/fileSystemFailed(path:cause:)`` when the bytes cannot be
  ///   written; the file is then discarded, and later writes throw the same error.
  public mutating func write(_ block: AudioBlock) throws(EncodingError) {
    precondition(block.channels.count == channelCount, "block has the wrong channel count")
    if let failure { throw failure }
    let buffered = buffered
    guard encoder.encode(block, { Self.send($0, to: buffered) }) else {
      output.discard()
      let failure = Self.failure(of: buffered)
      self.failure = failure
      throw failure
    }
  }

  /// Ends the stream and moves the file into place (or copies it to its destination). The
  /// writer is gone afterwards, whatever the outcome.
  ///
  /// - Throws: ``EncodingError/fileSystemFailed(path:cause:)``, or the failure of an earlier
  ///   write; the temporary file is then removed.
  public consuming func finish() throws(EncodingError) {
    if let failure { throw failure }
    let buffered = buffered
    guard encoder.finish({ Self.send($0, to: buffered) }), buffered.flush() else {
      output.discard()
      throw Self.failure(of: buffered)
    }
    do {
      try output.commit()
    } catch {
      throw .fileSystemFailed(path: output.name, cause: error)
    }
  }

  /// Abandons the file: removes the temporary file; the destination is untouched.
  public consuming func discard() {
    // The end of the writer's lifetime, here, removes it (see `deinit`).
  }

  private static func send(_ bytes: UnsafeRawBufferPointer, to buffered: BufferedOutput) -> Bool {
    bytes.isEmpty || buffered.write(bytes.baseAddress, count: Int64(bytes.count)) == Int64(bytes.count)
  }

  private static func failure(of buffered: BufferedOutput) -> EncodingError {
    if let cause = buffered.failure { return .fileSystemFailed(path: buffered.name, cause: cause) }
    return .ioFailed(path: buffered.name, reason: "the encoder could not encode the frames")
  }
}
