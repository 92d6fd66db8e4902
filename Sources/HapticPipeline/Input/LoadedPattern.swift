import HapticFiles
import HapticModel
import HapticSynthesis

/// A pattern as ``PatternLoader`` reads it, ready to render: the pattern, with the paths of its
/// waveforms resolved, and the decoded audio of those waveforms. Its members read and write the
/// pattern's (`loaded.events`).
@dynamicMemberLookup
public struct LoadedPattern: Sendable {
  public var pattern: Pattern
  /// The decoded audio of every `AudioCustom` event's waveform, by its `Waveform.path`.
  public var waveforms: [String: SampledAudio]

  /// The files read for the waveforms, by identity (the path found for each): outputs of the
  /// same run must not replace them.
  package var waveformFiles: [FileSystem.Identity: String] = [:]

  public init(_ pattern: Pattern, waveforms: [String: SampledAudio] = [:]) {
    self.pattern = pattern
    self.waveforms = waveforms
  }

  /// ``waveforms`` as they are played: those above ``WaveformDecoder/maximumSampleRate``
  /// halved until they are at most that; the others as they are, without a copy.
  package var playableWaveforms: [String: SampledAudio] {
    waveforms.mapValues(WaveformDecoder.playable)
  }

  public subscript<Value>(dynamicMember member: WritableKeyPath<Pattern, Value>) -> Value {
    get { pattern[keyPath: member] }
    set { pattern[keyPath: member] = newValue }
  }

  public subscript<Value>(dynamicMember member: KeyPath<Pattern, Value>) -> Value {
    pattern[keyPath: member]
  }
}

/// What the one-call API renders: a ``LoadedPattern``, or a `Pattern` built in code, which has
/// no decoded waveforms.
public protocol RenderablePattern: Sendable {
  /// The pattern with the decoded audio of its waveforms.
  var loadedPattern: LoadedPattern { get }
}

extension LoadedPattern: RenderablePattern {
  public var loadedPattern: LoadedPattern { self }
}

extension Pattern: RenderablePattern {
  public var loadedPattern: LoadedPattern { LoadedPattern(self) }
}
