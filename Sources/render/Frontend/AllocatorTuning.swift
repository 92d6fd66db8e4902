#if canImport(Glibc)
  import Glibc
#endif

/// How `render` asks glibc's allocator to serve one run (elsewhere it changes nothing).
///
/// By default glibc gives each large buffer fresh pages of its own and hands them back to the
/// kernel when it is freed, so the next large buffer is mapped and zeroed page by page again.
/// A run of `render` frees its largest buffers (the parsed JSON) just before it makes the next
/// ones (the schedule, the render's blocks): kept instead, the freed pages serve those. On
/// 100,000 transients this halves the page faults (about 7,500 to 3,300, `/usr/bin/time -f
/// %R`) for about 8 MB more at the peak. Only the executable does this, never the library.
enum AllocatorTuning {
  /// Buffers below this size come from the heap instead of a mapping of their own: glibc's
  /// largest value for it.
  static let largestHeapBuffer: Int32 = 32 << 20

  /// Takes buffers of up to ``largestHeapBuffer`` from the heap, and keeps what is freed there
  /// for the run.
  static func keepFreedMemory() {
    #if canImport(Glibc)
      // `mallopt` and its parameters (mallopt(3): M_TRIM_THRESHOLD −1, M_MMAP_THRESHOLD −3)
      // are declared in <malloc.h>, which Swift's Glibc module leaves out.
      typealias Option = @convention(c) (Int32, Int32) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
      let mallopt = unsafeBitCast(symbol, to: Option.self)
      _ = mallopt(-3, largestHeapBuffer)
      _ = mallopt(-1, Int32.max)
    #endif
  }
}
