import Foundation
import HapticRender
import OfflineCoreHaptics
import Testing
import _HapticRenderTestSupport

/// Shapes of published Core Haptics code, each after the public file that showed it, compiled in
/// both language modes by ``LanguageModeTests`` and measured on the render.
@Suite struct PublishedShapesTests {
  /// Coding keys typed `CHHapticPattern.Key.RawValue`, a `Codable` model encoded to JSON, read
  /// back with `JSONSerialization` as `[CHHapticPattern.Key: Any]` and played (the shape of
  /// DanielStormApps/Vibrator, vibrator/Vibrator/AppleHapticAudioPattern.swift).
  struct CodablePattern: Codable {
    var version: Double?
    var pattern: [Element]

    enum CodingKeys: CHHapticPattern.Key.RawValue, CodingKey {
      case version = "Version"
      case pattern = "Pattern"
    }

    struct Element: Codable {
      var event: Event?

      enum CodingKeys: CHHapticPattern.Key.RawValue, CodingKey {
        case event = "Event"
      }
    }

    struct Event: Codable {
      var time: Double
      var eventType: String

      enum CodingKeys: CHHapticPattern.Key.RawValue, CodingKey {
        case time = "Time"
        case eventType = "EventType"
      }
    }

    func dictionaryRepresentation() -> [CHHapticPattern.Key: Any]? {
      guard let data = try? JSONEncoder().encode(self) else { return nil }
      return try? JSONSerialization.jsonObject(with: data, options: .allowFragments) as? [CHHapticPattern.Key: Any]
    }
  }

  @Test func codingKeysOfTheKeysRawValueRoundTrip() throws {
    let taps = CodablePattern(
      version: 1, pattern: [0, 0.25].map { .init(event: .init(time: $0, eventType: "HapticTransient")) })
    let dictionary = try #require(taps.dictionaryRepresentation())
    let decoded = try JSONDecoder().decode(
      CodablePattern.self,
      from: JSONSerialization.data(withJSONObject: try CHHapticPattern(dictionary: dictionary).exportDictionary()))
    #expect(decoded.pattern.compactMap { $0.event?.time } == [0, 0.25])
    let onsets = Measured.bursts(try Measured.samples(CHHapticPattern(dictionary: dictionary))).map(\.onset)
    #expect(onsets.count == 2 && abs(onsets[1] - 0.25) <= 1.5 / Double(RenderedSamples.rate), "\(onsets)")
  }

