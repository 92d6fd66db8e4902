internal import CSndFile
import HapticAudio
import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes float frames to an audio file through libsndfile, atomically where the target allows.
///
/// Frames go to a temporary file (see `OutputFile`), through a buffer that sends libsndfile's
/// small writes in large runs (`BufferedOutput`); ``finish()`` closes it and moves it to
/// the target (a regular file is replaced by a rename; standard output, a device or a FIFO is
/// written to). Until then the target is untouched, and ``discard()`` (or the end of the
/// writer's lifetime without `finish`) removes the temporary file, so a failed render leaves
/// nothing behind.
///
/// The writer is noncopyable and ``finish()`` and ``discard()`` consume it: the compiler refuses
/// any use of a writer after either, so no frame can be written to a file that is closed, and
/// no file is finished twice. A ``write(_:)`` that fails discards the file at once; the writer
/// then throws that failure again for every later write and for `finish`.
/// A WAV, AIFF or CAF file of known length for standard output, a device or a FIFO is instead
/// streamed as it is written (see `StreamedOutput`), and so is Ogg, Opus or MP3 into a pipe: no
/// temporary file, and a failure midway leaves what was sent.
/// Samples are clamped to ±1 (not a number is 0) and rounded to nearest (ties to even, no
/// dither) as they are quantized, by the writer itself for 16- and 24-bit WAV, AIFF and CAF
/// (`PCMQuantizer`, whose bytes libsndfile writes as they are), and WAV files get no PEAK
/// chunk, so the same frames always give the same bytes. A WAV file whose data
/// would pass 4 GiB is written as RF64 (the 64-bit WAV that every current reader opens).
public struct AudioFileWriter: ~Copyable {
  /// Where the finished file goes.
  public enum Destination: Sendable, Equatable {
    case file(String)
    /// A regular file only, moved into place by renaming over its name when complete: a
    /// symbolic link at that name is refused, never followed, and so is a folder, a FIFO, a
    /// device or a socket, which is not opened. For files named by the tool, not the user
    /// (golden files, the outputs of a batch).
    case regularFile(String)
    /// The finished file's bytes are copied to standard output.
    case standardOutput
  }

  public let destination: Destination
  public let format: AudioFileFormat
  public let channelCount: Int
  private let sink: Sink
  /// libsndfile writes into the pipe itself (Ogg, Opus, MP3 to a pipe): its failures are found
  /// by looking at the pipe (``StreamedOutput/checkReaderIsThere()``).
  private let isPiped: Bool
  private var state: State
  private var interleaved: [Float] = []
  /// Quantizes the samples of a 16- or 24-bit WAV, AIFF or CAF file; `nil` where libsndfile
  /// takes floats (FLAC, whose encoder rounds them to nearest itself, 32-bit, float, lossy).
  private let quantizer: PCMQuantizer?
  /// The bytes of the block being written, from `quantizer`.
  private var bytes: [UInt8] = []
  /// Whether a frame has been written (see ``AudioFileFormat/Container/needsAFrame``).
  private var hasFrames = false

  private enum State {
    /// libsndfile's handle of the file being written.
    case open(OpaquePointer)
    /// A write failed and discarded the file: every later call throws this.
    case failed(EncodingError)
    /// ``finish()`` closed the file (the writer is being consumed).
    case closed
  }

