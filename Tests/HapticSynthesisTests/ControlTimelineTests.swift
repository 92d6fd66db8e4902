import HapticModel
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

@Suite struct ControlTimelineTests {
  private func timeline(_ elements: String..., steps: ControlTimeline.Steps = .ramped) throws -> ControlTimeline {
    let document = "{\"Pattern\": [\(elements.joined(separator: ","))]}"
    return ControlTimeline(.hapticIntensityControl, in: try PatternFixtures.pattern(document), steps: steps)
  }

  @Test func startsNeutral() throws {
    let empty = try timeline()
    #expect(empty.value(at: 0) == 1)
    #expect(empty.isConstant)
    #expect(ControlTimeline(.hapticSharpnessControl, in: Pattern()).value(at: 3) == 0)
  }

  /// A `Parameter` steps to its value at its time: as written for what a transient samples,
  /// as a 5 ms ramp for continuous voices.
  @Test func parameterIsAStepAtItsTimeRampedOver5Milliseconds() throws {
    let element = PatternFixtures.parameter("HapticIntensityControl", time: 1, 0.5)
    let abrupt = try timeline(element, steps: .abrupt)
    #expect(abrupt.value(at: 0.999) == 1)
    #expect(abrupt.value(at: 1) == 0.5)
    let ramped = try timeline(element)
    #expect(ramped.value(at: 1) == 1)
    #expect(abs(ramped.value(at: 1.0025) - 0.75) < 1e-9)
    #expect(ramped.value(at: 1.005) == 0.5)
    #expect(ramped.value(at: 100) == 0.5)
  }

  /// A step whose next point comes within 5 ms runs straight to that point; a step at 0 takes
  /// its value from the start; of several points at one time, the first and the last count.
  @Test func stepsBecomeRampsOrRunStraightToTheNextPoint() throws {
    let close = try timeline(
      PatternFixtures.curve("HapticIntensityControl", [(0, 1), (0.1, 1), (0.1, 0), (0.103, 0.6)]))
    #expect(close.value(at: 0.1) == 1)
    #expect(abs(close.value(at: 0.1015) - 0.8) < 1e-9)
    #expect(close.value(at: 0.103) == 0.6)
    let start = try timeline(PatternFixtures.curve("HapticIntensityControl", [(0, 1), (0, 0.2), (1, 0.2)]))
    #expect(start.value(at: 0) == 0.2)
    let several = try timeline(
      PatternFixtures.curve("HapticIntensityControl", [(0, 1), (0.5, 1), (0.5, 0), (0.5, 0.7), (0.5, 0.4), (2, 0.4)]))
    #expect(several.value(at: 0.5) == 1)
    #expect(abs(several.value(at: 0.505) - 0.4) < 1e-12)
    #expect(several.maximum(from: 0.5, to: 2) == 1)
  }

  @Test func curvePointsAreRelativeAndRampFromTheValueInForce() throws {
    let curve = try timeline(
      PatternFixtures.parameter("HapticIntensityControl", time: 0, 0.2),
      PatternFixtures.curve("HapticIntensityControl", time: 1, [(0.5, 0.4), (1.5, 0.8)]))
    #expect(curve.value(at: 1) == 0.2)  // takes over at its Time from the value in force
    #expect(abs(curve.value(at: 1.25) - 0.3) < 1e-12)  // and ramps to its first point
    #expect(curve.value(at: 1.5) == 0.4)  // first point at 1 + 0.5
    #expect(abs(curve.value(at: 2.0) - 0.6) < 1e-12)  // halfway
    #expect(curve.value(at: 2.5) == 0.8)
    #expect(curve.value(at: 9) == 0.8)  // holds the last value
  }

  @Test func twoPointsAtOneTimeMakeAStep() throws {
    let points = PatternFixtures.curve("HapticIntensityControl", [(0, 1), (0.1, 1), (0.1, 0), (0.2, 0)])
    let abrupt = try timeline(points, steps: .abrupt)
    #expect(abrupt.value(at: 0.0999) == 1)
    #expect(abrupt.value(at: 0.1) == 0)
    let ramped = try timeline(points)
    #expect(ramped.value(at: 0.1) == 1)
    #expect(abs(ramped.value(at: 0.105)) < 1e-12)
  }

  /// A ramp up to a step down: the values before the step approach the ramp's top, so the
  /// maximum up to the step's time is that top, not the value after the step.
  @Test func maximumUpToAStepIsTheRampsTop() throws {
    let curve = try timeline(
      PatternFixtures.curve("HapticIntensityControl", [(0, 0), (2, 1), (2, 0.4), (4, 0.4)]), steps: .abrupt)
    #expect(curve.value(at: 2) == 0.4)
    #expect(curve.maximum(from: 0, to: 2) == 1)
    #expect(curve.maximum(from: 2, to: 4) == 0.4)  // from the step on
    #expect(curve.maximum(from: 0, to: 1.9) < 1)
  }

