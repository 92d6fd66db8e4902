import ArgumentParser
import HapticRender
import RenderCommandSupport

/// `render breath TECHNIQUE -o OUT`: a breathing session as an AHAP pattern, audio or a
/// preview page.
struct Breath: ParsableCommand, OptionChecking {
  static let configuration = CommandConfiguration(
    commandName: "breath",
    abstract: "Build a breathing session (4-7-8, box, coherent, or any phases) as AHAP, audio or a preview page.",
    discussion: """
      An inhale is a continuous event under an intensity curve rising 0 to 1, a hold is \
      silence, an exhale a continuous event under a curve falling 1 to 0. The cycle repeats \
      with exactly the technique's period, so the pattern loops seamlessly. -o FILE.ahap \
      writes the pattern, FILE.html a preview page, any other extension the audio.

      Techniques: 4-7-8 (inhale 4 s, hold 7, exhale 8), box (inhale, hold, exhale, hold, 4 s \
      each), coherent (inhale 5.5 s, exhale 5.5). --cues alone adds ios/impact.soft at 0.7 \
      where each inhale starts and ios/impact.light at 0.5 where each exhale starts.

      Examples:
        render breath 4-7-8 -o breath.ahap --cycles 4
        render breath box -o box.wav --shape ease --cues
        render breath --phases inhale:3,hold:1,exhale:6 -o custom.html
        render breath coherent -o coherent.ahap --cues inhale=impact.rigid@0.4
      """)

  @Argument(
    help: ArgumentHelp("4-7-8, box or coherent (or give --phases).", valueName: "technique"),
    completion: .list(BreathingTechnique.named.map(\.name)))
  var technique: String?

  @Option(help: ArgumentHelp("The phases of one cycle, such as inhale:3,hold:1,exhale:6.", valueName: "list"))
  var phases: String?

  @Option(help: ArgumentHelp("Cycles to repeat (1 to 10000).", valueName: "n"))
  var cycles = 1

  @Option(help: ArgumentHelp("HapticIntensity of the inhale and exhale events, 0 to 1.", valueName: "x"))
  var intensity = 0.8

  @Option(help: ArgumentHelp("HapticSharpness of the inhale and exhale events, 0 to 1.", valueName: "x"))
  var sharpness = 0.3

  @Option(help: "How the intensity curve of inhales and exhales moves.")
  var shape: BreathingSession.Shape = .linear

  @Option(
    help: ArgumentHelp(
      "Taps where phases start: --cues alone for the defaults, or PHASE=PRESET[@INTENSITY],… such as inhale=impact.soft@0.7,exhale=impact.light@0.5.",
      valueName: "cues"))
  var cues: String?

  @OptionGroup var output: OutputOptionGroup
  @OptionGroup var render: RenderOptionGroup
  @OptionGroup var diagnostics: DiagnosticOptionGroup

  /// The value `--cues` takes when it is given without one (see ``expandingBareCues(_:)``).
  static let defaultCuesValue = "default"

  func checkOptions() throws {
    try render.check()
    _ = try session()
    if !writesPage { try output.check(acceptingPatterns: true) }
    if !output.writesPattern, !writesPage { _ = try output.format(sampleRate: render.rate) }
  }

  func run() throws {
    let console = Console(isQuiet: diagnostics.quiet)
    let session = try session()
    let pattern = session.pattern()
    guard let path = output.output else { return }
    let name = "breath-\(session.technique.name)"
    if output.writesPattern || writesPage {
      do {
        if writesPage {
          let options = try render.renderOptions(strict: false, console: console)
          try PreviewPage.write(pattern, name: name, options: options, inputs: render.profileFiles, to: path)
        } else {
          try TextFile.write(pattern.ahapText(), to: path)
        }
        let cycles = "\(session.cycles) cycle\(session.cycles == 1 ? "" : "s")"
        console.note(
          "wrote \(path): \(session.technique.name) breathing (\(session.technique.shortSummary)), \(cycles)")
      } catch {
        console.error(error)
        throw ExitCode.failure
      }
      return
    }
    let options = try render.renderOptions(strict: false, console: console)
    try output.write(
      pattern, options: options, format: try output.format(sampleRate: options.sampleRate), console: console)
  }

  /// `true` when `-o` names an HTML page.
  private var writesPage: Bool { output.output?.lowercased().hasSuffix(".html") ?? false }

  /// The session the options describe.
  private func session() throws -> BreathingSession {
    let technique: BreathingTechnique
    do {
      switch (self.technique, phases) {
      case (nil, nil): throw ValidationError("name a technique (4-7-8, box, coherent) or give --phases")
      case (.some, .some): throw ValidationError("give either a technique or --phases, not both")
      case (.some(let name), nil): technique = try BreathingTechnique.named(name)
      case (nil, .some(let list)): technique = try BreathingTechnique(phaseList: list)
      }
    } catch let error as BreathingTechnique.ParseError {
      throw ValidationError(error.description)
    }
    guard (1...BreathingSession.cycleLimit).contains(cycles) else {
      throw ValidationError("--cycles must be within 1…\(BreathingSession.cycleLimit)")
    }
    guard (0...1).contains(intensity) else { throw ValidationError("--intensity must be within 0…1") }
    guard (0...1).contains(sharpness) else { throw ValidationError("--sharpness must be within 0…1") }
    var cueList: [BreathingCue] = []
    if let cues {
      do {
        cueList = cues == Self.defaultCuesValue ? BreathingCue.defaults : try BreathingCue.parse(cues)
      } catch {
        throw ValidationError("--cues: \(error)")
      }
    }
    let session = BreathingSession(
      technique: technique, cycles: cycles, intensity: intensity, sharpness: sharpness, shape: shape, cues: cueList)
    // Before the pattern is built, whatever is written: its text grows with the session.
    guard session.duration <= render.maxDuration else {
      throw ValidationError(
        "the session would last \(session.duration.formatted) s (\(cycles) cycle\(cycles == 1 ? "" : "s") of \(technique.period.roundedToMillionths.formatted) s), longer than the \(render.maxDuration.formatted) s limit; lower --cycles or raise --max-duration"
      )
    }
    guard session.breathCount <= BreathingSession.breathLimit else {
      throw ValidationError(
        "the session holds \(session.breathCount) inhales and exhales, more than \(BreathingSession.breathLimit) (its AHAP text would pass the 64 MiB a pattern may have); lower --cycles"
      )
    }
    return session
  }

  /// `arguments` with a bare `--cues` (the last argument, or one followed by an option or by a
  /// word without `=`) written as `--cues=default`, so that `--cues` alone asks for the default
  /// cues while `--cues inhale=…` names them.
  static func expandingBareCues(_ arguments: [String]) -> [String] {
    guard arguments.first == commandName else { return arguments }
    var result = arguments
    for index in result.indices where result[index] == "--cues" {
      let next = index + 1 < result.count ? result[index + 1] : nil
      if next.map({ $0.hasPrefix("-") || !$0.contains("=") }) ?? true {
        result[index] = "--cues=\(defaultCuesValue)"
      }
    }
    return result
  }
}
