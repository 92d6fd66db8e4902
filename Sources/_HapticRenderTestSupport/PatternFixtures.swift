import HapticRender

/// Builds patterns and renders them in memory, for tests.
public enum PatternFixtures {
  /// An error raised when a fixture that should be valid is not.
  public struct InvalidFixture: Error, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
  }

  /// Parses AHAP text; throws when it has an error.
  public static func pattern(_ json: String, file: String = "test.ahap") throws -> Pattern {
    var diagnostics = Diagnostics()
    guard let pattern = Pattern.parse(Array(json.utf8), file: file, diagnostics: &diagnostics) else {
      throw InvalidFixture(diagnostics: diagnostics.all)
    }
    return pattern
  }

  /// The diagnostics of AHAP text.
  public static func diagnostics(_ json: String, file: String = "test.ahap", strict: Bool = false) -> [Diagnostic] {
    var diagnostics = Diagnostics(treatsWarningsAsErrors: strict)
    _ = Pattern.parse(Array(json.utf8), file: file, diagnostics: &diagnostics)
    return diagnostics.all
  }

  /// Renders AHAP text into memory.
  public static func render(
    _ json: String, rate: Int = 48_000, configure: (inout RenderOptions) -> Void = { _ in }
  ) throws -> RenderedAudio {
    var options = RenderOptions()
    options.sampleRate = rate
    configure(&options)
    return try Render.toMemory(try pattern(json), options: options)
  }

  /// The text of one `Event` element.
  public static func event(
    _ type: String, time: Double = 0, duration: Double? = nil, _ parameters: [String: Double] = [:]
  ) -> String {
    let list = parameters.sorted { $0.key < $1.key }
      .map { "{\"ParameterID\": \"\($0.key)\", \"ParameterValue\": \($0.value)}" }
      .joined(separator: ", ")
    let durationText = duration.map { ", \"EventDuration\": \($0)" } ?? ""
    return "{\"Event\": {\"Time\": \(time), \"EventType\": \"\(type)\"\(durationText), \"EventParameters\": [\(list)]}}"
  }

  /// The text of one `ParameterCurve` element; points are `(time, value)`.
  public static func curve(_ id: String, time: Double = 0, _ points: [(Double, Double)]) -> String {
    let list = points.map { "{\"Time\": \($0.0), \"ParameterValue\": \($0.1)}" }.joined(separator: ", ")
    return
      "{\"ParameterCurve\": {\"ParameterID\": \"\(id)\", \"Time\": \(time), \"ParameterCurveControlPoints\": [\(list)]}}"
  }

  /// The text of one `Parameter` element.
  public static func parameter(_ id: String, time: Double, _ value: Double) -> String {
    "{\"Parameter\": {\"ParameterID\": \"\(id)\", \"Time\": \(time), \"ParameterValue\": \(value)}}"
  }

  /// A whole document from elements.
  public static func document(_ elements: String...) -> String {
    "{\"Version\": 1, \"Pattern\": [\(elements.joined(separator: ", "))]}"
  }
}
