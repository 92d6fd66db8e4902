/// How much a pattern may make the program read and hold, checked before anything large is
/// allocated: the one place input limits live. Each is a `render` option.
public struct InputLimits: Sendable, Equatable, Codable {
  /// Largest AHAP file read, in bytes (`--max-pattern-size`, in MiB). Default 64 MiB: about
  /// 350,000 events; the largest real files are under 1 MiB.
  public var patternBytes = 64 << 20
  /// Most memory the decoded waveforms of one pattern may take, in bytes, summed over its
  /// distinct files at 4 bytes per sample (`--max-waveform-memory`, in MiB). Default 1 GiB:
  /// about 93 minutes of stereo at 48 kHz.
  public var waveformBytes = 1 << 30

  /// Accepted values of either limit, in MiB.
  public static let mebibytes = 1...65_536

  public init() {}
}