  /// The times that cut a span are those strictly inside it: none at either end.
  @Test func breakpointTimesLieStrictlyBetweenTheEnds() throws {
    let curve = try timeline(PatternFixtures.curve("HapticIntensityControl", [(0, 0), (1, 1), (2, 0.5), (3, 0.2)]))
    #expect(curve.breakpointTimes(from: 1, to: 3, limit: 63) == [2])
    #expect(curve.breakpointTimes(from: 0.5, to: 2.5, limit: 63) == [1, 2])
    #expect(curve.breakpointTimes(from: 1, to: 2, limit: 63).isEmpty)
  }

  @Test func laterElementOverridesFromItsStart() throws {
    let curve = try timeline(
      PatternFixtures.curve("HapticIntensityControl", [(0, 0), (2, 1)]),
      PatternFixtures.parameter("HapticIntensityControl", time: 1, 0.3))
    #expect(abs(curve.value(at: 0.5) - 0.25) < 1e-12)
    #expect(curve.value(at: 1) == 0.5)  // the step starts its 5 ms ramp
    #expect(abs(curve.value(at: 1.005) - 0.3) < 1e-12)
    #expect(curve.value(at: 1.5) == 0.3)  // the earlier ramp no longer runs
  }

  @Test func oneCurvePointIsARampNotAJump() throws {
    let swell = try timeline(
      PatternFixtures.parameter("HapticIntensityControl", time: 0, 0),
      PatternFixtures.curve("HapticIntensityControl", time: 0, [(2, 1)]))
    #expect(swell.value(at: 0) == 0)
    #expect(abs(swell.value(at: 1) - 0.5) < 1e-12)
    #expect(swell.value(at: 2) == 1)
  }

  /// The 4-7-8 breath as tutorials build it in code: both curves at `Time` 0, inhale points at
  /// 0 and 4 s, exhale points at 11 and 19 s. Each curve acts over its own points, whatever
  /// their order in the file.
  @Test(arguments: [false, true])
  func curvesSharingATimeKeepTheirOwnSpans(exhaleFirst: Bool) throws {
    let inhale = PatternFixtures.curve("HapticIntensityControl", [(0, 0), (4, 1)])
    let exhale = PatternFixtures.curve("HapticIntensityControl", [(11, 1), (19, 0)])
    let breath = try exhaleFirst ? timeline(exhale, inhale) : timeline(inhale, exhale)
    for (time, value) in [(0.0, 0.0), (2, 0.5), (4, 1), (7.5, 1), (11, 1), (15, 0.5), (19, 0), (25, 0)] {
      #expect(abs(breath.value(at: time) - value) < 1e-12, "at \(time) s")
    }
  }

  @Test func aCurveTakesOverAtTheLastPointBeforeItsFirst() throws {
    // The second curve starts (Time 0) before the first one's last point (3 s) but its first
    // point (5 s) comes after it: the first curve runs to its end, then the ramp to 5 s begins.
    let curve = try timeline(
      PatternFixtures.curve("HapticIntensityControl", [(0, 1), (3, 0.2)]),
      PatternFixtures.curve("HapticIntensityControl", [(5, 0.6), (6, 0.4)]))
    #expect(abs(curve.value(at: 1.5) - 0.6) < 1e-12)
    #expect(abs(curve.value(at: 3) - 0.2) < 1e-12)
    #expect(abs(curve.value(at: 4) - 0.4) < 1e-12)
    #expect(abs(curve.value(at: 5.5) - 0.5) < 1e-12)
  }

  @Test func combinesByMultiplyingOrAddingThenClamps() {
    #expect(DynamicParameterID.hapticIntensityControl.combine(event: 0.8, control: 0.5) == 0.4)
    #expect(abs(DynamicParameterID.hapticSharpnessControl.combine(event: 0.9, control: 0.5) - 1) < 1e-12)
    #expect(DynamicParameterID.hapticSharpnessControl.combine(event: 0.2, control: -0.5) == 0)
    #expect(DynamicParameterID.audioPanControl.combine(event: -0.5, control: -1) == -1)
  }
}

/// The vectorized paths give exactly the bits of the per-frame ones.
@Suite struct FastPathTests {
  @Test(arguments: [1, 3, 7, 256])
  func fillEqualsNextFrameByFrame(_ chunk: Int) throws {
    let pattern = try PatternFixtures.pattern(
      PatternFixtures.document(
        PatternFixtures.event("HapticContinuous", duration: 2, ["HapticIntensity": 0.9]),
        PatternFixtures.curve("HapticIntensityControl", time: 0.1, [(0, 0.2), (0.3, 1), (0.3, 0.4), (1.2, 0.7)]),
        PatternFixtures.parameter("HapticIntensityControl", time: 1.7, 0.1)))
    let track = ParameterTrack(.hapticIntensity, of: pattern.events[0], controls: Controls(pattern))
    let values = expectFillEqualsNext(track, frames: 96_000, chunk: chunk)
    #expect(values.max() == 0.9 && values.min() == 0.9 * 0.1)
  }

