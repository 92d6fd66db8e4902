import HapticInspection
import HapticModel
import HapticPipeline
import HapticReader
import HapticSupport
import HapticSynthesis

/// A pattern as Android's vibrator plays it: a waveform of amplitude steps (API 26+), an
/// envelope of intensity and sharpness (API 36+), and the short transients as composition
/// primitives (API 30+). See docs/android.md §2–§4.
///
/// All three come from the render of the haptic bus with the options given (profile, intensity
/// scale, gain, peak policy) and from the effective parameters of the haptic events: the
/// waveform follows the render's envelope, the envelope's intensity is the one at which
/// Android plays that envelope's level on the device assumed (``AndroidDevice``), its
/// sharpness that of the strongest haptic event sounding.
public struct AndroidEffect: Sendable, Equatable {
  public var waveform: AndroidWaveform
  public var envelope: AndroidEnvelope
  /// One primitive per transient shorter than a waveform step (per transient, in a pattern of
  /// transients only), in time order; empty when the pattern has none.
  public var composition: [AndroidPrimitive]
  /// `true` when the composition holds every haptic event of the pattern (a pattern of
  /// transients only). The effect is then played as the composition wherever the device has
  /// its primitives (API 30+).
  public var compositionIsComplete: Bool
  /// The envelope's points that cannot follow the render within ``AndroidEnvelope/tolerance``.
  public var envelopeMisses: [AndroidEnvelope.Miss]

  public init(
    waveform: AndroidWaveform, envelope: AndroidEnvelope, composition: [AndroidPrimitive],
    compositionIsComplete: Bool, envelopeMisses: [AndroidEnvelope.Miss] = []
  ) {
    self.waveform = waveform
    self.envelope = envelope
    self.composition = composition
    self.compositionIsComplete = compositionIsComplete
    self.envelopeMisses = envelopeMisses
  }

  /// Converts `pattern`, adding a warning to `diagnostics` for each event or curve that does
  /// not carry over: audio events (a vibration has no sound), haptic curves whose points
  /// come closer than a waveform step (the effect moves in 10 ms steps) and, unless the
  /// composition plays the pattern, each haptic event where the envelope cannot follow the
  /// render within ``AndroidEnvelope/tolerance`` on the device's shortest points.
  ///
  /// - Parameters:
  ///   - pattern: The pattern to convert, with its waveforms decoded.
  ///   - file: How the diagnostics name the pattern's file.
  ///   - options: The render's options; the layout is ignored (the haptic bus is rendered).
  ///   - device: The vibrator the envelope is fitted to.
  ///   - diagnostics: Receives a warning for each element that does not carry over.
  /// - Returns: The effect, and the report of the render it follows.
  /// - Throws: `RenderError` for options the renderer refuses.
  /// - Complexity: One render of the pattern, in blocks; memory grows with the number of
  ///   10 ms windows only.
  public static func converting(
    _ pattern: some RenderablePattern, file: String, options: RenderOptions = RenderOptions(),
    device: AndroidDevice = .reference, diagnostics: inout Diagnostics
  ) throws -> (effect: AndroidEffect, report: RenderReport) {
    var options = options
    options.layout = .haptic
    let analysis = try PatternAnalysis(pattern, options: options)
    let rate = options.sampleRate
    let step = AndroidWaveform.stepMillis
    var peaks: [Double] = []
    var frame = 0
    let report = try Render.stream(pattern, options: options) { block in
      block.channels[0].withUnsafeBufferPointer { samples in
        for index in 0..<block.frameCount {
          let window = (frame + index) * 1_000 / (rate * step)
          if window >= peaks.count { peaks.append(0) }
          peaks[window] = max(peaks[window], Double(abs(samples[index])))
        }
      }
      frame += block.frameCount
    }
    let totalMillis = (frame * 1_000 + rate - 1) / rate
    let lastMillis = peaks.isEmpty ? step : totalMillis - (peaks.count - 1) * step
    let (envelope, misses) = AndroidEnvelope.fitting(
      levels: peaks, sharpnesses: sharpnesses(analysis, windows: peaks.count), lastMillis: lastMillis, device: device)
    let (composition, isComplete) = primitives(analysis)
    warn(analysis.pattern, file: file, diagnostics: &diagnostics)
    if !isComplete { warn(misses, analysis, file: file, device: device, diagnostics: &diagnostics) }
    let effect = AndroidEffect(
      waveform: AndroidWaveform(peaks: peaks, lastMillis: lastMillis), envelope: envelope,
      composition: composition, compositionIsComplete: isComplete, envelopeMisses: misses)
    return (effect, report)
  }

