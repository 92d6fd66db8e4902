#if canImport(Glibc)
  import Glibc
#endif

/// How `render` asks glibc's allocator to serve one run (elsewhere it changes nothing).
///
/// By default glibc gives each large buffer fresh pages of its own and hands them back to the
/// kernel when it is freed, so the next large buffer is mapped and zeroed page by page again.
/// A run of `render` frees large buffers (the file's text, the events read by a second thread
/// once merged, the parsed JSON of a text that is not plain) just before it makes the next ones
/// (the schedule, the render's blocks): kept instead, the freed pages serve those. On 100,000
/// transients this halves the page faults (about 7,000 to 3,600, `/usr/bin/time -f %R`) for
/// about 6 MB more at the peak. Only the executable does this, never the library.
enum AllocatorTuning {
  /// Buffers smaller than this come from the heap instead of a mapping of their own: glibc's
  /// largest value for it.
  static let largestHeapBuffer: Int32 = 32 << 20

  /// The parameters of `mallopt` used here, as mallopt(3) gives them: `M_TRIM_THRESHOLD` and
  /// `M_MMAP_THRESHOLD`. They and `mallopt` are declared in <malloc.h>, which Swift's Glibc
  /// module leaves out, so the function is looked up by name.
  private static let trimThreshold: Int32 = -1
  private static let mappingThreshold: Int32 = -3

  /// Takes buffers smaller than ``largestHeapBuffer`` from the heap, and keeps what is freed
  /// there for the run.
  static func keepFreedMemory() {
    #if canImport(Glibc)
      typealias Option = @convention(c) (Int32, Int32) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
      let mallopt = unsafeBitCast(symbol, to: Option.self)
      _ = mallopt(mappingThreshold, largestHeapBuffer)
      _ = mallopt(trimThreshold, Int32.max)
    #endif
  }
}
