#if canImport(Glibc)
  import Glibc
#endif

/// How `render` and `render-serve` ask glibc's allocator to serve them (elsewhere it changes
/// nothing): buffers from ``largestHeapBuffer`` up get pages of their own, handed back to the
/// kernel when freed, at a threshold that stays where it is set.
///
/// By default glibc raises that threshold to the size of each large buffer freed (up to 32 MiB),
/// so that later ones come from the heap. A render's large buffers (audio blocks, the encoder's,
/// the page's text) are freed on one thread after being made on another; taken from the heap,
/// the space they leave is split by the small allocations that outlive them, and the next
/// render's buffers no longer fit in it. The heap then grew by 150–250 KB per render in about
/// half the runs, as the threads happened to interleave: `render preview` of 2,000 copies of a
/// 2 s pattern peaked at 320–520 MB against 20 MB for 200, and the server grew the same way
/// with every page it rendered again (a threshold of 4 MiB or more grew too; 1 MiB and less,
/// or glibc's per-thread cache turned off, stayed flat). With the threshold held at 128 KiB,
/// 2,000 pages peak at 47 MB (their index, which lists every page, included). Only the
/// executables do this, never the library.
package enum AllocatorTuning {
  /// Buffers of this many bytes or more get pages of their own: glibc's default start, 128 KiB.
  package static let largestHeapBuffer: Int32 = 128 << 10

  /// The parameter of `mallopt` used here, as mallopt(3) gives it: `M_MMAP_THRESHOLD`. It and
  /// `mallopt` are declared in <malloc.h>, which Swift's Glibc module leaves out, so the
  /// function is looked up by name.
  private static let mappingThreshold: Int32 = -3

  /// Holds the threshold at ``largestHeapBuffer``; call at the start of the executable.
  package static func holdMappingThreshold() {
    #if canImport(Glibc)
      typealias Option = @convention(c) (Int32, Int32) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
      let mallopt = unsafeBitCast(symbol, to: Option.self)
      _ = mallopt(mappingThreshold, largestHeapBuffer)
    #endif
  }
}
