/// The work on single frames: the target's demodulation, the frame-by-frame step that holds a
/// level until the acceleration's crest and brakes from there, and the drive written from the
/// envelopes (and the models moved over it).
extension DriveController {
  /// The mean of `2·a·e^(−iω0t)` over a step of the target.
  @inline(__always)
  mutating func demodulate(
    _ target: UnsafePointer<Float>, carrier: (cosines: UnsafePointer<Double>, sines: UnsafePointer<Double>)
  ) -> ComplexSample {
    var real = SIMD4<Double>()
    var imaginary = SIMD4<Double>()
    let (samples, cosines, sines) = (
      UnsafeRawPointer(target), UnsafeRawPointer(carrier.cosines), UnsafeRawPointer(carrier.sines)
    )
    var frame = 0
    // `stepFrames` is far below `Int.max / 8`: the offsets cannot overflow.
    while frame < stepFrames & ~3 {
      let values = SIMD4<Double>(samples.loadUnaligned(fromByteOffset: frame &* 4, as: SIMD4<Float>.self))
      real += values * cosines.loadUnaligned(fromByteOffset: frame &* 8, as: SIMD4<Double>.self)
      imaginary += values * sines.loadUnaligned(fromByteOffset: frame &* 8, as: SIMD4<Double>.self)
      frame &+= 4
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

  /// Decides a step that drives the envelope `hold` until the resonant acceleration
  /// (`2·Re(q)`) has passed a crest and `brake` from there, frame by frame on the model; sets
  /// ``envelope`` to the two, each for its share of the step, and returns whether it has begun
  /// to brake (otherwise the whole step held).
  mutating func brakeFromCrest(
    hold: ComplexSample, brake: ComplexSample, phasor: ComplexSample,
    carrier: (cosines: UnsafePointer<Double>, sines: UnsafePointer<Double>)
  ) -> Bool {
    let pushing = hold * phasor.conjugate
    var heldFrames = stepFrames
    var previous = resonator.mode.real
    for frame in 0..<stepFrames {
      _ = resonator.step(pushing.real * carrier.cosines[frame] - pushing.imaginary * carrier.sines[frame])
      let current = resonator.mode.real
      if abs(current) < abs(previous), current * previous > 0 {
        heldFrames = frame + 1
        break
      }
      previous = current
    }
    let share = Double(heldFrames) / Double(stepFrames)
    envelope = hold * share + brake * (1 - share)
    return heldFrames < stepFrames
  }

  /// Drives the envelope `drives` over the step: sets ``envelope`` and moves the image's
  /// estimate.
  @inline(__always)
  mutating func hold(_ drives: ComplexSample) {
    moveImageEstimate(toward: drives)
    envelope = drives
  }

  /// Moves ``imageEstimate`` toward the image's forced response to the step's drive envelope
  /// `drives`.
  @inline(__always)
  mutating func moveImageEstimate(toward drives: ComplexSample) {
    imageEstimate = imageEstimate * imageSmoothing + imageResponse * drives.conjugate * (1 - imageSmoothing)
  }

  /// Hands ``envelope`` to the modulator, which writes the step ``SmoothModulator/reach``
  /// before it into `drive`, and moves the models on that step: the nominal one and the band's.
  /// The steps of the output's fade-in move them frame by frame.
  @inline(__always)
  mutating func write(into drive: UnsafeMutablePointer<Float>) {
    let written = modulator.push(envelope, into: drive)
    if !written.isFaded {
      modulator.withBases { reals, imaginaries in
        writtenModel.advance(reals: reals, imaginaries: imaginaries)
        robustStop?.advance(reals: reals, imaginaries: imaginaries)
      }
    } else if written.step >= 0 {
      let frames = UnsafeBufferPointer(start: UnsafePointer(drive), count: stepFrames)
      for sample in frames { _ = writtenModel.resonator.step(Double(sample)) }
      robustStop?.step(frames)
    }
  }
}
