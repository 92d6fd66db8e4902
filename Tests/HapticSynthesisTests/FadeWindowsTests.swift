import HapticSynthesis
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The transients' fade windows: the squared sine of the distance from the nearer end, from a
/// table per carrier whose number stays bounded.
@Suite struct FadeWindowsTests {
  @Test func aTableHoldsTheSquaredSineOfEachDistance() {
    var windows = FadeWindows()
    for increment in [65.0 / 48_000, 300.0 / 48_000, 0.2] {
      let quarter = Int((0.25 / increment).rounded(.up))
      let table = windows.squares(increment: increment, count: quarter + 2)
      #expect(table.count >= quarter + 2)
      for (distance, square) in table.prefix(quarter + 2).enumerated() {
        let exact = sin(2 * Double.pi * Double(distance) * increment)
        #expect(abs(square - exact * exact) < 1e-12, "\(increment) at \(distance)")
      }
    }
  }

  /// A pattern of as many carriers as transients keeps no more than ``FadeWindows/capacity``
  /// tables, and a table made again holds the same values.
  @Test func theTablesAreBoundedAndMadeAgainTheSame() {
    var windows = FadeWindows()
    let first = windows.squares(increment: 0.001, count: 300)
    for index in 1...1_000 {
      _ = windows.squares(increment: 0.001 + Double(index) * 1e-7, count: 250)
      #expect(windows.count <= FadeWindows.capacity)
    }
    #expect(windows.squares(increment: 0.001, count: 300) == first)
  }
}