  /// The sharpness of the strongest haptic event sounding in the middle of each window; the
  /// last one found where none sounds (the first haptic event's before any does).
  private static func sharpnesses(_ analysis: PatternAnalysis, windows: Int) -> [Double] {
    let events = analysis.pattern.events
    let haptic = analysis.spans.filter { events[$0.event].type.isHaptic }.sorted { $0.start < $1.start }
    var current = haptic.first.map { analysis.value(of: .hapticSharpness, event: $0.event, at: $0.start) } ?? 0
    var next = 0
    var sounding: [PatternAnalysis.Span] = []
    return (0..<windows).map { window in
      let time = (Double(window) + 0.5) * Double(AndroidWaveform.stepMillis) / 1_000
      while next < haptic.count, haptic[next].start <= time {
        sounding.append(haptic[next])
        next += 1
      }
      sounding.removeAll { $0.end < time }
      let strongest = sounding.max {
        analysis.value(of: .hapticIntensity, event: $0.event, at: time)
          < analysis.value(of: .hapticIntensity, event: $1.event, at: time)
      }
      if let strongest { current = analysis.value(of: .hapticSharpness, event: strongest.event, at: time) }
      return current
    }
  }

  /// A primitive for each transient whose rendered length (the profile's cycles of its
  /// carrier) is shorter than a waveform step, or for every transient when the pattern's
  /// haptic events are all transients (a tap-only pattern), and whether those are all the
  /// haptic events.
  private static func primitives(_ analysis: PatternAnalysis) -> ([AndroidPrimitive], Bool) {
    let profile = analysis.options.profile
    let haptic = analysis.pattern.events.indices.filter { analysis.pattern.events[$0].type.isHaptic }
    let tapsOnly = haptic.allSatisfy { analysis.pattern.events[$0].type == .hapticTransient }
    var primitives: [AndroidPrimitive] = []
    for index in haptic {
      let event = analysis.pattern.events[index]
      let sharpness = analysis.value(of: .hapticSharpness, event: index, at: event.time)
      let length = Double(profile.transientCycles) / profile.frequency(sharpness: sharpness)
      guard event.type == .hapticTransient, tapsOnly || length * 1_000 < Double(AndroidWaveform.stepMillis)
      else { continue }
      let intensity = analysis.value(of: .hapticIntensity, event: index, at: event.time)
      primitives.append(
        AndroidPrimitive(intensity: intensity, startMillis: Int((event.time * 1_000).rounded())))
    }
    primitives.sort { $0.startMillis < $1.startMillis }
    return (primitives, primitives.count == haptic.count && !primitives.isEmpty)
  }

  /// `value` clamped to 0…1 and rounded to 0.01: the resolution of the envelope's points and
  /// the primitives' scales, which keeps the files short and their diffs readable.
  static func unitHundredths(_ value: Double) -> Double { (min(max(value, 0), 1) * 100).rounded() / 100 }

  /// Warnings for what a vibration effect cannot carry.
  private static func warn(_ pattern: Pattern, file: String, diagnostics: inout Diagnostics) {
    for event in pattern.events where !event.type.isHaptic {
      diagnostics.report(
        .androidApproximation, at: event.position.location(in: file), event.path,
        "\(event.type.rawValue) event is left out: a vibration effect has no sound (render it with the Android layout to an .ogg file to keep it)"
      )
    }
    let step = Double(AndroidWaveform.stepMillis) / 1_000
    for curve in pattern.curves
    where curve.id == .hapticIntensityControl || curve.id == .hapticSharpnessControl {
      let gaps = zip(curve.points.dropFirst(), curve.points).map { $0.time - $1.time }
      guard let shortest = gaps.filter({ $0 > 0 }).min(), shortest < step else { continue }
      diagnostics.report(
        .androidApproximation, at: curve.position.location(in: file), curve.path,
        "\(curve.id.rawValue) changes within \(NumberText.fixed(shortest * 1_000, 1)) ms, faster than the \(AndroidWaveform.stepMillis) ms steps of the effect; it is followed in steps"
      )
    }
  }

  /// A warning at each haptic event where the envelope misses the render: the event sounding
  /// when a miss starts (the latest to start), once per event, in the same words for every
  /// event so that a person reads the first and a count.
  private static func warn(
    _ misses: [AndroidEnvelope.Miss], _ analysis: PatternAnalysis, file: String, device: AndroidDevice,
    diagnostics: inout Diagnostics
  ) {
    let events = analysis.pattern.events
    let haptic = analysis.spans.filter { events[$0.event].type.isHaptic }.sorted { $0.start < $1.start }
    var started = 0
    var warned = Set<Int>()
    for miss in misses {
      let time = Double(miss.millis.lowerBound - 1) / 1_000
      while started < haptic.count, haptic[started].start <= time + 0.000_5 { started += 1 }
      let before = haptic[..<started]
      guard let span = before.last(where: { $0.end >= time }) ?? before.last ?? haptic.first else { continue }
      warned.insert(span.event)
    }
    for index in warned.sorted() {
      let event = events[index]
      diagnostics.report(
        .androidApproximation, at: event.position.location(in: file), event.path,
        "\(event.type.rawValue) changes faster than an envelope of \(device.minPointMillis) ms points can follow: the envelope strays more than \(NumberText.fixed(AndroidEnvelope.tolerance, 2)) of full scale from the render there"
      )
    }
  }
}
