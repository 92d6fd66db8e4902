import HapticAudio
import HapticPipeline
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

private typealias F = PatternFixtures

/// The target beside the acceleration (the plot's lanes, docs/actuators.md): each frame of the
/// target is paired with the acceleration of the same frame, whatever the block size.
@Suite struct ActuatorSourceTests {
  /// A buzz and two taps after it, with silence between.
  private static let pattern = F.document(
    F.event("HapticContinuous", time: 0.01, duration: 0.08, ["HapticIntensity": 0.8, "HapticSharpness": 0.4]),
    F.event("HapticTransient", time: 0.15, ["HapticIntensity": 1]),
    F.event("HapticTransient", time: 0.3, ["HapticIntensity": 0.5]))

  /// Every channel of every block of `source`, one array per channel.
  private func readAll(_ source: some FrameSource, blockSize: Int) throws -> [[Float]] {
    var source = source
    var block = AudioBlock(channelCount: source.channelCount, capacity: blockSize)
    var channels = Array(repeating: [Float](), count: source.channelCount)
    while try source.read(into: &block) {
      for index in channels.indices { channels[index] += block.channels[index][0..<block.frameCount] }
    }
    return channels
  }

  @Test(arguments: [7, 4_096])
  func targetAndAccelerationAreTheTargetRenderAndTheAccelerationOutputFrameByFrame(blockSize: Int) throws {
    let pattern = try F.pattern(Self.pattern)
    var options = RenderOptions()
    options.blockSize = blockSize
    options.layout = .haptic
    let target = try readAll(try PatternSource(pattern, options: options), blockSize: blockSize)[0]
    options.actuator = ActuatorRendering(model: .lra, output: .acceleration)
    let acceleration = try readAll(try ActuatorSource(pattern, options: options), blockSize: blockSize)[0]
    options.actuator = ActuatorRendering(model: .lra, output: .targetAndAcceleration)
    let pair = try readAll(try ActuatorSource(pattern, options: options), blockSize: blockSize)
    #expect(pair.count == 2)
    #expect(Signal.peak(acceleration[...]) > 0.1, "the actuator moves")
    #expect(pair[1].count == acceleration.count && pair[0].count == acceleration.count)
    #expect(Self.firstDifference(pair[1], acceleration) == nil)
    // The target, then silence for the ring-down.
    #expect(pair[0].count > target.count)
    #expect(Self.firstDifference(pair[0], target + Array(repeating: 0, count: pair[0].count - target.count)) == nil)
  }

  /// The first frame where `a` and `b` differ, or `nil`.
  private static func firstDifference(_ a: [Float], _ b: [Float]) -> Int? {
    zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset
  }
}