  /// A player handed to C as an opaque pointer and used through it: started, muted, stopped,
  /// then released (the shape of apple/unityplugins,
  /// plug-ins/Apple.CoreHaptics/Native/CoreHapticsWrapper/Haptics/HapticPatternPlayer/CHHapticPatternPlayer_Supported.swift).
  @Test func playersCrossACBoundaryAsOpaquePointers() throws {
    let engine = try CHHapticEngine()
    try engine.start()
    let made: any CHHapticPatternPlayer = try engine.makeAdvancedPlayer(
      with: CHHapticPattern(
        events: [CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: 0)], parameters: []))
    let pointer = UnsafeRawPointer(Unmanaged<CHHapticPatternPlayer>.passRetained(made).toOpaque())
    func player(_ pointer: UnsafeRawPointer) -> any CHHapticPatternPlayer {
      Unmanaged<CHHapticPatternPlayer>.fromOpaque(pointer).takeUnretainedValue()
    }
    try player(pointer).start(atTime: 0.5)
    player(pointer).isMuted = false
    let advanced = Unmanaged<CHHapticAdvancedPatternPlayer>.fromOpaque(pointer).takeUnretainedValue()
    advanced.loopEnabled = false
    #expect(player(pointer) === made && advanced === made)
    #expect(player(pointer) as? CHHapticAdvancedPatternPlayer != nil)
    engine.advance(by: 1)
    let onsets = Measured.bursts(try Measured.samples(engine)).map(\.onset)
    #expect(onsets.count == 1 && abs(onsets[0] - 0.5) <= 1.5 / Double(RenderedSamples.rate), "\(onsets)")
    _ = Unmanaged<CHHapticPatternPlayer>.fromOpaque(pointer).autorelease()
    #expect(player(pointer) === made, "the engine still holds its player")
  }

  /// Errors with Apple's codes: a `switch` over `CHHapticError.Code`, `catch CHHapticError.code`,
  /// `NSError`'s domain and code, and `CHHapticError(_:userInfo:)` (the codes of
  /// phracker/MacOSX-SDKs, MacOSX12.1.sdk/…/CoreHaptics.framework/Versions/A/Headers/CHHapticErrors.h).
  @Test func errorsCarryApplesCodes() throws {
    func name(_ error: any Error) -> String {
      guard let error = error as? CHHapticError else { return "other" }
      switch error.code {
      case .engineNotRunning, .engineStartTimeout, .serverInitFailed, .serverInterrupted, .notSupported:
        return "engine"
      case .invalidPatternData, .invalidPatternDictionary, .invalidEventType, .invalidEventTime,
        .invalidEventDuration, .invalidParameterType, .badEventEntry, .badParameterEntry:
        return "pattern"
      case .fileNotFound, .invalidAudioResource, .resourceNotAvailable:
        return "resource"
      case .operationNotPermitted, .invalidPatternPlayer, .invalidAudioSession, .invalidEngineParameter,
        .invalidTime, .insufficientPower, .unknownError, .memoryError:
        return "other"
      @unknown default:
        return "unknown"
      }
    }
    var caughtByCode = false
    do {
      _ = try CHHapticPattern(contentsOf: URL(fileURLWithPath: "/nonexistent/x.ahap"))
    } catch CHHapticError.fileNotFound {
      caughtByCode = true
    }
    #expect(caughtByCode, "a missing file is caught as CHHapticError.fileNotFound")
    let badType = CHHapticEvent(
      eventType: CHHapticEvent.EventType(rawValue: "HapticBuzz"), parameters: [], relativeTime: 0)
    let thrown = #expect(throws: CHHapticError.self) { try CHHapticPattern(events: [badType], parameters: []) }
    let error = try #require(thrown)
    #expect(error.code == .invalidEventType && name(error) == "pattern")
    let made = CHHapticError(.fileNotFound, userInfo: [:])
    #expect((made as NSError).domain == "com.apple.CoreHaptics" && (made as NSError).code == -4851)
    #expect(CHHapticError.Code(rawValue: -4805) == .engineNotRunning && CHHapticError.memoryError.rawValue == -4899)
    #expect(CHHapticError(.invalidTime, userInfo: [NSLocalizedDescriptionKey: "late"]).localizedDescription == "late")
  }

  /// Ranges and defaults read to clamp a value before it is played (the shape of
  /// apple/unityplugins, plug-ins/Apple.CoreHaptics/Native/CoreHapticsWrapper/Haptics/Capabilities/CHCapabilities_Supported.swift).
  @Test func attributesGiveTheRangesTheRenderUses() throws {
    let capabilities = CHHapticEngine.capabilitiesForHardware()
    let sharpness = try capabilities.attributes(forEventParameter: .hapticSharpness, eventType: .hapticTransient)
    #expect(sharpness.minValue == 0 && sharpness.maxValue == 1 && sharpness.defaultValue == 0.5)
    let pitch = try capabilities.attributes(forEventParameter: .audioPitch, eventType: .audioContinuous)
    #expect(pitch.minValue == -1 && pitch.maxValue == 1 && pitch.defaultValue == 0)
    let intensityControl = try capabilities.attributes(forDynamicParameter: .hapticIntensityControl)
    #expect(intensityControl.minValue == 0 && intensityControl.maxValue == 1 && intensityControl.defaultValue == 1)
    let sharpnessControl = try capabilities.attributes(forDynamicParameter: .hapticSharpnessControl)
    #expect(sharpnessControl.minValue == -1 && sharpnessControl.defaultValue == 0)
    let wrongKind = #expect(throws: CHHapticError.self) {
      try capabilities.attributes(forEventParameter: .audioVolume, eventType: .hapticTransient)
    }
    #expect(wrongKind?.code == .invalidParameterType)
    // A value clamped to the range plays as the render clamps it: intensity 3 plays at full scale.
    let intensity = try capabilities.attributes(forEventParameter: .hapticIntensity, eventType: .hapticTransient)
    let clamped = min(max(3, intensity.minValue), intensity.maxValue)
    func peak(_ value: Float) throws -> Double {
      let event = CHHapticEvent(
        eventType: .hapticTransient, parameters: [CHHapticEventParameter(parameterID: .hapticIntensity, value: value)],
        relativeTime: 0)
      return Signal.peak(try Measured.samples(CHHapticPattern(events: [event], parameters: []))[...])
    }
    let (clampedPeak, unclampedPeak) = (try peak(clamped), try peak(3))
    #expect(clampedPeak == unclampedPeak && clampedPeak > 0.9)
  }

  /// A `switch` over every reason the engine stops, with `@unknown default`, as code written
  /// against Apple's enum has it (the shape of the stopped handlers of apple/unityplugins,
  /// plug-ins/Apple.CoreHaptics/Native/CoreHapticsWrapper/Haptics/HapticEngine/CHHapticEngine_Supported.swift).
  @Test func stoppedReasonsAreApples() {
    func code(_ reason: CHHapticEngine.StoppedReason) -> Int {
      switch reason {
      case .audioSessionInterrupt: 1
      case .applicationSuspended: 2
      case .idleTimeout: 3
      case .notifyWhenFinished: 4
      case .engineDestroyed: 5
      case .gameControllerDisconnect: 6
      case .systemError: -1
      @unknown default: 0
      }
    }
    let reasons: [CHHapticEngine.StoppedReason] = [
      .audioSessionInterrupt, .applicationSuspended, .idleTimeout, .notifyWhenFinished, .engineDestroyed,
      .gameControllerDisconnect, .systemError,
    ]
    #expect(reasons.allSatisfy { code($0) == $0.rawValue })
  }
}
