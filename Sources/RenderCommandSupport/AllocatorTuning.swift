#if canImport(Glibc)
  import Glibc
#endif

/// How `render` and `render-serve` ask glibc's allocator to serve them (elsewhere it changes
/// nothing): buffers from ``largestHeapBuffer`` up get pages of their own, handed back to the
/// kernel when freed, at a threshold that stays where it is set; except a `render` of one input
/// to one output, which ends once that file is written and keeps what it frees
/// (``keepFreedMemory()``).
///
/// A run that renders many patterns in one process must not grow with them. It did, although
/// the heap in use stayed small (heaptrack: 2 MB, plus what a site's index holds): with the
/// threshold at 32 MiB and freed memory kept, as `render` had it, `render preview` of 2,000
/// copies of a 2 s pattern peaked at 320 MB against 22 MB for 200; with glibc's own threshold,
/// which rises to the size of each large buffer freed (`render-serve` had it), a batch of 2,000
/// renders peaked at 520 MB in about half the runs and at 19 MB in the others, as the render
/// threads happened to interleave. A fixed threshold of 4 MiB or more grew the same way; 1 MiB
/// or less, or glibc's per-thread cache turned off, stayed flat. With the threshold held at
/// 128 KiB, the 2,000 pages peak at 47 MB (their index, which lists every page, included), the
/// batch at 19 MB, and `render-serve` rendering a page again 10,000 times stays at 33-44 MB.
/// Only the executables do this, never the library.
package enum AllocatorTuning {
  /// Buffers of this many bytes or more get pages of their own: glibc's default start, 128 KiB.
  package static let largestHeapBuffer: Int32 = 128 << 10
  /// The same for a render of one file: glibc's largest threshold on 64-bit systems, 32 MiB
  /// (elsewhere glibc refuses it, and the threshold stays where it was).
  package static let largestKeptBuffer: Int32 = 32 << 20

  /// The parameters of `mallopt` used here, as mallopt(3) gives them: `M_MMAP_THRESHOLD`,
  /// `M_TRIM_THRESHOLD` and `M_ARENA_MAX`. They and `mallopt` are declared in <malloc.h>, which
  /// Swift's Glibc module leaves out, so the function is looked up by name.
  private static let mappingThreshold: Int32 = -3
  private static let trimThreshold: Int32 = -1
  private static let arenaLimit: Int32 = -8

  /// Holds the threshold at ``largestHeapBuffer``; call at the start of the executable.
  package static func holdMappingThreshold() {
    set(mappingThreshold, largestHeapBuffer)
  }

  /// For a process that renders one pattern and then exits: buffers below
  /// ``largestKeptBuffer`` come from the heap, what is freed stays there for the buffers made
  /// after it instead of going back to the kernel, and the threads started from then on make no
  /// heap of their own but share those there are. A buffer then reuses pages already touched
  /// (the render's blocks those of the file's text, freed once parsed) where a fresh page would
  /// cost a fault, and freeing one unmaps nothing: for a large pattern, several times fewer
  /// faults and a tenth less time, for a peak about the size of the text higher
  /// (docs/performance.md §4). Call it before the threads that render start. A process that goes
  /// on rendering must not call it: its memory would grow with what it renders (see above).
  package static func keepFreedMemory() {
    set(mappingThreshold, largestKeptBuffer)
    set(trimThreshold, Int32.max)
    set(arenaLimit, 1)
  }

  private static func set(_ parameter: Int32, _ value: Int32) {
    #if canImport(Glibc)
      typealias Option = @convention(c) (Int32, Int32) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
      let mallopt = unsafeBitCast(symbol, to: Option.self)
      _ = mallopt(parameter, value)
    #endif
  }
}
