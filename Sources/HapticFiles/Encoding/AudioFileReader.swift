internal import CSndFile
import HapticAudio
import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads any audio file libsndfile reads, as float frames in −1 … 1.
public final class AudioFileReader {
  public let path: String
  public let sampleRate: Int
  public let channelCount: Int
  /// Frames in the file, as its header says.
  public let frameCount: Int
  private var handle: OpaquePointer?
  /// Interleaved frames as libsndfile delivers them.
  private var buffer: [Float] = []

  /// Opens the file for reading; only regular files are read (`FileSystem.openRegularFile(_:)`).
  ///
  /// - Throws: ``EncodingError/cannotOpenFile(_:)`` with the system's error number, or
  ///   ``EncodingError/cannotOpen(path:reason:)`` with libsndfile's message.
  public convenience init(path: String) throws(EncodingError) {
    let descriptor: FileDescriptor
    do {
      descriptor = try FileSystem.openRegularFile(path).descriptor
    } catch {
      throw .cannotOpenFile(FileSystem.readProblem(path) ?? error)
    }
    try self.init(descriptor: descriptor, path: path)
  }

  /// Reads a file already opened (and checked) by ``FileSystem/openFile(_:)``, through its own
  /// descriptor: the path is not looked up again.
  package convenience init(file: FileSystem.OpenedFile) throws(EncodingError) {
    let descriptor: FileDescriptor
    do {
      descriptor = try FileSystem.call(file.path) { try file.descriptor.duplicate() }
    } catch {
      throw .cannotOpenFile(error)
    }
    // Read from the start whatever was read before through the shared offset.
    _ = try? descriptor.seek(offset: 0, from: .start)
    try self.init(descriptor: descriptor, path: file.path)
  }

  /// Takes `descriptor` over: libsndfile closes it with the handle, or at once when it fails.
  private init(descriptor: FileDescriptor, path: String) throws(EncodingError) {
    var info = SF_INFO()
    // libsndfile closes the descriptor with the handle, or at once when it fails.
    guard let handle = sf_open_fd(descriptor.rawValue, Int32(SFM_READ), &info, 1) else {
      throw .cannotOpen(path: path, reason: String(cString: sf_strerror(nil)))
    }
    self.path = path
    self.handle = handle
    sampleRate = Int(info.samplerate)
    channelCount = Int(info.channels)
    frameCount = Int(info.frames)
    var log = [CChar](repeating: 0, count: 4_096)
    sf_command(handle, Int32(SFC_GET_LOG_INFO), &log, Int32(log.count))
    let text = String(decoding: log.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    damage = text.split(separator: "\n").first { $0.contains("(should be") }
      .map { "truncated or damaged (\($0.trimmingWhitespace()))" }
  }

  /// What libsndfile found wrong with the file's header (such as a data chunk longer than the
  /// file: the file was cut short), or `nil`. libsndfile still reads what is there.
  public let damage: String?

  deinit {
    if let handle { sf_close(handle) }
  }

  /// Reads up to `block.capacity` frames into `block` (planar).
  ///
  /// - Returns: `false` at the end of the file.
  public func read(into block: inout AudioBlock) throws(EncodingError) -> Bool {
    precondition(block.channels.count == channelCount, "block has the wrong channel count")
    guard let handle else { return false }
    // Reused from block to block; taken out of the property so that filling it does not pay a
    // dynamic exclusivity check per sample.
    var interleaved = buffer
    buffer = []
    defer { buffer = interleaved }
    if interleaved.count < block.capacity * channelCount {
      interleaved = [Float](repeating: 0, count: block.capacity * channelCount)
    }
    let count = interleaved.withUnsafeMutableBufferPointer { buffer in
      Int(sf_readf_float(handle, buffer.baseAddress, sf_count_t(block.capacity)))
    }
    if count == 0 {
      let status = sf_error(handle)
      if status != 0 { throw .ioFailed(path: path, reason: String(cString: sf_error_number(status))) }
      return false
    }
    let channelCount = channelCount
    for channel in 0..<channelCount {
      block.withUnsafeMutableChannel(channel) { output in
        for frame in 0..<count { output[frame] = interleaved[frame * channelCount + channel] }
      }
    }
    block.setFrameCount(count)
    return true
  }

  /// Reads the whole file into one buffer per channel.
  public func readAll() throws(EncodingError) -> [[Float]] {
    var channels = Array(repeating: [Float](), count: channelCount)
    var block = AudioBlock(channelCount: channelCount, capacity: 4096)
    while try read(into: &block) {
      for channel in 0..<channelCount {
        channels[channel].append(contentsOf: block.channels[channel][0..<block.frameCount])
      }
    }
    return channels
  }
}

extension AudioFileReader: FrameSource {}

extension Substring {
  fileprivate func trimmingWhitespace() -> String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
