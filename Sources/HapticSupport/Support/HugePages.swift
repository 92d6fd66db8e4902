#if canImport(Glibc)
  import Glibc
#endif

/// Asks the kernel to back large buffers with transparent huge pages (2 MiB), where it serves
/// them on request (`/sys/kernel/mm/transparent_hugepage/enabled` set to `madvise` or
/// `always`): the first touch of each such page then costs one page fault instead of 512.
///
/// Only speed depends on it, never a value. It acts on Linux (glibc) and on buffers of two huge
/// pages or more; elsewhere, and when the kernel declines, it does nothing.
@usableFromInline
package enum HugePages {
  /// Bytes per huge page.
  @usableFromInline
  package static let size = 2 << 20

  /// Advises the whole huge pages that lie inside `byteCount` bytes from `start`.
  @usableFromInline
  package static func advise(_ start: UnsafeMutableRawPointer, byteCount: Int) {
    #if canImport(Glibc)
      let address = UInt(bitPattern: start)
      let first = (address + UInt(size - 1)) & ~UInt(size - 1)
      let end = (address + UInt(byteCount)) & ~UInt(size - 1)
      guard byteCount >= 2 * size, end > first else { return }
      _ = madvise(UnsafeMutableRawPointer(bitPattern: first), Int(end - first), MADV_HUGEPAGE)
    #endif
  }

  /// Reserves room for `capacity` elements in `array`, its storage advised as by
  /// ``advise(_:byteCount:)``.
  @inlinable
  package static func reserve<Element>(_ capacity: Int, in array: inout [Element]) {
    array.reserveCapacity(capacity)
    let byteCount = array.capacity * MemoryLayout<Element>.stride
    guard byteCount >= 2 * size else { return }
    array.withUnsafeMutableBufferPointer { buffer in
      if let base = buffer.baseAddress { advise(UnsafeMutableRawPointer(base), byteCount: byteCount) }
    }
  }
}
