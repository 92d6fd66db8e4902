extension String {
  /// The string followed by spaces up to `width` characters (at least one space).
  package func padded(_ width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}
