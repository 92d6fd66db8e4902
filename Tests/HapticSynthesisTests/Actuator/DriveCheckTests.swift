import Foundation
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// The last check before a drive reaches an amplifier (docs/actuators.md §2, "Checks"): a
/// sample that is not finite, or a DC offset, is an error; the controller's own drives pass.
@Suite struct DriveCheckTests {
  private static let rate = 48_000

  /// Checks `samples` in blocks of `blockSize` frames.
  private static func check(_ samples: [Float], blockSize: Int = 4_096) throws {
    var check = DriveCheck(resonance: 170, sampleRate: rate)
    var start = 0
    while start < samples.count {
      let end = min(samples.count, start + blockSize)
      try samples[start..<end].withUnsafeBufferPointer { try check.check($0) }
      start = end
    }
  }

  /// Full-scale DC, the output of a rated drive of 1e-300 before the ranges: refused within
  /// the first block that holds half a window of it.
  @Test(arguments: [Float(-1), 1, 0.6])
  func aConstantDriveIsRefused(_ level: Float) throws {
    let window = DriveCheck(resonance: 170, sampleRate: Self.rate).windowFrames
    let error = try #require(throws: RenderError.self) {
      try Self.check(Array(repeating: level, count: Self.rate))
    }
    guard case .driveOffset(let mean, let seconds) = error else {
      Issue.record("not an offset: \(error)")
      return
    }
    #expect(seconds == 0)
    #expect(abs(mean) > DriveCheck.largestOffset && abs(mean) <= Double(abs(level)) + 1e-4)
    #expect(window == 11_294)
  }

  @Test(arguments: [Float.nan, .infinity, -.infinity])
  func aSampleThatIsNotFiniteIsRefused(_ value: Float) throws {
    var samples = [Float](repeating: 0, count: Self.rate)
    samples[30_000] = value
    let error = try #require(throws: RenderError.self) { try Self.check(samples) }
    // The window of 11,294 frames that holds frame 30,000 starts at frame 22,588.
    #expect(error == .driveNotFinite(seconds: 22_588.0 / 48_000))
    #expect(error.description == "the actuator's drive is not finite near 0.471 s; nothing is written")
  }

  /// A sine at f0 of full scale, clipped to a square wave, and a short DC pulse within the
  /// largest offset pass.
  @Test func aCarrierAndAShortPulsePass() throws {
    var samples = (0..<Self.rate).map { Float(sin(2 * Double.pi * 170 * Double($0) / Double(Self.rate))) }
    samples += samples.map { $0 < 0 ? -1 : 1 }
    samples += Array(repeating: 1, count: 2_000) + Array(repeating: 0, count: 20_000)
    try Self.check(samples)
    try Self.check(samples, blockSize: 7)
  }

  /// What the controller writes for every sample pattern on `lra` passes (the render would
  /// throw otherwise).
  @Test func theDriveOfLRAPasses() throws {
    let buzzAndTaps = PatternFixtures.document(
      PatternFixtures.event("HapticTransient", time: 0.05, ["HapticIntensity": 1, "HapticSharpness": 0.5]),
      PatternFixtures.event("HapticContinuous", time: 0.1, duration: 0.2, ["HapticIntensity": 1]),
      PatternFixtures.event("HapticTransient", time: 0.32, ["HapticIntensity": 1, "HapticSharpness": 0.5]))
    let audio = try PatternFixtures.render(buzzAndTaps) { $0.actuator = ActuatorRendering(model: .lra) }
    #expect(audio.channels[0].count > 48_000 / 4)
  }
  /// Frames declared zeros are not read, and leave the check's sum and peak as reading them
  /// would: an offset in blocks of any size holding zeros at any place is refused with the same
  /// mean, to the bit, and a passing drive gives the same peak.
  @Test(arguments: [4_096, 1_000, 7])
  func knownZerosLeaveTheSumAndThePeak(_ blockSize: Int) throws {
    // An offset of 0.9 with a ripple, refused within the first window, and zeros there in runs
    // of 2 to 80 frames.
    var samples = (0..<Self.rate).map { Float(0.9 + 0.09 * sin(Double($0) * 0.37)) }
    var zeros: [Range<Int>] = []
    var start = 3
    for length in 1...40 {
      zeros.append(start..<(start + length * 2))
      start += length * 2 + length % 11 + 1
    }
    for span in zeros { for frame in span { samples[frame] = 0 } }
    func outcome(declaringZeros: Bool, _ samples: [Float]) -> (mean: Double?, peak: Double) {
      var check = DriveCheck(resonance: 170, sampleRate: Self.rate)
      var peak = 0.0
      var block = 0
      while block < samples.count {
        let end = min(samples.count, block + blockSize)
        let declared = zeros.compactMap { span -> Range<Int>? in
          let clamped = span.clamped(to: block..<end)
          return clamped.isEmpty ? nil : (clamped.lowerBound - block)..<(clamped.upperBound - block)
        }
        do {
          peak = try samples[block..<end].withUnsafeBufferPointer {
            max(peak, try check.check($0, zeros: declaringZeros ? declared : []))
          }
        } catch let error as RenderError {
          guard case .driveOffset(let mean, _) = error else { return (nil, peak) }
          return (mean, peak)
        } catch {
          return (nil, peak)
        }
        block = end
      }
      return (nil, peak)
    }
    let read = outcome(declaringZeros: false, samples)
    let skipped = outcome(declaringZeros: true, samples)
    #expect(read.mean != nil)
    #expect(read.mean?.bitPattern == skipped.mean?.bitPattern)
    let passing = samples.enumerated().map { $0.element * ($0.offset % 2 == 0 ? 1 : -1) }
    let readPeak = outcome(declaringZeros: false, passing)
    let skippedPeak = outcome(declaringZeros: true, passing)
    #expect(readPeak.mean == nil && skippedPeak.mean == nil)
    #expect(readPeak.peak == skippedPeak.peak && readPeak.peak > 0.9)
  }
}
