/// The kind of problem a ``Diagnostic`` reports: a stable name that scripts, CI rules and
/// `render lint --ignore` match instead of the message, which may be reworded.
///
/// A closed set, listed in docs/diagnostics.md: one code per kind of problem a user would match
/// or silence, not one per message. Each code has one ``severity``; `--strict` records warnings
/// as errors and keeps their code. The raw value is the printed name, kebab-case
/// (`unknown-key`).
public enum DiagnosticCode: String, CaseIterable, Encodable, Sendable {
  // MARK: Errors: the document cannot be read as written

  /// Text that is not JSON.
  case jsonSyntax = "json-syntax"
  /// JSON nested deeper than 128 levels, or holding more values than the reader takes.
  case jsonLimit = "json-limit"
  /// A document that holds no pattern: JSON without a `Pattern` array, or an Android effect
  /// without a `waveform`.
  case notAPattern = "not-a-pattern"
  /// An audio file where a pattern is expected.
  case audioFile = "audio-file"
  /// A value of another JSON type than expected (a string where a number goes).
  case wrongType = "wrong-type"
  /// A number outside the values that can be read (a negative time, a frequency above 20 kHz).
  case outOfRange = "out-of-range"
  /// A key that must be given is missing.
  case missingKey = "missing-key"
  /// An event type or parameter name that does not exist.
  case unknownName = "unknown-name"
  /// A key that an actuator file does not have.
  case unknownSetting = "unknown-setting"
  /// An element that holds more than one of `Event`, `Parameter` and `ParameterCurve`.
  case ambiguousElement = "ambiguous-element"
  /// A sustained continuous event without a positive `EventDuration`.
  case missingDuration = "missing-duration"
  /// An `AudioCustom` waveform that cannot be found, opened or decoded.
  case unreadableWaveform = "unreadable-waveform"
  /// A file that cannot be read at all (`render lint`).
  case unreadableFile = "unreadable-file"
  /// A pattern beyond what a render may hold: longer than `--max-duration` (`render lint`), or
  /// an Android effect of more values than a Kotlin object holds (`render android`).
  case renderLimit = "render-limit"
  /// An Android effect that cannot be compared: timings and amplitudes of different counts, or a
  /// repeating effect.
  case invalidEffect = "invalid-effect"

  // MARK: Warnings: the document is read, in another way than written

  /// A comma before `]` or `}`.
  case trailingComma = "trailing-comma"
  /// A key, or an event's parameter, given twice; the later value is used.
  case duplicateKey = "duplicate-key"
  /// A `null` value, read as if the key were absent.
  case nullValue = "null-value"
  /// A key or element kind the reader does not know; ignored.
  case unknownKey = "unknown-key"
  /// A spelling Core Haptics does not document (`Type`, `Parameters`, `Duration`).
  case undocumentedKey = "undocumented-key"
  /// A `Version` other than 1, read as 1, or one that is not a number, ignored.
  case unsupportedVersion = "unsupported-version"
  /// An empty `Pattern` array: the render is silent.
  case emptyPattern = "empty-pattern"
  /// Something written that does nothing: an empty element or curve, a parameter or key that
  /// does not apply to the event, a sharpness control without continuous events.
  case noEffect = "no-effect"
  /// A value outside its parameter's range (or a `Sustained` other than 0 or 1), read as one
  /// the parameter takes.
  case clampedValue = "clamped-value"
  /// A value that is not given, for which a default is used.
  case defaultValue = "default-value"
  /// Elements or control points out of time order; they are sorted.
  case unorderedTime = "unordered-time"
  /// A curve whose first point's time equals its own: the file may use absolute times.
  case absoluteCurveTime = "absolute-curve-time"
  /// Beyond what Core Haptics takes on a device: a continuous event over 30 s, a curve over 16
  /// points.
  case deviceLimit = "device-limit"
  /// Continuous haptic events of the same sharpness that overlap: they merge on a device
  /// (`render lint`).
  case overlappingEvents = "overlapping-events"
  /// A waveform format Apple's Core Haptics Unity plug-in warns about (`render lint`).
  case waveformFormat = "waveform-format"
  /// An event that a control holds at 0 (`render lint`).
  case silencedEvent = "silenced-event"
  /// An event after more than 10 s of silence (`render lint`).
  case longSilence = "long-silence"
  /// What an Android vibration effect cannot carry exactly (`render android`).
  case androidApproximation = "android-approximation"

  /// The severity of every diagnostic of this code, before `--strict`.
  public var severity: Diagnostic.Severity {
    switch self {
    case .jsonSyntax, .jsonLimit, .notAPattern, .audioFile, .wrongType, .outOfRange, .missingKey, .unknownName,
      .unknownSetting, .ambiguousElement, .missingDuration, .unreadableWaveform, .unreadableFile, .renderLimit,
      .invalidEffect:
      .error
    case .trailingComma, .duplicateKey, .nullValue, .unknownKey, .undocumentedKey, .unsupportedVersion, .emptyPattern,
      .noEffect, .clampedValue, .defaultValue, .unorderedTime, .absoluteCurveTime, .deviceLimit, .overlappingEvents,
      .waveformFormat, .silencedEvent, .longSilence, .androidApproximation:
      .warning
    }
  }
}
