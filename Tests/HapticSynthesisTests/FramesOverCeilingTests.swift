import HapticModel
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

private typealias F = PatternFixtures

/// The frames where the voices' amplitude bounds, with the gain, exceed the ceiling: where a
/// limiter may have work (`Schedule.framesOverCeiling`), counted in the peak bound's sweep.
@Suite struct FramesOverCeilingTests {
  private func frames(_ events: [String], gainDecibels: Double = 0, ceiling: Double = 1) throws -> (Int, Int) {
    var options = RenderOptions()
    options.gainDecibels = gainDecibels
    options.ceiling = ceiling
    let schedule = try Schedule(
      pattern: try F.pattern("{\"Pattern\": [\(events.joined(separator: ", "))]}"), options: options)
    return (schedule.framesOverCeiling, schedule.frameCount)
  }

  @Test func twoFullBuzzesAreOverTheCeilingWhereTheyOverlap() throws {
    let first = F.event("HapticContinuous", time: 0, duration: 1, ["HapticIntensity": 1])
    let second = F.event("HapticContinuous", time: 0.5, duration: 1, ["HapticIntensity": 1])
    let (over, _) = try frames([first, second])
    // 0.5 s of overlap at 48 kHz, give or take the voices' fades.
    #expect(over >= 23_000 && over <= 25_000, "\(over)")
    // Alone, a full buzz reaches the ceiling without exceeding it.
    #expect(try frames([first]).0 == 0)
    // Half as loud, the two stay under it.
    let quiet = [0, 0.5].map { F.event("HapticContinuous", time: $0, duration: 1, ["HapticIntensity": 0.5]) }
    #expect(try frames(quiet).0 == 0)
  }

  @Test func gainAndCeilingMoveTheThreshold() throws {
    let buzz = F.event("HapticContinuous", time: 0, duration: 2, ["HapticIntensity": 1])
    let (over, total) = try frames([buzz], gainDecibels: 6)
    // Twice as loud, the buzz is over the ceiling for about as long as it sounds.
    #expect(over >= 95_000 && over <= total, "\(over) of \(total)")
    let halfCeiling = try frames([buzz], ceiling: 0.5).0
    #expect(abs(halfCeiling - over) <= over / 100, "\(halfCeiling) against \(over)")
  }
}
