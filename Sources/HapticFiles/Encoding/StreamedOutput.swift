internal import CSndFile
import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A libsndfile virtual file that sends its bytes straight to a descriptor that cannot seek
/// (a pipe, standard output, a device), so that no temporary file holds the whole output.
///
/// Formats whose header states the data's length (WAV, AIFF, CAF) can stream when the length
/// is known before the first sample. ``begin(_:frameCount:bytesPerFrame:configure:)`` sends
/// libsndfile's own final header, found by rehearsing the file's close; every later byte goes
/// out in order. When libsndfile rewrites the header on closing, the new bytes must equal those
/// already sent; anything else is a ``failure``, never a silently wrong file.
///
/// For a format that libsndfile itself writes into a pipe (Ogg), the stream only owns the
/// descriptor that libsndfile is given.
package final class StreamedOutput: VirtualFile {
  /// The descriptor receiving the bytes, closed by ``closeDescriptor()``.
  package let descriptor: FileDescriptor
  /// How the user named the output, for messages.
  package let name: String
  /// What went wrong, if anything: a write the system refused (with its error number), a write
  /// the stream cannot make, or a header last written otherwise than it was sent.
  package var failure: FileSystemError? {
    problem ?? (headerIsAsSent ? nil : .failed(path: name, reason: "libsndfile wrote another header than the one sent"))
  }
  private var problem: FileSystemError?
  /// `false` while the last write into the header differs from the header sent.
  private var headerIsAsSent = true
  /// The bytes before streaming began (the header), as last written.
  private var head: [UInt8] = []
  private var phase = Phase.recording
  private var isOpen = true
  /// Bytes sent to the descriptor.
  private var sent: Int64 = 0

  private enum Phase {
    /// Bytes are kept in ``head`` (the header, before the first sample).
    case recording
    /// A rehearsal: bytes from `dataOffset` on (the samples) are only counted.
    case measuring(dataOffset: Int64)
    /// Bytes go out in order.
    case streaming
  }

  package init(descriptor: FileDescriptor, name: String) {
    self.descriptor = descriptor
    self.name = name
  }

  /// For a pipe that libsndfile writes into itself: records a broken pipe (`EPIPE`) as the
  /// ``failure`` when the reading end has gone. libsndfile's MP3 writer takes no notice of a
  /// failed write, and its Ogg writer reports one in its own words; the pipe says it plainly.
  package func checkReaderIsThere() {
    guard problem == nil else { return }
    var poller = pollfd(fd: descriptor.rawValue, events: Int16(POLLOUT), revents: 0)
    if poll(&poller, 1, 0) == 1, poller.revents & Int16(POLLERR) != 0 {
      problem = .systemCall(path: name, number: .brokenPipe, context: "write failed")
    }
  }

  /// Sends the header that libsndfile writes when closing a file of `frameCount` frames, found
  /// by a rehearsal: the same format opened on a stream that keeps only its header, set up by
  /// `configure`, given `frameCount` frames of raw zeros (counted, not kept), and closed.
  ///
  /// - Returns: `false` when the rehearsal failed or its header does not fit the one written.
  func begin(
    _ info: SF_INFO, frameCount: Int, bytesPerFrame: Int, configure: (OpaquePointer) -> Void
  ) -> Bool {
    var info = info
    let rehearsal = StreamedOutput(descriptor: FileDescriptor(rawValue: -1), name: name)
    guard let handle = rehearsal.open(&info) else { return refuse("libsndfile cannot rehearse this format") }
    configure(handle)
    rehearsal.phase = .measuring(dataOffset: Int64(rehearsal.head.count))
    let zeros = [UInt8](repeating: 0, count: bytesPerFrame * 16_384)
    var remaining = frameCount * bytesPerFrame
    while remaining > 0 {
      let count = min(remaining, zeros.count)
      guard sf_write_raw(handle, zeros, sf_count_t(count)) == sf_count_t(count) else {
        sf_close(handle)
        return refuse("libsndfile cannot rehearse this format")
      }
      remaining -= count
    }
    guard sf_close(handle) == 0, rehearsal.head.count == head.count, position == Int64(head.count) else {
      return refuse("the rehearsed header does not fit the file")
    }
    head = rehearsal.head
    phase = .streaming
    head.withUnsafeBytes { send($0) }
    sent = Int64(head.count)
    return failure == nil
  }

  /// Records why streaming cannot begin.
  private func refuse(_ reason: String) -> Bool {
    problem = .failed(path: name, reason: "cannot stream: \(reason)")
    return false
  }

  /// Closes the descriptor; later calls do nothing.
  package func closeDescriptor() {
    guard isOpen else { return }
    isOpen = false
    try? descriptor.close()
  }

  // MARK: - Virtual file

  package override func write(_ bytes: UnsafeRawPointer?, count: Int64) -> Int64 {
    guard problem == nil, let bytes else { return 0 }
    let buffer = UnsafeRawBufferPointer(start: bytes, count: Int(count))
    defer {
      position += count
      length = max(length, position)
    }
    switch phase {
    case .measuring(let dataOffset) where position >= dataOffset:
      return count
    case .recording, .measuring:
      let end = Int(position) + buffer.count
      if head.count < end { head += repeatElement(0, count: end - head.count) }
      head.replaceSubrange(Int(position)..<end, with: buffer)
      return count
    case .streaming:
      break
    }
    if position == sent {
      send(buffer)
      sent += count
      return problem == nil ? count : 0
    }
    guard position + count <= Int64(head.count) else {
      problem = .failed(path: name, reason: "cannot go back to offset \(position) of a stream (\(count) bytes)")
      return 0
    }
    // libsndfile rewrites the header on the first write and on closing: the last must match.
    headerIsAsSent = head[Int(position)..<Int(position + count)].elementsEqual(buffer)
    return count
  }

  private func send(_ buffer: UnsafeRawBufferPointer) {
    guard problem == nil, buffer.count > 0 else { return }
    do {
      try FileSystem.write(buffer, to: descriptor, named: name)
    } catch {
      problem = error
    }
  }
}
