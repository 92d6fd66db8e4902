import HapticFiles
import HapticModel
import HapticReader

extension AndroidWaveform {
  /// The largest Android effect file read back, in bytes.
  private static let largestFile = 64 << 20

  /// Reads the `"waveform"` of an effect file that `render android` wrote (or any JSON of that
  /// shape): `{"waveform": {"timings": [ms, …], "amplitudes": [0…255, …], "repeat": -1}, …}`.
  /// Other keys are left alone.
  ///
  /// Errors, each at its place: a missing or malformed waveform, timings and amplitudes of
  /// different counts, a timing that is not a whole number ≥ 0, an amplitude outside 0…255, a
  /// `repeat` other than -1 (a repeating effect has no end to compare).
  ///
  /// - Returns: The waveform, or `nil` when `diagnostics` holds an error.
  public static func parse(_ bytes: [UInt8], file: String, diagnostics: inout Diagnostics) -> AndroidWaveform? {
    guard let document = JSONParser.parse(bytes, file: file, diagnostics: &diagnostics) else { return nil }
    let root = document.value(document.root)
    func error(_ code: DiagnosticCode, _ value: JSONValue, _ path: JSONPath, _ message: String) -> AndroidWaveform? {
      diagnostics.report(code, at: value.position.location(in: file), path, message)
      return nil
    }
    guard case .object(let members) = root.kind,
      let waveform = members.last(where: { $0.key == "waveform" })?.value
    else {
      return error(
        .notAPattern, root, JSONPath(),
        "expected an Android effect: an object with a \"waveform\" (render android writes one)")
    }
    let path = JSONPath([.key("waveform")])
    guard case .object(let fields) = waveform.kind else {
      return error(
        .wrongType, waveform, path, "expected an object of timings and amplitudes, found \(waveform.typeDescription)")
    }
    func integers(_ key: String, in range: ClosedRange<Int>, _ what: String) -> [Int]? {
      let keyPath = path.appending(key)
      guard let value = fields.last(where: { $0.key == key })?.value else {
        _ = error(.missingKey, waveform, path, "missing \"\(key)\"")
        return nil
      }
      guard case .array(let elements) = value.kind else {
        _ = error(.wrongType, value, keyPath, "expected an array of \(what), found \(value.typeDescription)")
        return nil
      }
      var numbers: [Int] = []
      for (index, element) in elements.enumerated() {
        guard case .number(let number) = element.kind, number == number.rounded(),
          number >= Double(range.lowerBound), number <= Double(range.upperBound)
        else {
          _ = error(.outOfRange, element, keyPath.appending(index), "expected \(what), found \(element.excerpt)")
          return nil
        }
        numbers.append(Int(number))
      }
      return numbers
    }
    guard let timings = integers("timings", in: 0...86_400_000, "whole milliseconds within 0…86400000"),
      let amplitudes = integers("amplitudes", in: 0...255, "an amplitude within 0…255")
    else { return nil }
    guard timings.count == amplitudes.count else {
      return error(
        .invalidEffect, waveform, path,
        "\(timings.count) timings but \(amplitudes.count) amplitudes; each step needs both")
    }
    if let repeatValue = fields.last(where: { $0.key == "repeat" })?.value {
      guard case .number(-1) = repeatValue.kind else {
        return error(
          .invalidEffect, repeatValue, path.appending("repeat"),
          "only an effect that plays once (-1) can be compared, found \(repeatValue.excerpt)")
      }
    }
    return AndroidWaveform(timings: timings, amplitudes: amplitudes)
  }

  /// Reads the waveform of the effect file at `path`; see ``parse(_:file:diagnostics:)``.
  public static func load(path: String, diagnostics: inout Diagnostics) throws(FileSystemError) -> AndroidWaveform? {
    parse(try FileSystem.readAll(path, limit: largestFile), file: path, diagnostics: &diagnostics)
  }
}
