extension Array {
  /// An empty array with room for `capacity` elements, whose storage is backed by huge pages
  /// where the kernel offers them (``HugePages``): for the package's large buffers, read or made
  /// from a whole pattern (nodes, events, voices).
  @inlinable
  package init(largeCapacity capacity: Int) {
    self.init()
    HugePages.reserve(capacity, in: &self)
  }

  /// An array of `count` elements made in place by `initializer` (as
  /// `Array(unsafeUninitializedCapacity:initializingWith:)`), its storage advised as by
  /// ``init(largeCapacity:)``: for a whole file read into memory.
  @inlinable
  package init(
    largeUninitializedCapacity count: Int,
    initializingWith initializer: (inout UnsafeMutableBufferPointer<Element>, inout Int) throws -> Void
  ) rethrows {
    try self.init(unsafeUninitializedCapacity: count) { buffer, initialized in
      if let base = buffer.baseAddress {
        HugePages.advise(UnsafeMutableRawPointer(base), byteCount: count * MemoryLayout<Element>.stride)
      }
      try initializer(&buffer, &initialized)
    }
  }
}
