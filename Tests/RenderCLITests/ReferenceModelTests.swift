import Foundation
import Testing
import _HapticRenderTestSupport

/// The built `render` against an independent reference model of its signal contract:
/// `Tests/Tools/reference_model.py`, written from `SPEC.md` (revision 4) alone, in pure Python and
/// double precision. Each pattern is rendered by both at 8000 Hz (`--bits float --layout haptic`)
/// and must give the same number of frames and samples within 1e-4 of each other (the model is
/// double, the file float32). The patterns stay within full scale, so the limiter never acts.
@Suite struct ReferenceModelTests {
  static let hasPython = PythonTools.canImport(["json", "math", "struct", "bisect"])
  private static let rate = 8_000
  private static let tolerance = 1e-4
  private static let model = "\(Locations.packageRoot)/Tests/Tools/reference_model.py"

  /// The repository's samples that have no audio events (the model renders the haptic bus only).
  static let hapticSamples: [String] = Locations.files(in: Locations.samples, withExtension: "ahap")
    .filter(isHapticOnly)
    .map { URL(fileURLWithPath: $0).lastPathComponent }

  @Test func theHapticSamplesAreFound() {
    #expect(Self.hapticSamples.count >= 10, "\(Self.hapticSamples)")
  }

  @Test(.enabled(if: hasPython, "no python3 to run Tests/Tools/reference_model.py"), arguments: hapticSamples)
  func sampleAgreesWithTheModel(_ name: String) async throws {
    let folder = try TemporaryFolder()
    try await Self.compare("\(Locations.samples)/\(name)", in: folder)
  }

  @Test(
    .enabled(if: hasPython, "no python3 to run Tests/Tools/reference_model.py"),
    arguments: ReferenceFixtures.agreeing.keys.sorted())
  func fixtureAgreesWithTheModel(_ name: String) async throws {
    let folder = try TemporaryFolder()
    let path = "\(folder.path)/\(name).ahap"
    try Data(try #require(ReferenceFixtures.agreeing[name]).utf8).write(to: URL(fileURLWithPath: path))
    try await Self.compare(path, in: folder)
  }

  /// Renders `pattern` with `render` and with the model, and compares the two.
  private static func compare(_ pattern: String, in folder: TemporaryFolder) async throws {
    let wav = "\(folder.path)/render.wav"
    let raw = "\(folder.path)/model.f32"
    let rendered = try await CommandRunner.render([
      pattern, "-o", wav, "--bits", "float", "--rate", "\(rate)", "--layout", "haptic",
    ])
    try #require(rendered.status == 0, "render: \(rendered.standardError)")
    let modelled = try await CommandRunner.run("/usr/bin/env", ["python3", model, pattern, "\(rate)", raw])
    try #require(modelled.status == 0, "reference_model.py: \(modelled.standardError)")
    #expect(modelled.standardOutput.isEmpty && modelled.standardError.isEmpty, "the model prints nothing")

    let actual = try floatWAVSamples(wav)
    let expected = try float32Samples(raw)
    #expect(actual.count == expected.count, "frames: render \(actual.count), model \(expected.count)")
    var largest = 0.0
    var frame = 0
    for index in 0..<min(actual.count, expected.count) {
      let difference = abs(Double(actual[index]) - Double(expected[index]))
      if difference > largest {
        largest = difference
        frame = index
      }
    }
    if largest > tolerance {
      Issue.record(
        """
        max |Δ| \(largest) > \(tolerance) at frame \(frame) (\(Double(frame) / Double(rate)) s): \
        render \(actual[frame]), model \(expected[frame])
        """)
    }
    let peak = expected.map { abs(Double($0)) }.max() ?? 0
    #expect(peak <= 1, "the model peaks at \(peak): the limiter would act above full scale")
  }

  /// Whether an AHAP file has no `AudioContinuous` or `AudioCustom` event.
  private static func isHapticOnly(_ path: String) -> Bool {
    guard let data = FileManager.default.contents(atPath: path),
      let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let elements = document["Pattern"] as? [[String: Any]]
    else { return false }
    return !elements.contains { element in
      guard let event = element["Event"] as? [String: Any] else { return false }
      let type = (event["EventType"] ?? event["Type"]) as? String ?? ""
      return type.hasPrefix("Audio")
    }
  }

  /// A file the comparison cannot read.
  private struct UnreadableFile: Error, CustomStringConvertible {
    var description: String
  }

  /// The samples of a mono 32-bit float WAV, read chunk by chunk (RIFF, `fmt `, `data`).
  private static func floatWAVSamples(_ path: String) throws -> [Float] {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    func uint16(_ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
    func uint32(_ at: Int) -> UInt32 { UInt32(uint16(at)) | UInt32(uint16(at + 2)) << 16 }
    guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WAVE".utf8) else {
      throw UnreadableFile(description: "\(path) is not a RIFF WAVE file")
    }
    var offset = 12
    var format: (tag: UInt16, channels: UInt16, bits: UInt16)?
    while offset + 8 <= bytes.count {
      let identifier = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
      let size = Int(uint32(offset + 4))
      let body = offset + 8
      guard body + size <= bytes.count else { break }
      if identifier == "fmt " && size >= 16 {
        format = (uint16(body), uint16(body + 2), uint16(body + 14))
      } else if identifier == "data" {
        guard let format, format.tag == 3 || format.tag == 0xFFFE, format.channels == 1, format.bits == 32 else {
          throw UnreadableFile(description: "\(path) is not mono 32-bit float: \(String(describing: format))")
        }
        return stride(from: body, to: body + size - size % 4, by: 4).map { Float(bitPattern: uint32($0)) }
      }
      offset = body + size + size % 2
    }
    throw UnreadableFile(description: "\(path) has no data chunk")
  }

  /// Raw little-endian float32 samples.
  private static func float32Samples(_ path: String) throws -> [Float] {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    return stride(from: 0, to: bytes.count - bytes.count % 4, by: 4).map { at in
      Float(
        bitPattern: UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16
          | UInt32(bytes[at + 3]) << 24)
    }
  }
}
