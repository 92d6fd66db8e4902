import Testing
import _HapticRenderTestSupport

@testable import HapticRender

@Suite struct ControlTimelineTests {
  private func timeline(_ elements: String...) throws -> ControlTimeline {
    let document = "{\"Pattern\": [\(elements.joined(separator: ","))]}"
    return ControlTimeline(.hapticIntensityControl, in: try PatternFixtures.pattern(document))
  }

  @Test func startsNeutral() throws {
    let empty = try timeline()
    #expect(empty.value(at: 0) == 1)
    #expect(empty.isConstant)
    #expect(ControlTimeline(.hapticSharpnessControl, in: Pattern()).value(at: 3) == 0)
  }

  @Test func parameterIsAStepAtItsTime() throws {
    let steps = try timeline(PatternFixtures.parameter("HapticIntensityControl", time: 1, 0.5))
    #expect(steps.value(at: 0.999) == 1)
    #expect(steps.value(at: 1) == 0.5)
    #expect(steps.value(at: 100) == 0.5)
  }

  @Test func curvePointsAreRelativeAndHoldBeforeAndAfter() throws {
    let curve = try timeline(
      PatternFixtures.parameter("HapticIntensityControl", time: 0, 0.2),
      PatternFixtures.curve("HapticIntensityControl", time: 1, [(0.5, 0.4), (1.5, 0.8)]))
    #expect(curve.value(at: 1.2) == 0.2)  // holds the value in force until the first point
    #expect(curve.value(at: 1.5) == 0.4)  // first point at 1 + 0.5
    #expect(abs(curve.value(at: 2.0) - 0.6) < 1e-12)  // halfway
    #expect(curve.value(at: 2.5) == 0.8)
    #expect(curve.value(at: 9) == 0.8)  // holds the last value
  }

  @Test func twoPointsAtOneTimeMakeAStep() throws {
    let curve = try timeline(PatternFixtures.curve("HapticIntensityControl", [(0, 1), (0.1, 1), (0.1, 0), (0.2, 0)]))
    #expect(curve.value(at: 0.0999) == 1)
    #expect(curve.value(at: 0.1) == 0)
  }

  @Test func laterElementOverridesFromItsStart() throws {
    let curve = try timeline(
      PatternFixtures.curve("HapticIntensityControl", [(0, 0), (2, 1)]),
      PatternFixtures.parameter("HapticIntensityControl", time: 1, 0.3))
    #expect(abs(curve.value(at: 0.5) - 0.25) < 1e-12)
    #expect(curve.value(at: 1) == 0.3)
    #expect(curve.value(at: 1.5) == 0.3)  // the earlier ramp no longer runs
  }

  @Test func combinesByMultiplyingOrAddingThenClamps() {
    #expect(DynamicParameterID.hapticIntensityControl.combine(event: 0.8, control: 0.5) == 0.4)
    #expect(abs(DynamicParameterID.hapticSharpnessControl.combine(event: 0.9, control: 0.5) - 1) < 1e-12)
    #expect(DynamicParameterID.hapticSharpnessControl.combine(event: 0.2, control: -0.5) == 0)
    #expect(DynamicParameterID.audioPanControl.combine(event: -0.5, control: -1) == -1)
  }
}