  /// Opens the temporary file.
  ///
  /// - Parameters:
  ///   - destination: Where the finished file goes.
  ///   - format: The file type and sample encoding.
  ///   - sampleRate: Frames per second, in Hz.
  ///   - channelCount: Channels per frame, ≥ 1.
  ///   - frameCount: The number of frames that will be written, when known: a WAV file of more
  ///     than 4 GiB of samples is then written as RF64, an AIFF file is refused.
  /// - Throws: ``EncodingError`` when the format does not fit the rate or the length, the
  ///   file cannot be opened (``EncodingError/cannotOpenFile(_:)`` with the system's error
  ///   number, or ``EncodingError/cannotOpen(path:reason:)`` with libsndfile's message), or its
  ///   header cannot be delivered (``EncodingError/fileSystemFailed(path:cause:)``).
  public init(
    to destination: Destination, format: AudioFileFormat, sampleRate: Int, channelCount: Int, frameCount: Int? = nil
  ) throws(EncodingError) {
    try format.check(sampleRate: sampleRate)
    var info = SF_INFO()
    info.samplerate = Int32(sampleRate)
    info.channels = Int32(channelCount)
    info.format = try format.sndfileFormat(frameCount: frameCount, channelCount: channelCount)
    guard sf_format_check(&info) == Int32(SF_TRUE) else {
      throw .unsupportedFormat("libsndfile cannot write \(format) with \(channelCount) channels at \(sampleRate) Hz")
    }
    let path: String? =
      switch destination {
      case .file(let path), .regularFile(let path): path
      case .standardOutput: nil
      }
    let isRegularOnly = if case .regularFile = destination { true } else { false }
    var isPipedHandle = false
    let sink: Sink
    let handle: OpaquePointer?
    do throws(FileSystemError) {
      var through: FileDescriptor?
      if isRegularOnly {
        if let path, let refusal = FileSystem.notRegularFileProblem(path) { throw refusal }
      } else {
        through = try OutputFile.writeThroughDescriptor(path)
      }
      var piped: OpaquePointer?
      if let through, format.streamsToPipes, FileSystem.isPipe(through) {
        piped = sf_open_fd(through.rawValue, Int32(SFM_WRITE), &info, 0).map(Self.configure)
      }
      if let through, let piped {
        isPipedHandle = true
        sink = .stream(StreamedOutput(descriptor: through, name: OutputFile.name(of: path)))
        handle = piped
      } else if let through, format.streamsWithKnownLength, let frameCount {
        let stream = StreamedOutput(descriptor: through, name: OutputFile.name(of: path))
        sink = .stream(stream)
        let header = info
        handle = stream.open(&info).map(Self.configure).flatMap { opened in
          let bytesPerFrame = channelCount * format.bytesPerSample
          guard
            stream.begin(
              header, frameCount: frameCount, bytesPerFrame: bytesPerFrame, configure: { Self.configure($0) })
          else {
            sf_close(opened)
            return nil
          }
          return opened
        }
      } else {
        let output = try OutputFile(path: path, writingThrough: through, followingLinks: !isRegularOnly)
        let buffered = BufferedOutput(descriptor: output.descriptor, name: output.name)
        sink = .file(output, buffered)
        handle = buffered.open(&info).map(Self.configure)
      }
    } catch {
      throw .cannotOpenFile(error)
    }
    guard let handle else {
      sink.discard()
      // The header could not be delivered: reported as a later failed write would be.
      if let failure = sink.failure { throw .fileSystemFailed(path: sink.name, cause: failure) }
      throw .cannotOpen(path: sink.name, reason: String(cString: sf_strerror(nil)))
    }
    // Every property at once, after the last throw: a noncopyable value is never left half made.
    self.destination = destination
    self.format = format
    self.channelCount = channelCount
    quantizer = Self.quantizer(of: format, handle: handle)
    self.sink = sink
    isPiped = isPipedHandle
    state = .open(handle)
  }

