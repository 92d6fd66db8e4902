import Foundation
import HapticAudio
import HapticFiles
import HapticModel
import HapticPipeline
import HapticReader
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// Inputs that once took a slow path, read and rendered right; how their time scales is measured by
/// `render-benchmark` (the `escapes-`, `curves-` and `waveform-` pairs), not here.
@Suite struct SlowPathTests {
  /// A `Description` of `count` `\u0041` escapes.
  private func escapedDescription(_ count: Int) -> [UInt8] {
    Array(
      ("{\"Metadata\": {\"Description\": \"" + String(repeating: "\\u0041", count: count) + "\"}, "
        + "\"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"HapticTransient\", \"EventParameters\": []}}]}")
        .utf8)
  }

  /// A string of 2,000,000 `\u0041` escapes (decoding was once quadratic in the escapes)
  /// decodes to 2,000,000 `A`s.
  @Test func manyEscapesInAStringDecode() throws {
    var diagnostics = Diagnostics()
    let pattern = Pattern.parse(escapedDescription(2_000_000), file: "escapes.ahap", diagnostics: &diagnostics)
    guard case .object(let members) = pattern?.metadata?.kind, case .string(let description) = members.first?.value.kind
    else {
      Issue.record("no Description: \(diagnostics.all)")
      return
    }
    #expect(description.utf8.count == 2_000_000 && description.utf8.allSatisfy { $0 == UInt8(ascii: "A") })
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
  /// waveform is played from at most 96 kHz, so it costs no more than a 96 kHz file.
  @Test func highRateWaveformsArePlayedFromAtMost96kHz() throws {
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
    let audio = try Render.toMemory(try #require(patterns[384_000]))
    #expect(audio.report.frameCount == 14_400 && audio.channels.allSatisfy { $0.contains { $0 != 0 } })
  }
}
