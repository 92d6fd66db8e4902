import Foundation
import HapticAudio
import HapticFiles
import HapticModel
import HapticPipeline
import HapticReader
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// Inputs built to find a slow path: each is read or rendered in time proportional to its size.
/// The bounds are loose (debug builds, a busy machine); the paths they guard were 10 to 1,000
/// times slower.
@Suite struct SlowPathTests {
  private func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  /// Seconds `body` takes at best of `rounds` runs, `bodies` timed in turns so that a busy
  /// moment of the machine weighs on each alike.
  private func bestSeconds(rounds: Int, _ bodies: [() throws -> Void]) throws -> [Double] {
    var best = Array(repeating: Double.infinity, count: bodies.count)
    for _ in 0..<rounds {
      for (index, body) in bodies.enumerated() { best[index] = min(best[index], try seconds(body)) }
    }
    return best
  }

  /// A `Description` of `count` `\u0041` escapes.
  private func escapedDescription(_ count: Int) -> [UInt8] {
    Array(
      ("{\"Metadata\": {\"Description\": \"" + String(repeating: "\\u0041", count: count) + "\"}, "
        + "\"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"HapticTransient\", \"EventParameters\": []}}]}")
        .utf8)
  }

  /// Strings of 1,000,000 and 2,000,000 `\u0041` escapes: decoding was quadratic in the
  /// escapes (12.4 s for 1M in a release build, over 60 s for 2M; now 0.04 and 0.09 s). Twice
  /// the escapes take about twice the time, not four times.
  @Test func manyEscapesInAStringDecodeInLinearTime() throws {
    let (million, twoMillion) = (escapedDescription(1_000_000), escapedDescription(2_000_000))
    var description = ""
    func parse(_ bytes: [UInt8]) {
      var diagnostics = Diagnostics()
      let pattern = Pattern.parse(bytes, file: "escapes.ahap", diagnostics: &diagnostics)
      if case .object(let members) = pattern?.metadata?.kind, case .string(let text) = members.first?.value.kind {
        description = text
      }
    }
    let times = try bestSeconds(rounds: 3, [{ parse(million) }, { parse(twoMillion) }])
    #expect(description.utf8.count == 2_000_000 && description.utf8.allSatisfy { $0 == UInt8(ascii: "A") })
    #expect(times[1] < 3 * times[0], "1M: \(times[0]) s, 2M: \(times[1]) s")
  }