  /// Makes `handle` clamp samples while quantizing and leave out the PEAK chunk (whose
  /// timestamp would make every file different). Called once per handle: libsndfile turns the
  /// PEAK chunk back on when asked a second time to leave it out.
  ///
  /// - Returns: `handle`.
  @discardableResult
  static func configure(_ handle: OpaquePointer) -> OpaquePointer {
    sf_command(handle, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
    sf_command(handle, Int32(SFC_SET_ADD_PEAK_CHUNK), nil, Int32(SF_FALSE))
    return handle
  }

  /// The quantizer of a 16- or 24-bit WAV, AIFF or CAF file opened as `handle`, in the byte
  /// order libsndfile writes it; `nil` for the others, whose floats libsndfile converts itself
  /// (FLAC's encoder rounds them to nearest).
  private static func quantizer(of format: AudioFileFormat, handle: OpaquePointer) -> PCMQuantizer? {
    guard format.container != .flac, let encoding = format.encoding else { return nil }
    // Whether the file's byte order is not this machine's.
    let isSwapped = sf_command(handle, Int32(SFC_RAW_DATA_NEEDS_ENDSWAP), nil, 0) == Int32(SF_TRUE)
    let isHostBigEndian = 1.bigEndian == 1
    return PCMQuantizer(encoding, isBigEndian: isSwapped != isHostBigEndian)
  }

  /// Closes the file if it is still open and removes the temporary file; after ``finish()``
  /// there is nothing left to remove.
  deinit {
    if case .open(let handle) = state { sf_close(handle) }
    sink.discard()
  }

  /// Appends the valid frames of `block`.
  ///
  /// - Throws: ``EncodingError/fileSystemFailed(path:cause:)`` with the system's error number,
  ///   or ``EncodingError/ioFailed(path:reason:)`` with libsndfile's message, when libsndfile
  ///   writes fewer frames; the file is then discarded, and later writes throw the same error.
  public mutating func write(_ block: AudioBlock) throws(EncodingError) {
    precondition(block.channels.count == channelCount, "block has the wrong channel count")
    let handle = try openHandle()
    let written: sf_count_t
    if let quantizer {
      written = writeQuantized(block, quantizer: quantizer, to: handle)
    } else if channelCount == 1, format.isClippedByLibrary,
      !block.channels[0].withUnsafeBufferPointer({ $0[..<block.frameCount].contains { $0.isNaN } })
    {
      // libsndfile clamps while it quantizes: the channel is written as it is.
      written = block.channels[0].withUnsafeBufferPointer { samples in
        sf_writef_float(handle, samples.baseAddress, sf_count_t(block.frameCount))
      }
    } else {
      let needed = block.frameCount * channelCount
      if interleaved.count < needed { interleaved = Array(repeating: 0, count: needed) }
      block.interleave(into: &interleaved)
      written = interleaved.withUnsafeMutableBufferPointer { samples in
        // Not a number is 0, as the writer's own quantization makes it.
        for index in 0..<needed {
          samples[index] = samples[index].isNaN ? 0 : min(max(samples[index], -1), 1)
        }
        return sf_writef_float(handle, samples.baseAddress, sf_count_t(block.frameCount))
      }
    }
    hasFrames = hasFrames || block.frameCount > 0
    if case .stream(let stream) = sink, isPiped { stream.checkReaderIsThere() }
    guard written == sf_count_t(block.frameCount), !(isPiped && sink.failure != nil) else {
      let failure: EncodingError =
        if let cause = sink.failure {
          .fileSystemFailed(path: sink.name, cause: cause)
        } else {
          .ioFailed(path: sink.name, reason: Self.writeFailure(handle, written: written, of: block.frameCount))
        }
      sf_close(handle)
      sink.discard()
      state = .failed(failure)
      throw failure
    }
  }

  /// Writes the valid frames of `block` as the bytes `quantizer` makes of them, interleaved
  /// first when there is more than one channel.
  ///
  /// - Returns: The frames libsndfile wrote.
  private mutating func writeQuantized(_ block: AudioBlock, quantizer: PCMQuantizer, to handle: OpaquePointer)
    -> sf_count_t
  {
    let needed = block.frameCount * channelCount
    guard needed > 0 else { return 0 }
    let byteCount = needed * quantizer.bytesPerSample
    if bytes.count < byteCount { bytes = Array(repeating: 0, count: byteCount) }
    if channelCount > 1 {
      if interleaved.count < needed { interleaved = Array(repeating: 0, count: needed) }
      block.interleave(into: &interleaved)
    }
    bytes.withUnsafeMutableBytes { target in
      let samples = channelCount == 1 ? block.channels[0] : interleaved
      samples.withUnsafeBufferPointer {
        quantizer.quantize(UnsafeBufferPointer(rebasing: $0[..<needed]), into: target.baseAddress!)
      }
    }
    let written = bytes.withUnsafeBytes { sf_write_raw(handle, $0.baseAddress, sf_count_t(byteCount)) }
    return written / sf_count_t(channelCount * quantizer.bytesPerSample)
  }

  /// Why libsndfile wrote `written` of `count` frames: its message, or, when it has none (its
  /// FLAC encoder fails without one, and libsndfile then says "No Error."), what it did.
  private static func writeFailure(_ handle: OpaquePointer, written: sf_count_t, of count: Int) -> String {
    guard sf_error(handle) != Int32(SF_ERR_NO_ERROR) else {
      return "write failed: the encoder took \(max(written, 0)) of \(count) frames and gave no reason"
    }
    return "write failed: \(String(cString: sf_strerror(handle)))"
  }

  /// The handle of the open file.
  ///
  /// - Throws: The failure of an earlier write, which discarded the file.
  private func openHandle() throws(EncodingError) -> OpaquePointer {
    switch state {
    case .open(let handle): return handle
    case .failed(let failure): throw failure
    case .closed: preconditionFailure("finish() consumes the writer: nothing can use it after")
    }
  }

  /// Closes the file and moves it into place (or copies it to standard output). The writer is
  /// gone afterwards, whatever the outcome. A FLAC, Opus or MP3 file given no frame gets one
  /// frame of silence, the shortest readable file of these formats.
  ///
  /// - Throws: ``EncodingError/fileSystemFailed(path:cause:)`` with the system's error number,
  ///   ``EncodingError/ioFailed(path:reason:)`` with libsndfile's message, or the failure of an
  ///   earlier write; the temporary file is then removed.
  public consuming func finish() throws(EncodingError) {
    if !hasFrames, format.container.needsAFrame {
      var silence = AudioBlock(channelCount: channelCount, capacity: 1)
      silence.setFrameCount(1)
      try write(silence)
    }
    let handle = try openHandle()
    state = .closed
    let status = sf_close(handle)
    sink.flush()
    if case .stream(let stream) = sink, isPiped { stream.checkReaderIsThere() }
    if let failure = sink.failure {
      sink.discard()
      throw .fileSystemFailed(path: sink.name, cause: failure)
    }
    guard status == 0 else {
      sink.discard()
      throw .ioFailed(path: sink.name, reason: String(cString: sf_error_number(status)))
    }
    do {
      try sink.commit()
    } catch {
      throw .fileSystemFailed(path: sink.name, cause: error)
    }
  }

  /// Abandons the file: closes and removes the temporary file; the target is untouched. The
  /// writer is gone afterwards.
  public consuming func discard() {
    // The end of the writer's lifetime, here, closes and removes (see `deinit`).
  }
}
