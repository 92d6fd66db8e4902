import Foundation
import HapticAndroid
import HapticAudio
import Testing
import _HapticRenderTestSupport

/// The waveform's steps from the render's envelope, and their playback for `render compare`.
@Suite struct AndroidWaveformTests {
  @Test func windowsJoinWhileTheirPeaksStayWithinTheTolerance() {
    let waveform = AndroidWaveform(peaks: [0, 0, 0.5, 0.52, 0.58, 0.7, 0], lastMillis: 4)
    #expect(waveform.timings == [20, 30, 10, 4])
    // 0.5…0.58 spans 0.08 (≤ 0.1): one step at its middle, 0.54 × 255 = 137.7.
    #expect(waveform.amplitudes == [0, 138, 179, 0])
    #expect(waveform.durationMillis == 64 && waveform.repeatIndex == -1)
  }

  /// Android refuses a waveform without a timing above 0 (`Waveform.validate`): a render of no
  /// frames is one silent step.
  @Test func aRenderOfNoFramesIsOneSilentStep() {
    let waveform = AndroidWaveform(peaks: [])
    #expect(waveform.timings == [10] && waveform.amplitudes == [0])
  }

  @Test func aQuietWindowIsNeverJoinedToSilence() {
    #expect(AndroidWaveform(peaks: [0, 0.01, 0]).amplitudes == [0, 3, 0])
  }

  @Test func playbackIsEachStepsAmplitudeOnTheCarrier() throws {
    var source = AndroidWaveformSource(
      AndroidWaveform(timings: [10, 20, 5], amplitudes: [255, 0, 128]), sampleRate: 48_000)
    #expect(source.frameCount == 1_680 && source.channelCount == 1)
    var samples: [Float] = []
    var block = AudioBlock(channelCount: 1, capacity: 100)  // steps straddle the blocks
    while try source.read(into: &block) { samples += block.channels[0][0..<block.frameCount] }
    #expect(samples.count == 1_680)
    #expect(abs(Signal.peak(samples[0..<480]) - 1) < 2e-3)
    #expect(samples[480..<1_440].allSatisfy { $0 == 0 })
    #expect(abs(Signal.peak(samples[1_440...]) - 128.0 / 255) < 2e-3)
    // The preview profile's carrier at sharpness 0.5, 182.5 Hz, from phase 0 at frame 0.
    let expected = (0..<1_680).map { Float(128.0 / 255 * sin(2 * Double.pi * 182.5 * Double($0) / 48_000)) }
    #expect(zip(samples[1_440...], expected[1_440...]).allSatisfy { abs($0 - $1) < 1e-6 })
  }
}
