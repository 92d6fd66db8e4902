internal import CSndFile

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes float frames to an audio file through libsndfile, atomically.
///
/// Frames go to a temporary file beside the target; ``finish()`` closes it and renames it over
/// the target (a device or FIFO target, such as `/dev/null`, is written to instead). Until then the target is untouched, and ``discard()`` (or deinitialization
/// without `finish`) removes the temporary file, so a failed render leaves nothing behind.
/// Samples are clamped to ±1 before quantization (round to nearest, no dither) and WAV files
/// get no PEAK chunk, so the same frames always give the same bytes.
public final class AudioFileWriter {
  /// Where the finished file goes.
  public enum Destination: Sendable, Equatable {
    case file(String)
    /// The finished file's bytes are copied to standard output.
    case standardOutput
  }

  public let destination: Destination
  public let format: AudioFileFormat
  public let channelCount: Int
  private let temporaryPath: String
  private var handle: OpaquePointer?
  private var interleaved: [Float] = []

  /// Opens the temporary file.
  ///
  /// - Throws: ``EncodingError`` when the format does not fit the rate or libsndfile cannot
  ///   open the file (its message is included).
  public init(
    to destination: Destination, format: AudioFileFormat, sampleRate: Int, channelCount: Int
  ) throws(EncodingError) {
    try format.check(sampleRate: sampleRate)
    self.destination = destination
    self.format = format
    self.channelCount = channelCount
    switch destination {
    case .file(let path):
      if FileSystem.isDirectory(path) {
        throw .cannotOpen(path: path, reason: "is a directory")
      }
      // A device or FIFO (such as /dev/null) is written to, not replaced.
      temporaryPath = FileSystem.isSpecial(path) ? TemporaryPath.inTemporaryDirectory() : TemporaryPath.beside(path)
    case .standardOutput:
      temporaryPath = TemporaryPath.inTemporaryDirectory()
    }
    TemporaryFiles.register(temporaryPath)
    var info = SF_INFO()
    info.samplerate = Int32(sampleRate)
    info.channels = Int32(channelCount)
    info.format = format.sndfileFormat
    guard sf_format_check(&info) == Int32(SF_TRUE) else {
      TemporaryFiles.unregister(temporaryPath)
      throw .unsupportedFormat("libsndfile cannot write \(format) with \(channelCount) channels at \(sampleRate) Hz")
    }
    guard let handle = sf_open(temporaryPath, Int32(SFM_WRITE), &info) else {
      let reason = FileSystem.writeProblem(temporaryPath) ?? String(cString: sf_strerror(nil))
      FileSystem.removeIfPresent(temporaryPath)
      TemporaryFiles.unregister(temporaryPath)
      throw .cannotOpen(path: Self.name(of: destination), reason: reason)
    }
    self.handle = handle
    sf_command(handle, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
    sf_command(handle, Int32(SFC_SET_ADD_PEAK_CHUNK), nil, Int32(SF_FALSE))
  }

  deinit {
    discard()
  }

  /// Appends the valid frames of `block`.
  ///
  /// - Throws: ``EncodingError/ioFailed(path:reason:)`` when libsndfile writes fewer frames.
  public func write(_ block: AudioBlock) throws(EncodingError) {
    precondition(block.channels.count == channelCount, "block has the wrong channel count")
    guard let handle else { return }
    let written: sf_count_t
    if channelCount == 1, format.isClippedByLibrary {
      // libsndfile clamps while it quantizes: the channel is written as it is.
      written = block.channels[0].withUnsafeBufferPointer { samples in
        sf_writef_float(handle, samples.baseAddress, sf_count_t(block.frameCount))
      }
    } else {
      let needed = block.frameCount * channelCount
      // A local buffer: mutating the stored array sample by sample would pay a dynamic
      // exclusivity check on every access.
      var buffer = interleaved
      interleaved = []
      defer { interleaved = buffer }
      if buffer.count < needed { buffer = Array(repeating: 0, count: needed) }
      block.interleave(into: &buffer)
      written = buffer.withUnsafeMutableBufferPointer { samples in
        for index in 0..<needed {
          samples[index] = min(max(samples[index], -1), 1)
        }
        return sf_writef_float(handle, samples.baseAddress, sf_count_t(block.frameCount))
      }
    }
    guard written == sf_count_t(block.frameCount) else {
      let reason = String(cString: sf_strerror(handle))
      discard()
      throw .ioFailed(path: Self.name(of: destination), reason: "write failed: \(reason)")
    }
  }

  /// Closes the file and moves it into place (or copies it to standard output).
  ///
  /// - Throws: ``EncodingError/ioFailed(path:reason:)``; the temporary file is then removed.
  public func finish() throws(EncodingError) {
    guard let handle else { throw .ioFailed(path: Self.name(of: destination), reason: "already finished") }
    self.handle = nil
    defer { TemporaryFiles.unregister(temporaryPath) }
    let status = sf_close(handle)
    guard status == 0 else {
      FileSystem.removeIfPresent(temporaryPath)
      throw .ioFailed(path: Self.name(of: destination), reason: String(cString: sf_error_number(status)))
    }
    do {
      switch destination {
      case .file(let path) where FileSystem.isSpecial(path):
        try FileSystem.copy(temporaryPath, intoSpecialFile: path)
        FileSystem.removeIfPresent(temporaryPath)
      case .file(let path):
        try FileSystem.rename(temporaryPath, to: path)
      case .standardOutput:
        try FileSystem.copy(temporaryPath, to: STDOUT_FILENO, named: "(standard output)")
        FileSystem.removeIfPresent(temporaryPath)
      }
    } catch {
      FileSystem.removeIfPresent(temporaryPath)
      throw .ioFailed(path: Self.name(of: destination), reason: "\(error)")
    }
  }

  /// Abandons the file: closes and removes the temporary file; the target is untouched.
  public func discard() {
    if let handle {
      sf_close(handle)
      self.handle = nil
      FileSystem.removeIfPresent(temporaryPath)
      TemporaryFiles.unregister(temporaryPath)
    }
  }

  private static func name(of destination: Destination) -> String {
    switch destination {
    case .file(let path): path
    case .standardOutput: "(standard output)"
    }
  }
}
