/// The four band models of a ``RobustStop`` (``SteppedResonator``s at `f0 ± tolerance/2` and
/// `f0 ± tolerance`), moved together: lane `k` of each vector holds model `k`'s value, so that
/// the four cost the operations of one. Each lane takes the same operations in the same order
/// as its ``SteppedResonator`` would, so the modes are the same bits.
struct BandModels: Sendable {
  /// The models as built; their modes are those of ``models``, not these.
  private let built: [SteppedResonator]
  /// The modes `q`, real and imaginary parts.
  private var real: SIMD4<Double>
  private var imaginary: SIMD4<Double>
  /// `pˢ`, the pole `p` and the residue `r` of each model.
  private let poleStep: (real: SIMD4<Double>, imaginary: SIMD4<Double>)
  private let pole: (real: SIMD4<Double>, imaginary: SIMD4<Double>)
  private let residue: (real: SIMD4<Double>, imaginary: SIMD4<Double>)
  /// `r·G₊ᵢ` and `r·G₋ᵢ` of each smoothed envelope `i`, oldest first (``SteppedResonator``).
  private let gains: [(positive: (SIMD4<Double>, SIMD4<Double>), negative: (SIMD4<Double>, SIMD4<Double>))]

  /// - Precondition: four models whose gains cover the same envelopes.
  init(_ models: [SteppedResonator]) {
    precondition(models.count == 4, "four band models")
    built = models
    func lanes(_ value: (SteppedResonator) -> ComplexSample) -> (real: SIMD4<Double>, imaginary: SIMD4<Double>) {
      let values = models.map(value)
      return (SIMD4(values.map(\.real)), SIMD4(values.map(\.imaginary)))
    }
    real = SIMD4(models.map(\.resonator.mode.real))
    imaginary = SIMD4(models.map(\.resonator.mode.imaginary))
    poleStep = lanes(\.poleStep)
    pole = lanes(\.resonator.pole)
    residue = lanes(\.resonator.residue)
    gains = models[0].smoothedGains.indices.map { index in
      let positive = lanes { $0.smoothedGains[index].positive }
      let negative = lanes { $0.smoothedGains[index].negative }
      return ((positive.real, positive.imaginary), (negative.real, negative.imaginary))
    }
  }

  /// The models, with their current modes.
  var models: [SteppedResonator] {
    built.indices.map { lane in
      var model = built[lane]
      model.resonator.mode = ComplexSample(real[lane], imaginary[lane])
      return model
    }
  }

  /// Moves each mode over the step of the drive whose modulator's bases
  /// (``SmoothModulator/withBases(_:)``) are `reals` and `imaginaries`
  /// (``SteppedResonator/advance(reals:imaginaries:)``).
  @inline(__always)
  mutating func advance(reals: UnsafeBufferPointer<Double>, imaginaries: UnsafeBufferPointer<Double>) {
    var inputReal = SIMD4<Double>()
    var inputImaginary = SIMD4<Double>()
    for index in gains.indices {
      let (positive, negative) = gains[index]
      let baseReal = SIMD4<Double>(repeating: reals[index])
      let baseImaginary = SIMD4<Double>(repeating: imaginaries[index])
      // `input + G₊·base + G₋·conj(base)`, as complex products (`x − y·(−z)` is `x + y·z`
      // and `−x + y` is `y − x`, exactly).
      inputReal = inputReal + (positive.0 * baseReal - positive.1 * baseImaginary)
      inputImaginary = inputImaginary + (positive.0 * baseImaginary + positive.1 * baseReal)
      inputReal = inputReal + (negative.0 * baseReal + negative.1 * baseImaginary)
      inputImaginary = inputImaginary + (negative.1 * baseReal - negative.0 * baseImaginary)
    }
    // `q ← pˢ·q + input·0.5`.
    let movedReal = poleStep.real * real - poleStep.imaginary * imaginary
    let movedImaginary = poleStep.real * imaginary + poleStep.imaginary * real
    real = movedReal + inputReal * 0.5
    imaginary = movedImaginary + inputImaginary * 0.5
  }

  /// Moves each mode over the frames of `drive` (``Resonator/step(_:)``).
  mutating func step(_ drive: UnsafeBufferPointer<Float>) {
    for sample in drive {
      let value = SIMD4<Double>(repeating: Double(sample))
      let movedReal = pole.real * real - pole.imaginary * imaginary
      let movedImaginary = pole.real * imaginary + pole.imaginary * real
      real = movedReal + residue.real * value
      imaginary = movedImaginary + residue.imaginary * value
    }
  }

  /// Sets the modes below `floor` in magnitude to rest (``Resonator/settle(below:)``); whether
  /// they all are.
  mutating func settle(below floor: Double) -> Bool {
    let isSmall = real * real + imaginary * imaginary .< SIMD4(repeating: floor * floor)
    real.replace(with: 0, where: isSmall)
    imaginary.replace(with: 0, where: isSmall)
    return real == .zero && imaginary == .zero
  }
}
