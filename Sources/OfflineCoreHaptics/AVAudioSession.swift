import Foundation
import HapticRender
import HapticSupport

/// The audio session apps configure around haptics, for `CHHapticEngine(audioSession:)`.
///
/// Offline there is no audio route to share: every call is a no-op that succeeds and only
/// remembers what was set, so code that sets a category, activates the session and hands it to
/// an engine runs unchanged, and the render is the same with or without it.
open class AVAudioSession: @unchecked Sendable {
  /// How the app's audio mixes with other audio; raw values are AVFoundation's.
  public struct Category: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let ambient = Category(rawValue: "AVAudioSessionCategoryAmbient")
    public static let soloAmbient = Category(rawValue: "AVAudioSessionCategorySoloAmbient")
    public static let playback = Category(rawValue: "AVAudioSessionCategoryPlayback")
    public static let record = Category(rawValue: "AVAudioSessionCategoryRecord")
    public static let playAndRecord = Category(rawValue: "AVAudioSessionCategoryPlayAndRecord")
    public static let multiRoute = Category(rawValue: "AVAudioSessionCategoryMultiRoute")
  }

  /// What the audio is for; raw values are AVFoundation's.
  public struct Mode: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let `default` = Mode(rawValue: "AVAudioSessionModeDefault")
    public static let voiceChat = Mode(rawValue: "AVAudioSessionModeVoiceChat")
    public static let gameChat = Mode(rawValue: "AVAudioSessionModeGameChat")
    public static let videoRecording = Mode(rawValue: "AVAudioSessionModeVideoRecording")
    public static let measurement = Mode(rawValue: "AVAudioSessionModeMeasurement")
    public static let moviePlayback = Mode(rawValue: "AVAudioSessionModeMoviePlayback")
    public static let videoChat = Mode(rawValue: "AVAudioSessionModeVideoChat")
    public static let spokenAudio = Mode(rawValue: "AVAudioSessionModeSpokenAudio")
    public static let voicePrompt = Mode(rawValue: "AVAudioSessionModeVoicePrompt")
  }

  /// Options of a category; bit values are AVFoundation's.
  public struct CategoryOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let mixWithOthers = CategoryOptions(rawValue: 0x1)
    public static let duckOthers = CategoryOptions(rawValue: 0x2)
    public static let allowBluetooth = CategoryOptions(rawValue: 0x4)
    public static let defaultToSpeaker = CategoryOptions(rawValue: 0x8)
    public static let interruptSpokenAudioAndMixWithOthers = CategoryOptions(rawValue: 0x11)
    public static let allowBluetoothA2DP = CategoryOptions(rawValue: 0x20)
    public static let allowAirPlay = CategoryOptions(rawValue: 0x40)
    public static let overrideMutedMicrophoneInterruption = CategoryOptions(rawValue: 0x80)
  }

  /// Options of ``setActive(_:options:)``.
  public struct SetActiveOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let notifyOthersOnDeactivation = SetActiveOptions(rawValue: 1)
  }

  private struct State {
    var category = Category.soloAmbient
    var mode = Mode.default
    var categoryOptions: CategoryOptions = []
    var isActive = false
    var allowsHapticsDuringRecording = false
  }

  private let state = Locked(State())

  private static let shared = AVAudioSession()

  /// The app's one session.
  open class func sharedInstance() -> AVAudioSession {
    shared
  }

  public init() {}

  /// No-op offline: remembers the category.
  open func setCategory(_ category: Category) throws {
    state.withLock { $0.category = category }
  }

  /// No-op offline: remembers the category and its options.
  open func setCategory(_ category: Category, options: CategoryOptions = []) throws {
    state.withLock {
      $0.category = category
      $0.categoryOptions = options
    }
  }

  /// No-op offline: remembers the category, mode and options.
  open func setCategory(_ category: Category, mode: Mode, options: CategoryOptions = []) throws {
    state.withLock {
      $0.category = category
      $0.mode = mode
      $0.categoryOptions = options
    }
  }

  /// No-op offline: remembers the mode.
  open func setMode(_ mode: Mode) throws {
    state.withLock { $0.mode = mode }
  }

  /// No-op offline: remembers whether the session is active.
  open func setActive(_ active: Bool, options: SetActiveOptions = []) throws {
    state.withLock { $0.isActive = active }
  }

  /// No-op offline (haptics always render): remembers the setting.
  open func setAllowHapticsAndSystemSoundsDuringRecording(_ inValue: Bool) throws {
    state.withLock { $0.allowsHapticsDuringRecording = inValue }
  }

  open var category: Category { state.withLock { $0.category } }
  open var mode: Mode { state.withLock { $0.mode } }
  open var categoryOptions: CategoryOptions { state.withLock { $0.categoryOptions } }
  open var allowHapticsAndSystemSoundsDuringRecording: Bool {
    state.withLock { $0.allowsHapticsDuringRecording }
  }
  /// `false`: offline, no other app plays.
  open var isOtherAudioPlaying: Bool { false }
  /// `false`: offline, no other app plays.
  open var secondaryAudioShouldBeSilencedHint: Bool { false }
  /// Whether ``setActive(_:options:)`` last activated the session (an addition of
  /// `OfflineCoreHaptics`, for tests).
  public var isActive: Bool { state.withLock { $0.isActive } }
}
