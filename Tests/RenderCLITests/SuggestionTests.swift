import Foundation
import RenderCommandSupport
import Testing
import _HapticRenderTestSupport

/// A misspelled subcommand or option is answered with the name it most likely meant, and
/// nothing is written.
@Suite struct SuggestionTests {
  private let breath = "\(Locations.samples)/breath-478.ahap"

  @Test func aMisspelledSubcommandIsNamed() async throws {
    let folder = try TemporaryFolder()
    let plot = try await CommandRunner.render(["plott", breath, "-o", "x.svg"], in: folder.path)
    #expect(plot.status == 64)
    #expect(
      plot.standardError == """
        render: error: unknown subcommand 'plott'; did you mean 'plot'?
        Usage: render <input.ahap> -o <file> [<options>]
               render <subcommand> [<options>]
          See 'render --help' for more information.

        """)
    let lint = try await CommandRunner.render(["lnit", Locations.samples], in: folder.path)
    #expect(lint.status == 64)
    #expect(lint.standardError.hasPrefix("render: error: unknown subcommand 'lnit'; did you mean 'lint'?\n"))
    #expect(plot.standardOutput.isEmpty && lint.standardOutput.isEmpty)
    #expect(folder.contents().isEmpty)
  }

  /// A first word that names a file or folder, or looks like a path, is the default command's input.
  @Test func aFileNamedLikeASubcommandIsAnInput() async throws {
    let folder = try TemporaryFolder()
    try Data(try String(contentsOfFile: breath, encoding: .utf8).utf8).write(
      to: URL(fileURLWithPath: "\(folder.path)/plott"))
    let file = try await CommandRunner.render(["plott", "-o", "plott.wav", "-q"], in: folder.path)
    #expect(file.status == 0, "\(file.standardError)")
    #expect(folder.contents() == ["plott", "plott.wav"])
    let path = try await CommandRunner.render(["./lnit", "-o", "x.wav"], in: folder.path)
    #expect(path.status == 1)
    #expect(path.standardError == "render: error: cannot read './lnit': no such file\n")
  }

  @Test func anOptionNamedByPartOfItsNameIsNamed() async throws {
    let folder = try TemporaryFolder()
    let result = try await CommandRunner.render([breath, "--intensity", "0.5", "-o", "\(folder.path)/b.wav"])
    #expect(result.status == 64)
    #expect(
      result.standardError == """
        render: error: Unknown option '--intensity'. Did you mean '--intensity-scale'?
        Usage: render <input.ahap> -o <file> [<options>]
               render <input.ahap or folder> ... --out-dir <dir> [<options>]
          See 'render convert --help' for more information.

        """)
    let plot = try await CommandRunner.render([
      "plot", breath, "-o", "\(folder.path)/b.svg", "--waveform-memory", "64",
    ])
    #expect(plot.status == 64)
    #expect(
      plot.standardError.hasPrefix(
        "render: error: Unknown option '--waveform-memory'. Did you mean '--max-waveform-memory'?\n"))
    // swift-argument-parser's own suggestion is kept; an option that fits none gets none.
    let rate = try await CommandRunner.render([breath, "--rat", "8000", "-o", "\(folder.path)/b.wav"])
    #expect(rate.standardError.hasPrefix("render: error: Unknown option '--rat'. Did you mean '--rate'?\n"))
    let unknown = try await CommandRunner.render([breath, "--loudness", "2", "-o", "\(folder.path)/b.wav"])
    #expect(unknown.standardError.hasPrefix("render: error: Unknown option '--loudness'\n"))
    #expect(folder.contents().isEmpty)
  }

  /// The only long option whose words hold those of the misspelt one, in order.
  @Test func optionsThatContainAMisspeltOne() {
    let names = ["--max-duration", "--max-pattern-size", "--out-dir", "--output", "-o"]
    #expect(OptionSuggestion.option(misspeltAs: "--max", among: names) == nil)
    #expect(OptionSuggestion.option(misspeltAs: "--pattern-size", among: names) == "--max-pattern-size")
    #expect(OptionSuggestion.option(misspeltAs: "--dir", among: names) == "--out-dir")
    #expect(OptionSuggestion.option(misspeltAs: "--output", among: names) == nil)
  }
}
