import HapticModel

/// Core Haptics' loading rules for the values of a pattern (docs/signal-model.md §1.4), each
/// written once. ``PatternParser`` reports every finding as a diagnostic at its place;
/// ``PlainPatternReader`` gives up at the first one, so that a text it takes is exactly one the
/// full reader takes without a diagnostic.
///
/// Each rule takes a `report` closure and calls it once per finding, in the order the full
/// reader lists them; a rule's result is what the pattern holds after its findings.
package enum LoadingRules {
  /// What a rule found, where, and what it says.
  ///
  /// A warning code when the value is read in another way than written (a default, a clamp,
  /// a spelling Core Haptics does not document); an error code when the element cannot be read.
  package struct Finding: Error {
    /// The JSON value a finding is reported at.
    package enum Place {
      /// The element's object.
      case event
      /// `EventDuration`, or the event when it has none.
      case duration
      /// A parameter's `ParameterID`.
      case parameterID
      /// A parameter's `ParameterValue`.
      case parameterValue
      /// The document's `Version`.
      case version
    }

    package var code: DiagnosticCode
    package var place: Place
    package var message: String
  }

  /// The `Version`s Core Haptics accepts.
  package static let acceptedVersions = 1.0...1.1
  /// The earliest `Time` of an element, in seconds.
  package static let earliestTime = 0.0
  /// The shortest `EventDuration`, in seconds.
  package static let shortestDuration = 0.0

  /// A document's `Version`: any other than 1 is read as 1.
  package static func version<Failure: Error>(
    _ version: Double, report: (Finding) throws(Failure) -> Void
  ) throws(Failure) {
    if !acceptedVersions.contains(version) {
      try report(
        Finding(
          .unsupportedVersion, .version,
          "Core Haptics documents version 1.0; version \(version.formatted) is not documented; read here as version 1"))
    } else if version != 1 {
      try report(Finding(.unsupportedVersion, .version, "version \(version.formatted) is read as version 1"))
    }
  }

  /// The value an event of `type` holds for parameter `id` written as `value`.
  ///
  /// - Parameter isRepeated: Whether the event gave `id` before (this later value is used).
  @inline(__always)
  package static func parameter<Failure: Error>(
    _ id: ParameterID, _ value: Double, of type: EventType, isRepeated: Bool,
    report: (Finding) throws(Failure) -> Void
  ) throws(Failure) -> Double {
    let clamped = id.clamped(value)
    // What almost every parameter is: nothing to report. (A parameter that is not accepted
    // does not apply either.)
    let isDocumented =
      clamped == value && (id != .sustained || clamped == 0 || clamped == 1) && id.applies(to: type) && !isRepeated
    if !isDocumented {
      try reportParameter(id, value, clamped: clamped, of: type, isRepeated: isRepeated, report: report)
    }
    return clamped
  }

  /// What ``parameter(_:_:of:isRepeated:report:)`` reports about a parameter that needs a word.
  private static func reportParameter<Failure: Error>(
    _ id: ParameterID, _ value: Double, clamped: Double, of type: EventType, isRepeated: Bool,
    report: (Finding) throws(Failure) -> Void
  ) throws(Failure) {
    let name = id.rawValue
    if clamped != value {
      let range = id.range
      try report(
        Finding(
          .clampedValue, .parameterValue,
          "\(name) \(value.formatted) is outside \(range.lowerBound.formatted)…\(range.upperBound.formatted); clamped to \(clamped.formatted)"
        ))
    }
    if id == .sustained, clamped != 0, clamped != 1 {
      try report(
        Finding(
          .clampedValue, .parameterValue,
          "Sustained is 0 or 1; \(clamped.formatted) is read as 1 (only exactly 0 means not sustained)"))
    }
    if !id.isAccepted(by: type) {
      let (kind, accepted) = type.isHaptic ? ("audio", "haptic") : ("haptic", "audio")
      try report(
        Finding(
          .noEffect, .parameterID,
          "Core Haptics documents \(name) for \(kind) events; \(type.rawValue) events take \(accepted) parameters; ignored here"
        ))
    } else if !id.applies(to: type) {
      try report(Finding(.noEffect, .parameterID, "\(name) has no effect on \(type.rawValue) events"))
    }
    if isRepeated {
      try report(Finding(.duplicateKey, .parameterID, "\(name) is given twice; this later value is used"))
    }
  }

  /// A haptic event's intensity and sharpness: the signal model's defaults stand in for the
  /// ones it does not give.
  package static func signalParameters<Failure: Error>(
    of type: EventType, _ parameters: EventParameters, report: (Finding) throws(Failure) -> Void
  ) throws(Failure) {
    // The two parameters of the haptic signal, which every haptic event should give (most do).
    guard type.isHaptic, !(parameters.contains(.hapticIntensity) && parameters.contains(.hapticSharpness)) else {
      return
    }
    for parameter in [ParameterID.hapticIntensity, .hapticSharpness] where !parameters.contains(parameter) {
      try report(
        Finding(
          .defaultValue, .event,
          "no \(parameter.rawValue); the signal model's default \(parameter.defaultValue.formatted) is used (Apple documents none)"
        ))
    }
  }

  /// The duration an event of `type` with `parameters` holds, written as `duration` (`nil`
  /// when absent), or `nil` when the event cannot be read.
  ///
  /// - Parameter wasInvalid: Whether an `EventDuration` was written but was no duration (already
  ///   reported).
  package static func duration<Failure: Error>(
    _ duration: Double?, of type: EventType, _ parameters: EventParameters, wasInvalid: Bool = false,
    report: (Finding) throws(Failure) -> Void
  ) throws(Failure) -> Double? {
    guard type.isContinuous, (parameters[.sustained] ?? 1) != 0 else { return duration ?? 0 }
    if (duration ?? 0) <= 0 {
      guard wasInvalid else {
        try report(
          Finding(
            .missingDuration, .duration,
            "a sustained \(type.rawValue) event needs a positive \"EventDuration\" in seconds")
        )
        return nil
      }
      return 0
    }
    if type == .hapticContinuous, let given = duration, given > Event.maximumContinuousDuration {
      try report(
        Finding(
          .deviceLimit, .duration,
          "\(given.formatted) s is longer than Core Haptics' 30 s limit for continuous haptic events; it sounds 30 s, and the pattern keeps its \(given.formatted) s"
        ))
    }
    return duration ?? 0
  }
}

extension LoadingRules.Finding {
  package init(_ code: DiagnosticCode, _ place: Place, _ message: String) {
    self.init(code: code, place: place, message: message)
  }
}
