/// The work on single frames: the target's demodulation, the drive's modulation (and the
/// model moved over it), and the frame-by-frame step that holds a level until the
/// acceleration's crest and brakes from there.
extension DriveController {
  /// The mean of `2·a·e^(−iω0t)` over a step of the target.
  @inline(__always)
  mutating func demodulate(
    _ target: UnsafePointer<Float>, carrier: (cosines: UnsafePointer<Double>, sines: UnsafePointer<Double>)
  ) -> ComplexSample {
    var real = SIMD4<Double>()
    var imaginary = SIMD4<Double>()
    var frame = 0
    while frame + 4 <= stepFrames {
      let samples = SIMD4<Double>(UnsafeRawPointer(target + frame).loadUnaligned(as: SIMD4<Float>.self))
      real += samples * UnsafeRawPointer(carrier.cosines + frame).loadUnaligned(as: SIMD4<Double>.self)
      imaginary += samples * UnsafeRawPointer(carrier.sines + frame).loadUnaligned(as: SIMD4<Double>.self)
      frame += 4
    }
    var sum = ComplexSample(real.sum(), -imaginary.sum())
    while frame < stepFrames {
      let sample = Double(target[frame])
      sum = sum + ComplexSample(sample * carrier.cosines[frame], -sample * carrier.sines[frame])
      frame += 1
    }
    let mean = inputPhasor.value * sum * meanScale
    inputPhasor.advance()
    return mean
  }

  /// Writes a step that drives the envelope `hold` until the resonant acceleration (`2·Re(q)`)
  /// has passed a crest and `brake` from there, frame by frame on the model; returns whether it
  /// has begun to brake (otherwise the whole step held).
  mutating func brakeFromCrest(
    hold: ComplexSample, brake: ComplexSample, phasor: ComplexSample,
    carrier: (cosines: UnsafePointer<Double>, sines: UnsafePointer<Double>), into drive: UnsafeMutablePointer<Float>
  ) -> Bool {
    let pushing = hold * phasor.conjugate
    let braking = brake * phasor.conjugate
    var braked = false
    var previous = resonator.mode.real
    for frame in 0..<stepFrames {
      let base = braked ? braking : pushing
      let value = base.real * carrier.cosines[frame] - base.imaginary * carrier.sines[frame]
      drive[frame] = Float(max(-1, min(1, value)))
      _ = resonator.step(Double(drive[frame]))
      if !braked {
        let current = resonator.mode.real
        braked = abs(current) < abs(previous) && current * previous > 0
        previous = current
      }
    }
    return braked
  }

  /// Writes `Re(V·e^(iω0t))` for the frames of a step beginning at the phasor `phasor`
  /// (`e^(−iω0t)` there), clipped to ±1 when `clips` (when `|V| ≤ 1` it is within ±1 already).
  @inline(__always)
  func modulate(
    _ envelope: ComplexSample, clips: Bool, phasor: ComplexSample,
    carrier: (cosines: UnsafePointer<Double>, sines: UnsafePointer<Double>), into drive: UnsafeMutablePointer<Float>
  ) {
    let base = envelope * phasor.conjugate
    var frame = 0
    if !clips {
      let real = SIMD4<Double>(repeating: base.real)
      let imaginary = SIMD4<Double>(repeating: base.imaginary)
      while frame + 4 <= stepFrames {
        let cosines = UnsafeRawPointer(carrier.cosines + frame).loadUnaligned(as: SIMD4<Double>.self)
        let sines = UnsafeRawPointer(carrier.sines + frame).loadUnaligned(as: SIMD4<Double>.self)
        let values = SIMD4<Float>(real * cosines - imaginary * sines)
        UnsafeMutableRawPointer(drive + frame).storeBytes(of: values, as: SIMD4<Float>.self)
        frame += 4
      }
    }
    while frame < stepFrames {
      let value = base.real * carrier.cosines[frame] - base.imaginary * carrier.sines[frame]
      drive[frame] = Float(max(-1, min(1, value)))
      frame += 1
    }
  }

  /// Writes the step's drive for the envelope `drives` (the fundamental; the sine scaled by
  /// `amplitude` and clipped when it is above 1) and moves the model and the image's estimate
  /// over it. The output's first step (`rampsIn`) fades in from 0 over a raised cosine, so that
  /// the drive starts from 0 whatever the pattern asks for at its first frame.
  @inline(__always)
  mutating func drive(
    _ drives: ComplexSample, phasor: ComplexSample,
    carrier: (cosines: UnsafePointer<Double>, sines: UnsafePointer<Double>), into drive: UnsafeMutablePointer<Float>,
    amplitude: Double? = nil, rampsIn: Bool = false
  ) {
    imageEstimate = imageEstimate * imageSmoothing + imageResponse * drives.conjugate * (1 - imageSmoothing)
    let size = drives.magnitude
    let amplitude = amplitude ?? (size > 1 ? clippedSine.amplitude(forFundamental: size) / size : 1)
    if amplitude > 1 || rampsIn {
      modulate(drives * amplitude, clips: true, phasor: phasor, carrier: carrier, into: drive)
      if rampsIn {
        for frame in 0..<stepFrames {
          drive[frame] *= Float(0.5 - 0.5 * Sine.precise(turns: Double(frame) / Double(2 * stepFrames)).cosine)
        }
      }
      for frame in 0..<stepFrames { _ = resonator.step(Double(drive[frame])) }
      robustStop?.step(UnsafeBufferPointer(start: drive, count: stepFrames))
    } else {
      robustStop?.advance(drives, phasor: phasor)
      modulate(drives, clips: false, phasor: phasor, carrier: carrier, into: drive)
      resonator.advance(
        poleStep: poleStep,
        input: (positiveGain * drives * phasor.conjugate + negativeGain * drives.conjugate * phasor) * 0.5)
    }
  }
}
