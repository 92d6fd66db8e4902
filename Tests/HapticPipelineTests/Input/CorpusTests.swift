import HapticModel
import HapticPipeline
import HapticReader
import HapticSynthesis
import Testing
import _HapticRenderTestSupport

/// Every AHAP file of the shared corpus renders, or is refused with a located diagnostic.
@Suite struct CorpusTests {
  static let files = Locations.files(in: Locations.corpus, withExtension: "ahap")
  static let resources = "\(Locations.corpus)/ahap/resources"

  /// Files that cannot be rendered, and the message that says why.
  static let refused: [String: String] = [
    "fuziki__HapticsBox__Event.ahap": "this file holds a lone \"Event\", not a pattern",
    "fuziki__HapticsBox__EventParameter.ahap": "this file holds a lone \"EventParameters\", not a pattern",
    "ryendu__sound2ahap__test.ahap": "waveform \"In My Blood.wav\" not found",
  ]

  /// Files whose every event is muted by an intensity-control curve that stays at 0.
  static let silent: Set<String> = [
    "Lofelt__NiceVibrations__2_points.ahap", "facebook__meta-haptics-sdk__2_points.ahap",
  ]

  @Test(.enabled(if: !files.isEmpty, "../shared/corpus is not beside the checkout"), arguments: files)
  func rendersOrRefusesCleanly(_ path: String) throws {
    let name = String(path.split(separator: "/").last ?? "")
    var diagnostics = Diagnostics()
    let pattern = try PatternLoader(resourceFolders: [Self.resources]).load(path: path, diagnostics: &diagnostics)
    for diagnostic in diagnostics.all {
      #expect(diagnostic.location.file == path && diagnostic.location.line >= 1 && diagnostic.location.column >= 1)
      #expect(!diagnostic.message.isEmpty)
    }
    if let reason = Self.refused[name] {
      #expect(pattern == nil)
      #expect(diagnostics.all.contains { $0.severity == .error && $0.message.contains(reason) }, "\(diagnostics.all)")
      return
    }
    let renderable = try #require(pattern, "refused: \(diagnostics.all.filter { $0.severity == .error })")
    var options = RenderOptions()
    options.sampleRate = 8_000
    let audio = try Render.toMemory(renderable, options: options)
    #expect(audio.report.frameCount > 0)
    #expect(audio.channels.allSatisfy { $0.count == audio.report.frameCount })
    #expect(audio.channels.allSatisfy { channel in channel.allSatisfy { $0.isFinite && abs($0) <= 1 } })
    if renderable.events.contains(where: { $0.type == .audioCustom }) {
      options.layout = .audio
      let audioBuses = try Render.toMemory(renderable, options: options).channels
      #expect(audioBuses.allSatisfy { channel in channel.contains { $0 != 0 } }, "the AudioCustom waveforms are silent")
    }
    let hasSound = audio.channels.contains { channel in channel.contains { $0 != 0 } }
    #expect(hasSound != Self.silent.contains(name), hasSound ? "expected silence" : "the pattern rendered silent")
    // Driven for each kind of actuator: a drive within full scale.
    // (At 24 kHz: a tap's linear programs take longer at 8 kHz, where a step is fewer frames.)
    options.layout = .auto
    options.sampleRate = 24_000
    for model in [ActuatorModel.lra, .voiceCoil] {
      options.actuator = ActuatorRendering(model: model, name: "\(model.kind)")
      let drive = try Render.toMemory(renderable, options: options).channels[0]
      #expect(drive.allSatisfy { $0.isFinite && abs($0) <= 1 }, "\(model.kind)")
    }
  }

  @Test(.enabled(if: !files.isEmpty, "../shared/corpus is not beside the checkout"))
  func seedsWithShortKeysRenderAndStrictRefusesThem() throws {
    let path = "\(Locations.corpus)/seeds/short-keys.ahap"
    var lenient = Diagnostics()
    #expect(try PatternLoader().load(path: path, diagnostics: &lenient)?.events.count == 1)
    #expect(
      lenient.all.map(\.message).contains(
        "Core Haptics documents \"EventType\"; \"Type\" is not documented; read here as \"EventType\""))
    var strict = Diagnostics(treatsWarningsAsErrors: true)
    #expect(try PatternLoader().load(path: path, diagnostics: &strict) == nil)
  }
}
