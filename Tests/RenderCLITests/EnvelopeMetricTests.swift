import Foundation
import Testing
import _HapticRenderTestSupport

/// `--metric envelope` of `render compare` and `render check`, on real renders of a breath.
@Suite struct EnvelopeMetricTests {
  @Test func compareAcceptsASharpnessTweakAndRefusesALevelChange() async throws {
    let folder = try TemporaryFolder()
    for (name, option) in [
      ("base", "--sharpness=0.3"), ("sharper", "--sharpness=0.35"), ("quieter", "--intensity=0.6"),
    ] {
      let made = try await CommandRunner.render(
        ["breath", "4-7-8", "--cues", option, "-o", "\(name).wav"], in: folder.path)
      #expect(made.status == 0, "\(made.standardError)")
    }
    let samples = try await CommandRunner.render(["compare", "base.wav", "sharper.wav"], in: folder.path)
    #expect(samples.status == 1)
    let sharper = try await CommandRunner.render(
      ["compare", "base.wav", "sharper.wav", "--metric", "envelope"], in: folder.path)
    let sharperText = String(decoding: sharper.standardOutput, as: UTF8.self)
    #expect(sharper.status == 0, "\(sharperText)")
    #expect(
      sharperText.hasPrefix("compare: 'base.wav' and 'sharper.wav' match within tolerance (loudness envelopes)\n"))
    #expect(sharperText.contains("  windows of 10 ms            "))
    #expect(sharperText.hasSuffix("  tolerance                   ±1.5 dB\nPASS\n"))
    let quieter = try await CommandRunner.render(
      ["compare", "base.wav", "quieter.wav", "--metric", "envelope", "--json"], in: folder.path)
    #expect(quieter.status == 1)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(quieter.standardOutput)) as? [String: Any])
    let envelope = try #require(json["envelope"] as? [String: Any])
    #expect(abs((envelope["largestDifferenceDecibels"] as? Double ?? 0) + 5.0) < 0.05)
    #expect(json["passed"] as? Bool == false)
    let loose = try await CommandRunner.render(
      ["compare", "base.wav", "quieter.wav", "--metric", "envelope", "--tolerance-db", "6"], in: folder.path)
    #expect(loose.status == 0)
    let negative = try await CommandRunner.render(
      ["compare", "base.wav", "quieter.wav", "--metric", "envelope", "--tolerance-db", "-1"], in: folder.path)
    #expect(negative.status == 64 && negative.standardError.contains("--tolerance-db must be ≥ 0"))
  }

  /// A golden file guards the felt shape: the sharpness tweak passes `check --metric envelope`
  /// (and fails the sample metric), the level change fails it.
  @Test func checkGuardsTheFeltShape() async throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: "\(folder.path)/patterns", withIntermediateDirectories: true)
    let breath = ["breath", "box", "-o", "patterns/box.ahap"]
    #expect(try await CommandRunner.render(breath, in: folder.path).status == 0)
    let record = try await CommandRunner.render(
      ["check", "patterns", "--golden", "golden", "--update", "-r", "8000"], in: folder.path)
    #expect(record.status == 0, "\(record.standardError)")
    #expect(try await CommandRunner.render(breath + ["--sharpness", "0.35"], in: folder.path).status == 0)
    let bySamples = try await CommandRunner.render(
      ["check", "patterns", "--golden", "golden", "-r", "8000"], in: folder.path)
    #expect(bySamples.status == 1)
    let byEnvelope = try await CommandRunner.render(
      ["check", "patterns", "--golden", "golden", "-r", "8000", "--metric", "envelope"], in: folder.path)
    #expect(byEnvelope.status == 0, "\(String(decoding: byEnvelope.standardOutput, as: UTF8.self))")
    #expect(String(decoding: byEnvelope.standardOutput, as: UTF8.self).hasPrefix("PASS patterns/box.ahap\n"))
    #expect(try await CommandRunner.render(breath + ["--intensity", "0.6"], in: folder.path).status == 0)
    let quieter = try await CommandRunner.render(
      ["check", "patterns", "--golden", "golden", "-r", "8000", "--metric", "envelope"], in: folder.path)
    let text = String(decoding: quieter.standardOutput, as: UTF8.self)
    #expect(quieter.status == 1)
    #expect(text.hasPrefix("FAIL patterns/box.ahap\n"), "\(text)")
    #expect(text.contains("largest level difference    -5.0 dB at "), "\(text)")
  }
}
