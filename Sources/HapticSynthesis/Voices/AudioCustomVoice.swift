import HapticModel
import HapticSupport

/// An `AudioCustom` event: a decoded waveform read at `source rate · 2^pitch` per second with a
/// band-limited (windowed-sinc) interpolator, so it plays at the output rate and the pitch's
/// speed; then a one-pole low-pass at `200 Hz · 100^brightness` (bypassed at 1), volume, the
/// volume envelope (a linear fade in over `Tv(AttackTime)` and out over `Tv(ReleaseTime)`,
/// ``volumeEnvelopeSeconds(normalized:)``: 2 ms at 0, the default), and constant-power pan for
/// mono files.
package struct AudioCustomVoice: Sendable {
  package let onsetFrame: Int
  package let endFrame: Int
  package let source: SampledAudio
  package var volume: ParameterTrack
  package var pitch: ParameterTrack
  package var pan: ParameterTrack
  package var brightness: ParameterTrack
  package let usesVolumeEnvelope: Bool
  /// Lengths of the envelope's fade in and fade out, in frames, > 0.
  package let fadeInFrames: Double
  package let fadeOutFrames: Double
  package let loops: Bool
  package let sampleRate: Double
  /// Read position in source frames.
  private var position = 0.0
  /// Low-pass state per source channel.
  private var filtered: [Double]

  /// Seconds for a normalized attack or release time of the volume envelope:
  /// `Tv(v) = 0.002 · 2560^v`, 2 ms at 0 (the default) … 5.12 s at 1.
  package static func volumeEnvelopeSeconds(normalized value: Double) -> Double {
    0.002 * PortableMath.pow(2560, min(max(value, 0), 1))
  }
  /// How far band-limited interpolation can overshoot the source's peak (Gibbs: about 9 %),
  /// with a margin.
  package static let interpolationOvershoot = 1.25

  package init(onsetFrame: Int, event: Event, source: SampledAudio, controls: Controls, sampleRate: Double) {
    self.onsetFrame = onsetFrame
    self.source = source.monoOrStereo()
    self.sampleRate = sampleRate
    volume = ParameterTrack(.audioVolume, of: event, controls: controls)
    pitch = ParameterTrack(.audioPitch, of: event, controls: controls)
    pan = ParameterTrack(.audioPan, of: event, controls: controls)
    brightness = ParameterTrack(.audioBrightness, of: event, controls: controls)
    usesVolumeEnvelope = event.waveform?.usesVolumeEnvelope ?? true
    func fadeFrames(_ parameter: ParameterID) -> Double {
      Self.volumeEnvelopeSeconds(normalized: controls.value(of: parameter, for: event, at: event.time)) * sampleRate
    }
    fadeInFrames = fadeFrames(.attackTime)
    fadeOutFrames = fadeFrames(.releaseTime)
    loops = (event.waveform?.isLoopEnabled ?? false) && source.frameCount > 0
    let frames: Int
    if event.duration > 0 {
      frames = Int((event.duration * sampleRate).rounded())
    } else {
      let speed = Self.speed(pitch: pitch.value(at: event.time), from: source.sampleRate, to: sampleRate)
      frames = Int((Double(source.frameCount) / speed).rounded(.up))
    }
    endFrame = onsetFrame + frames
    filtered = Array(repeating: 0, count: self.source.channels.count)
  }

  package mutating func render(_ frames: Range<Int>, into buses: inout Buses) {
    let length = Double(endFrame - onsetFrame)
    let isMono = source.channels.count == 1
    let sourceFrames = Double(source.frameCount)
    // What does not change over time is computed once per block, with the same arithmetic.
    let constantStep = pitch.isConstant ? Self.speed(pitch: pitch.base, from: source.sampleRate, to: sampleRate) : nil
    let constantCoefficient = brightness.isConstant ? lowPassCoefficient(brightness: brightness.base) : nil
    let constantGains = pan.isConstant ? Pan(pan.base) : nil
    for frame in frames {
      let time = Double(frame) / sampleRate
      let step = constantStep ?? Self.speed(pitch: pitch.next(at: time), from: source.sampleRate, to: sampleRate)
      let coefficient = constantCoefficient ?? lowPassCoefficient(brightness: brightness.next(at: time))
      var gain = volume.next(at: time)
      if usesVolumeEnvelope {
        let local = Double(frame - onsetFrame)
        gain *= min(1, local / fadeInFrames, (length - local) / fadeOutFrames)
      }
      let audible = loops || position < sourceFrames + Double(SincResampler.zeroCrossings) * max(step, 1)
      var samples = (0.0, 0.0)
      for channel in source.channels.indices {
        let raw =
          audible
          ? SincResampler.value(of: source.channels[channel], at: position, step: step, loops: loops) : 0
        filtered[channel] += coefficient * (raw - filtered[channel])
        if channel == 0 { samples.0 = filtered[channel] } else { samples.1 = filtered[channel] }
      }
      let index = frame - buses.startFrame
      if isMono {
        let gains = constantGains ?? Pan(pan.next(at: time))
        buses.left[index] += Float(samples.0 * gain * gains.left)
        buses.right[index] += Float(samples.0 * gain * gains.right)
      } else {
        buses.left[index] += Float(samples.0 * gain)
        buses.right[index] += Float(samples.1 * gain)
      }
      position += step
      if loops, position >= sourceFrames { position -= sourceFrames }
    }
  }

  /// Source frames read per output frame at `pitch` (−1 … 1), from a source at `sourceRate`
  /// to an output at `outputRate` (Hz).
  private static func speed(pitch: Double, from sourceRate: Double, to outputRate: Double) -> Double {
    sourceRate * PortableMath.exp2(pitch) / outputRate
  }

  /// The one-pole low-pass coefficient for a cutoff of `200 Hz · 100^brightness`; 1 (no filter)
  /// at brightness 1.
  private func lowPassCoefficient(brightness: Double) -> Double {
    brightness >= 1 ? 1 : 1 - PortableMath.exp(-2 * Double.pi * 200 * PortableMath.pow(100, brightness) / sampleRate)
  }
}
