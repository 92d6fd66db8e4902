import HapticAudio
import HapticPipeline
import HapticSupport
import HapticSynthesis

/// A pattern's haptic envelope as real-time-playback (RTP) values for a closed-loop driver chip
/// such as TI's DRV2605, which takes one amplitude byte per update and makes the carrier itself,
/// at the resonance it tracks (`render rtp`; docs/actuators.md §7).
///
/// Update `k` covers the frames from `k·fs/rate` to the next update's, widened back by half a
/// period of the profile's lowest carrier: its value is the largest magnitude of the pattern's
/// haptic channel there (the envelope `A(I)·env`, since a carrier's crest falls within half a
/// period), so a transient shorter than an update is never dropped. Values are that envelope,
/// of full scale, times 127 (`signed`: the chip's two's complement, 0…127 from no drive to full
/// scale in closed loop) or 255 (`unsigned`), rounded. Sharpness is lost on this path: the chip
/// chooses the frequency.
public struct RealTimePlayback: Sendable {
  /// The chip's `DATA_FORMAT_RTP`.
  public enum Format: String, Sendable, CaseIterable {
    case signed, unsigned

    /// The value of full scale: 127 or 255.
    public var fullScale: Int { self == .signed ? 127 : 255 }
  }

  /// Accepted update rates, Hz.
  public static let rates = 50...2_000

  /// Updates per second.
  public let rate: Int
  public let format: Format
  /// One value per update, from the pattern's first frame.
  public let values: [UInt8]

  /// Renders `pattern`'s haptic channel with `options` (its layout and actuator are ignored) and
  /// takes its envelope at `rate`.
  ///
  /// - Precondition: `rate` within ``rates``.
  /// - Throws: `RenderError` for options the render refuses.
  public init(_ pattern: some RenderablePattern, options: RenderOptions, rate: Int, format: Format) throws {
    precondition(Self.rates.contains(rate), "an update rate within \(Self.rates)")
    var haptic = options
    haptic.layout = .haptic
    haptic.actuator = nil
    var source = try PatternSource(pattern, options: haptic)
    let sampleRate = source.sampleRate
    let reach = Int((Double(sampleRate) / (2 * haptic.profile.minimumFrequency)).rounded(.up))
    let count = (source.frameCount * rate + sampleRate - 1) / sampleRate
    var peaks = [Float](repeating: 0, count: count)
    // The updates whose widened span holds frame `n`: from the one it falls in to the last one
    // that starts within `reach` after it (update `k` starts at ⌊k·fs/rate⌋).
    func last(startingBy frame: Int) -> Int { ((frame + 1) * rate + sampleRate - 1) / sampleRate - 1 }
    var block = AudioBlock(channelCount: 1, capacity: haptic.blockSize)
    var frame = 0
    while source.read(into: &block) {
      block.channels[0].withUnsafeBufferPointer { samples in
        for index in 0..<block.frameCount {
          let magnitude = abs(samples[index])
          if magnitude > 0 {
            for update in last(startingBy: frame + index)...min(count - 1, last(startingBy: frame + index + reach)) {
              peaks[update] = max(peaks[update], magnitude)
            }
          }
        }
      }
      frame += block.frameCount
    }
    let scale = Float(format.fullScale)
    values = peaks.map { UInt8((min($0, 1) * scale).rounded()) }
    self.rate = rate
    self.format = format
  }

  /// `time,value`, one row per update: its time in seconds and its value.
  public var csv: String {
    "time,value\n"
      + values.enumerated().map { "\(NumberText.fixed(Double($0.offset) / Double(rate), 6)),\($0.element)\n" }.joined()
  }

  /// A C header holding the values as a `const uint8_t` array, with its length and the rate,
  /// named from `name` (a file's name) as valid C identifiers: `breath` gives `breath_rtp`,
  /// `breath_rtp_LENGTH` and `breath_rtp_RATE_HZ`, its include guard `breath_rtp_H`. The case
  /// is kept throughout, so that the headers of `Tap.h` and `tap.h` can be included together.
  public func cHeader(named name: String) -> String {
    let identifier = Self.identifier(name) + "_rtp"
    let rows = stride(from: 0, to: values.count, by: 16).map { start in
      "  " + values[start..<min(start + 16, values.count)].map { "\($0)," }.joined(separator: " ")
    }
    return """
      /* Real-time playback values (DATA_FORMAT_RTP \(format.rawValue), \(rate) updates per second), written by render rtp. */
      #ifndef \(identifier)_H
      #define \(identifier)_H

      #include <stdint.h>

      #define \(identifier)_LENGTH \(values.count)u
      #define \(identifier)_RATE_HZ \(rate)u

      static const uint8_t \(identifier)[\(max(values.count, 1))] = {
      \((rows.isEmpty ? ["  0,"] : rows).joined(separator: "\n"))
      };

      #endif

      """
  }

  /// The start of a C identifier from `name`: ASCII letters and digits kept, anything else `_`,
  /// and `rtp_` before a name that is empty or starts with a digit or `_` (reserved at file
  /// scope); with the `_rtp` that follows, no C keyword can come out.
  package static func identifier(_ name: String) -> String {
    let kept = String(
      name.unicodeScalars.map { scalar -> Character in
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) ? Character(scalar) : "_"
      })
    guard let first = kept.first, first.isLetter else { return "rtp_" + kept }
    return kept
  }
}
