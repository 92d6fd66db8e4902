import Foundation
import HapticRender
import Testing
import _HapticRenderTestSupport

/// How the code is compiled changes no sample (docs/architecture.md §5): every sample rendered
/// as float WAV by this build's library and by the `render` under test gives the same bytes,
/// and so does its drive for each built-in actuator. In the test command the two are different
/// compilations of the same code: the suite's build (optimised, with assertions, under
/// AddressSanitizer, for the toolchain's default processor) and the release build that is
/// installed (for x86-64-v3 where the machine has it: `scripts/release-build`).
@Suite struct BuildDeterminismTests {
  @Test func theLibraryAndTheRenderUnderTestWriteTheSameBytes() async throws {
    try await Self.compareEverySample(RenderOptions(), arguments: [])
  }

  @Test(arguments: ["lra", "voice-coil"])
  func theLibraryAndTheRenderUnderTestDriveAnActuatorWithTheSameBytes(actuator: String) async throws {
    let model = try #require(ActuatorModel.named(actuator))
    var options = RenderOptions()
    options.actuator = ActuatorRendering(model: model, name: actuator)
    options.profile = model.bandProfile
    try await Self.compareEverySample(options, arguments: ["--actuator", actuator])
  }

  /// Renders every sample as float WAV with this build's library and `options`, and with the
  /// `render` under test and `arguments` (the same options), and expects the same bytes.
  private static func compareEverySample(_ options: RenderOptions, arguments: [String]) async throws {
    let folder = try TemporaryFolder()
    let inputs = Locations.files(in: Locations.samples, withExtension: "ahap")
    #expect(inputs.count >= 13)
    for input in inputs {
      let name = URL(fileURLWithPath: input).lastPathComponent
      let library = "\(folder.path)/\(name).library.wav"
      let binary = "\(folder.path)/\(name).binary.wav"
      var diagnostics = Diagnostics()
      let pattern = try #require(try PatternLoader().load(path: input, diagnostics: &diagnostics))
      try Render.toFile(
        pattern, options: options, destination: .file(library),
        format: AudioFileFormat(path: library, encoding: .float))
      let result = try await CommandRunner.render([input, "-o", binary, "-b", "float", "-q"] + arguments)
      #expect(result.status == 0, "\(name): \(result.standardError)")
      let expected = try FileSystem.readAll(library, limit: 1 << 30)
      #expect(expected.count > 1_000, "\(name)")
      #expect(try FileSystem.readAll(binary, limit: 1 << 30) == expected, "\(name) \(arguments)")
    }
  }
}
