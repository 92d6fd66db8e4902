/// The squared windows of transients' quarter-period fades, one table per carrier, made once per
/// render and read by every transient of that carrier.
///
/// For a carrier of `increment` turns per frame the table holds `s(d)²` for distances `d ≥ 0`
/// in frames from the nearer end of a transient, where `s(d) = sin(2π · d · increment)` follows
/// `s(d + 1) = 2·cos(2π·increment)·s(d) − s(d − 1)` from `s(0) = 0`: one exact sine and cosine
/// per carrier, none per frame or per transient.
///
/// Memory: at most ``capacity`` tables, each of a quarter period (185 values at 65 Hz and
/// 48 kHz); a pattern of more carriers than that starts over, with the same values.
package struct FadeWindows {
  /// The tables by the bits of their increment.
  private var tables: [UInt64: [Double]] = [:]

  /// Tables kept at most.
  package static let capacity = 64

  package init() {}

  /// Tables kept now.
  package var count: Int { tables.count }

  /// The table for `increment` (turns per frame, > 0), with at least `count` distances.
  package mutating func squares(increment: Double, count: Int) -> [Double] {
    if let table = tables[increment.bitPattern], table.count >= count { return table }
    let table = Self.squares(increment: increment, count: count)
    if tables.count >= Self.capacity { tables.removeAll(keepingCapacity: true) }
    tables[increment.bitPattern] = table
    return table
  }

  private static func squares(increment: Double, count: Int) -> [Double] {
    let (first, cosine) = Sine.precise(turns: increment)
    var (previous, current) = (-first, 0.0)  // s(−1), s(0)
    return [Double](unsafeUninitializedCapacity: count) { squares, initialized in
      for distance in 0..<count {
        squares[distance] = current * current
        (previous, current) = (current, 2 * cosine * current - previous)
      }
      initialized = count
    }
  }
}