  /// Runs whose two ends lie in range skip the clamp: one ramp crosses the top of the range
  /// halfway, the other starts below the bottom and rises into it.
  @Test(arguments: [1, 5, 256])
  func fillClampsWhereTheValueLeavesTheRange(_ chunk: Int) throws {
    let pattern = try PatternFixtures.pattern(
      PatternFixtures.document(
        PatternFixtures.event("HapticContinuous", duration: 2, ["HapticSharpness": 0.8]),
        PatternFixtures.curve("HapticSharpnessControl", time: 0, [(0, 0), (0.5, 0.4), (0.6, -1), (1.6, 0)])))
    let track = ParameterTrack(.hapticSharpness, of: pattern.events[0], controls: Controls(pattern))
    let values = expectFillEqualsNext(track, frames: 96_000, chunk: chunk)
    #expect(values.max() == 1 && values.min() == 0)
    // 0.375 s: 0.8 + 0.3 clamped; 0.75 s: 0.8 − 0.85 clamped; 1.5 s: 0.8 − 0.1 in range.
    #expect(values[18_000] == 1 && values[36_000] == 0 && abs(values[72_000] - 0.7) < 1e-12)
  }

  /// Fills `frames` values of `track` in chunks of `chunk` and checks each against
  /// ``ParameterTrack/next(at:)`` frame by frame; returns the filled values.
  private func expectFillEqualsNext(_ track: ParameterTrack, frames: Int, chunk: Int) -> [Double] {
    var reference = track
    var filled = track
    let secondsPerFrame = 1.0 / 48_000
    var values = [Double](repeating: 0, count: frames)
    values.withUnsafeMutableBufferPointer { buffer in
      var first = 0
      while first < frames {
        let count = min(chunk, frames - first)
        filled.fill(buffer.baseAddress! + first, from: first, count: count, secondsPerFrame: secondsPerFrame)
        first += count
      }
    }
    for frame in 0..<frames {
      let expected = reference.next(at: Double(frame) * secondsPerFrame)
      if values[frame] != expected {
        Issue.record("frame \(frame): \(values[frame]) ≠ \(expected)")
        break
      }
    }
    return values
  }

  @Test func sineLanesMatchTheScalarSine() {
    for step in 0..<10_000 {
      let x = Double(step) / 10_000
      #expect(Sine.of(unitTurns: SIMD4(repeating: x))[2] == Sine.of(unitTurns: x))
    }
  }

  /// Four phases of any size at once (a tone's fundamental and its 3rd, 5th and 7th
  /// harmonics), reduced to a turn lane by lane: the scalar sine's bits, out of range too.
  @Test func sineLanesOfAnyPhaseMatchTheScalarSine() {
    // Spread over the turn by the golden ratio's fraction, and the quarter turns.
    let phases =
      (0..<20_000).map { (Double($0) * 0.618_033_988_749_895).truncatingRemainder(dividingBy: 1) }
      + [0, 0.25, 0.5, 0.75]
    for phase in phases {
      let turns = SIMD4(phase, phase * 3, phase * 5, phase * 7)
      let lanes = Sine.of(turns: turns)
      for lane in 0..<4 where lanes[lane].bitPattern != Sine.of(turns: turns[lane]).bitPattern {
        Issue.record("\(turns[lane]) turns: \(lanes[lane]) ≠ \(Sine.of(turns: turns[lane]))")
      }
    }
    for turns in [SIMD4(-0.3, 1e17, -2.5, 0x1p52), SIMD4(3.75, -0.0, 7e15, 0.999_999_999_999)] {
      let lanes = Sine.of(turns: turns)
      for lane in 0..<4 { #expect(lanes[lane].bitPattern == Sine.of(turns: turns[lane]).bitPattern, "\(turns[lane])") }
    }
  }

  /// Eight precise sines and cosines at once (a rotating oscillator's exact groups): the
  /// scalar ``Sine/precise(turns:)``'s bits, at quarter and half turns, negative phases, halves
  /// that round away from zero, and past 2⁵².
  @Test func preciseLanesMatchTheScalarPreciseSine() {
    let specials: [Double] = [
      0, -0.0, 0.125, 0.375, -0.125, -0.375, 0.5, -0.5, 2.5, -2.5, 0.625, -0.875, 1e17, -1e17, 0x1p52, 0x1p53 + 2,
    ]
    let spread = (0..<16_000).map { (Double($0) * 0.618_033_988_749_895).truncatingRemainder(dividingBy: 1) * 40 - 20 }
    let values = specials + spread
    for start in stride(from: 0, to: values.count - 7, by: 8) {
      let turns = SIMD8((0..<8).map { values[start + $0] })
      let lanes = Sine.precise(turns: turns)
      for lane in 0..<8 {
        let scalar = Sine.precise(turns: turns[lane])
        #expect(
          lanes.sine[lane].bitPattern == scalar.sine.bitPattern
            && lanes.cosine[lane].bitPattern == scalar.cosine.bitPattern, "\(turns[lane]) turns")
      }
    }
  }
}