  /// Escapes between raw bytes, invalid UTF-8 and surrogates decode as they did scalar by scalar.
  @Test func escapesBetweenRawTextDecodeAsBefore() throws {
    let cases: [([UInt8], String)] = [
      (Array(#"a\u00e9b\n"#.utf8), "aéb\n"),
      ([0xC3] + Array(#"\u0041"#.utf8), "\u{FFFD}A"),
      ([0xE2, 0x82] + Array(#"\u20ac"#.utf8) + [0xE2, 0x82, 0xAC], "\u{FFFD}€€"),
      (Array(#"\ud83d\ude00x\ud83d"#.utf8), "😀x\u{FFFD}"),
    ]
    for (content, expected) in cases {
      let bytes =
        Array("{\"Metadata\": {\"Description\": \"".utf8) + content
        + Array("\"}, \"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"HapticTransient\"}}]}".utf8)
      var diagnostics = Diagnostics()
      let pattern = Pattern.parse(bytes, file: "t.ahap", diagnostics: &diagnostics)
      guard case .object(let members) = pattern?.metadata?.kind, case .string(let decoded) = members.first?.value.kind
      else {
        Issue.record("no Description: \(diagnostics.all)")
        continue
      }
      #expect(decoded == expected)
    }
  }

  /// A stereo tone of `frames` frames at `rate` Hz, 16-bit.
  private func writeStereoTone(_ path: String, rate: Int, frames: Int) throws {
    let tone = (0..<frames).map { Float(Sine.of(turns: Double($0) * 440 / Double(rate))) * 0.25 }
    var writer = try AudioFileWriter(
      to: .file(path), format: AudioFileFormat(.wav, encoding: .pcm16), sampleRate: rate, channelCount: 2)
    try writer.write(AudioBlock(channels: [tone, tone]))
    try writer.finish()
  }

  /// `AudioCustom` events playing a 15 KB stereo WAV at 384 kHz, `AudioPitch` 1, looped: each
  /// waveform is played from at most 96 kHz, so it costs no more than a 96 kHz file (before:
  /// about 8 times a 48 kHz one; now about 2 times).
  @Test func highRateWaveformsPlayAsFastAsOthers() throws {
    let folder = try TemporaryFolder()
    var patterns: [Int: LoadedPattern] = [:]
    for rate in [48_000, 96_000, 384_000] {
      try writeStereoTone("\(folder.path)/w\(rate).wav", rate: rate, frames: 3_750)
      let events = (0..<2).map {
        "{\"Event\": {\"Time\": \(Double($0) * 0.1), \"EventType\": \"AudioCustom\", \"EventWaveformPath\": \"w\(rate).wav\", "
          + "\"EventDuration\": 0.2, \"EventWaveformLoopEnabled\": true, "
          + "\"EventParameters\": [{\"ParameterID\": \"AudioPitch\", \"ParameterValue\": 1}]}}"
      }
      let path = "\(folder.path)/p\(rate).ahap"
      try Data(PatternFixtures.document(events.joined(separator: ",")).utf8).write(to: URL(fileURLWithPath: path))
      var diagnostics = Diagnostics()
      let pattern = try #require(try PatternLoader().load(path: path, diagnostics: &diagnostics))
      let decoded = try #require(pattern.waveforms.values.first)
      let played = try #require(pattern.playableWaveforms.values.first)
      #expect(decoded.sampleRate == Double(rate), "decoded at the file's own rate")
      #expect(played.sampleRate == Double(min(rate, 96_000)))
      if rate <= 96_000 { #expect(played.channels == decoded.channels, "kept as it is") }
      patterns[rate] = pattern
    }
    let rates = patterns.keys.sorted()
    let times = try bestSeconds(rounds: 3, rates.map { rate in { _ = try Render.toMemory(patterns[rate]!) } })
    let seconds = Dictionary(uniqueKeysWithValues: zip(rates, times))
    let figures = seconds.keys.sorted().map { "\($0) Hz: \(seconds[$0] ?? 0) s" }.joined(separator: ", ")
    #expect((seconds[384_000] ?? 0) < 1.6 * (seconds[96_000] ?? 0), "\(figures)")
  }

  /// Control curves and events that start along them: each voice found its place in the
  /// curves by walking from their start, and each audio event's largest value was a pass over
  /// every point (1M points under 40,000 HapticContinuous events: 11.2 s in a release build,
  /// now 1.4 s). Three times the points and the events take about three times the time, not
  /// nine times.
  @Test func voicesFindTheirPlaceInLongControlCurvesQuickly() throws {
    func pattern(curves: Int, events: Int) throws -> Pattern {
      var elements: [String] = []
      for curve in 0..<curves {
        let points = (0..<16).map { (Double($0) * 0.001, 0.5 + 0.5 * Double(($0 + curve) % 2)) }
        elements.append(PatternFixtures.curve("HapticIntensityControl", time: Double(curve) * 0.016, points))
        if curve % 10 == 0 {
          elements.append(PatternFixtures.curve("AudioVolumeControl", time: Double(curve) * 0.016, points))
        }
      }
      for index in 0..<events {
        let type = index % 2 == 0 ? "HapticContinuous" : "AudioContinuous"
        elements.append(PatternFixtures.event(type, time: Double(index) * 0.025, duration: 0.01))
      }
      return try PatternFixtures.pattern("{\"Pattern\": [\(elements.joined(separator: ","))]}")
    }
    let (small, large) = (try pattern(curves: 2_000, events: 1_300), try pattern(curves: 6_000, events: 3_900))
    var options = RenderOptions()
    options.sampleRate = 8_000
    let times = try bestSeconds(
      rounds: 2,
      [{ _ = try Render.toMemory(small, options: options) }, { _ = try Render.toMemory(large, options: options) }])
    #expect(times[1] < 5 * times[0], "2,000 curves: \(times[0]) s, 6,000 curves: \(times[1]) s")
  }
}
