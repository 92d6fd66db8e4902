import HapticModel

/// The property that holds the two readers together: a text ``PlainPatternReader`` takes is one
/// the full reader (``Pattern/parseFully(_:file:diagnostics:)``) takes without a diagnostic,
/// and both give the same pattern, to the bit. The tests and the fuzz target check it.
package enum ReaderAgreement {
  /// `nil` when the readers agree on `text` (the plain reader declines it, or both give the
  /// same pattern and the full reader reports nothing); otherwise what differs.
  package static func disagreement(on text: [UInt8]) -> String? {
    guard let plain = PlainPatternReader.read(text) else { return nil }
    var diagnostics = Diagnostics()
    let full = Pattern.parseFully(text, file: "agreement.ahap", diagnostics: &diagnostics)
    if let first = diagnostics.all.first {
      return "the plain reader took a text the full reader reports: \(first)"
    }
    guard let full else { return "the plain reader took a text the full reader refuses" }
    let (plainLines, fullLines) = (summary(plain), summary(full))
    guard plainLines != fullLines else { return nil }
    if plainLines.count != fullLines.count {
      return "the plain reader read \(plainLines.count - 1) events, the full reader \(fullLines.count - 1)"
    }
    let index = plainLines.indices.first { plainLines[$0] != fullLines[$0] } ?? 0
    return "plain: \(plainLines[index])\nfull:  \(fullLines[index])"
  }

  /// Everything a pattern holds, each number to the bit: a header, then a line per event.
  package static func summary(_ pattern: Pattern) -> [String] {
    let header =
      "version \(pattern.version.map { "\($0.bitPattern)" } ?? "-") metadata \(pattern.metadata != nil) "
      + "controls \(pattern.parameters.count) \(pattern.curves.count)"
    return [header]
      + pattern.events.map { event in
        let parameters = event.parameters.map { "\($0.id.rawValue)=\($0.value.bitPattern)" }
        return
          "\(event.type) \(event.time.bitPattern) \(event.duration.bitPattern) \(parameters) "
          + "\(event.position.line):\(event.position.column) \(event.path) \(event.waveform == nil)"
      }
  }
}
