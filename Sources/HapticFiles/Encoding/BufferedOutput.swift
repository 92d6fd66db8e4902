internal import CSndFile
import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A libsndfile virtual file over a file descriptor that gathers libsndfile's writes (a few
/// kilobytes each: one per conversion buffer) into runs of up to ``capacity`` bytes, each sent
/// with one `pwrite`. The system calls saved make the render of a 1-hour session to a 24-bit
/// WAV take about 0.8 × the time libsndfile needs to write the same frames to a file by itself
/// (`render-benchmark hour-wav`).
///
/// Writes that continue the run join it; any other (libsndfile going back to its header) sends
/// the run first. ``flush()`` sends the last run: call it after `sf_close`, which writes the
/// final header. A failed write is kept in ``failure``, and every later write fails.
package final class BufferedOutput: VirtualFile {
  /// Bytes gathered before they are sent.
  package static let capacity = 1 << 18

  /// The file, open for writing (and reading, when libsndfile reads back).
  package let descriptor: FileDescriptor
  /// How the user named the output, for messages.
  package let name: String
  /// Why a write failed (its reason "write failed: " and the system's words, its error number
  /// the system's), when one did.
  package private(set) var failure: FileSystemError?
  private let run = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 64)
  /// The bytes of `run` not yet sent, and where in the file they go.
  private var runCount = 0
  private var runStart: Int64 = 0

  package init(descriptor: FileDescriptor, name: String) {
    self.descriptor = descriptor
    self.name = name
  }

  deinit {
    run.deallocate()
  }

  /// Sends the bytes gathered so far.
  ///
  /// - Returns: `false` when this or an earlier write failed (see ``failure``).
  @discardableResult
  package func flush() -> Bool {
    guard failure == nil else { return false }
    defer { runCount = 0 }
    return runCount == 0 || send(UnsafeRawBufferPointer(rebasing: run[..<runCount]), at: runStart)
  }

  /// Writes `bytes` at `offset` in the file, or keeps why not in ``failure``.
  private func send(_ bytes: UnsafeRawBufferPointer, at offset: Int64) -> Bool {
    do {
      try FileSystem.write(bytes, to: descriptor, at: offset, named: name)
      return true
    } catch {
      failure = error
      return false
    }
  }

  // MARK: - Virtual file

  package override func write(_ bytes: UnsafeRawPointer?, count: Int64) -> Int64 {
    guard failure == nil, let bytes, count > 0 else { return 0 }
    let source = UnsafeRawBufferPointer(start: bytes, count: Int(count))
    if position != runStart + Int64(runCount) || runCount + source.count > Self.capacity {
      guard flush() else { return 0 }
      runStart = position
    }
    if source.count > Self.capacity {
      guard send(source, at: position) else { return 0 }
      runStart = position + count
    } else {
      UnsafeMutableRawBufferPointer(rebasing: run[runCount...]).copyMemory(from: source)
      runCount += source.count
    }
    position += count
    length = max(length, position)
    return count
  }

  package override func read(_ bytes: UnsafeMutableRawPointer?, count: Int64) -> Int64 {
    guard flush(), let bytes else { return 0 }
    let buffer = UnsafeMutableRawBufferPointer(start: bytes, count: Int(count))
    guard let got = try? descriptor.read(fromAbsoluteOffset: position, into: buffer), got > 0 else { return 0 }
    position += sf_count_t(got)
    return sf_count_t(got)
  }
}
