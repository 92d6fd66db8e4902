internal import CSndFile

/// A mono file written by libsndfile alone, straight to its path, with the writer's settings
/// (clamping, no PEAK chunk) and none of its buffering, temporary file or checks: the
/// benchmark's measure of what libsndfile itself costs.
package final class DirectSoundFile {
  private var handle: OpaquePointer?

  /// Opens `path` for writing mono `format` at `sampleRate` Hz.
  package init(path: String, format: AudioFileFormat, sampleRate: Int) throws(EncodingError) {
    var info = SF_INFO()
    info.samplerate = Int32(sampleRate)
    info.channels = 1
    info.format = try format.sndfileFormat(frameCount: nil, channelCount: 1)
    guard let handle = sf_open(path, Int32(SFM_WRITE), &info) else {
      throw .cannotOpen(path: path, reason: String(cString: sf_strerror(nil)))
    }
    AudioFileWriter.configure(handle)
    self.handle = handle
  }

  /// Appends `samples`, in blocks of `blockSize` frames (≥ 1).
  package func write(_ samples: UnsafeBufferPointer<Float>, blockSize: Int) {
    precondition(blockSize >= 1, "blockSize must be at least 1")
    guard let base = samples.baseAddress else { return }
    var position = 0
    while position < samples.count {
      let count = min(blockSize, samples.count - position)
      sf_writef_float(handle, base + position, sf_count_t(count))
      position += count
    }
  }

  /// Closes the file; it is complete on return.
  package func close() {
    if let handle { sf_close(handle) }
    handle = nil
  }

  deinit {
    close()
  }
}
