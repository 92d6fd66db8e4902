/// Numbers as text for reports, identical on every platform (no locale, no `printf`).
package enum NumberText {
  /// `value` with exactly `digits` decimals: `fixed(3.14159, 2)` is `"3.14"`.
  package static func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    guard scaled < 9e15 else { return "\(value)" }
    let whole = Int64(scaled)
    var text = String(whole)
    if digits > 0 {
      if text.count <= digits { text = String(repeating: "0", count: digits - text.count + 1) + text }
      text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
    }
    return (value < 0 && whole != 0 ? "-" : "") + text
  }

  /// `value` in scientific notation with `digits` decimals: `scientific(0.000305, 2)` is
  /// `"3.05e-04"`.
  package static func scientific(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return fixed(value, digits) }
    guard value != 0 else { return fixed(0, digits) + "e+00" }
    var exponent = Int(PortableMath.log2(abs(value)) * 0.301_029_995_663_981_2)
    var mantissa = abs(value) / power10(exponent)
    if mantissa < 1 {
      exponent -= 1
      mantissa *= 10
    }
    if NumberText.fixed(mantissa, digits).hasPrefix("10") {
      exponent += 1
      mantissa /= 10
    }
    let sign = value < 0 ? "-" : ""
    let exponentText = String(abs(exponent))
    return
      "\(sign)\(fixed(mantissa, digits))e\(exponent < 0 ? "-" : "+")\(exponentText.count < 2 ? "0" : "")\(exponentText)"
  }

  /// A linear level in dBFS with one decimal: `dBFS(0.5)` is `"-6.0 dBFS"`; 0 is `"-inf dBFS"`.
  package static func dBFS(_ gain: Double) -> String {
    gain > 0 ? "\(fixed(Decibels.level(gain), 1)) dBFS" : "-inf dBFS"
  }

  /// A linear gain in dB with one decimal: `decibels(0.5)` is `"-6.0 dB"`.
  package static func decibels(_ gain: Double) -> String {
    "\(fixed(Decibels.level(gain), 1)) dB"
  }

  private static func power10(_ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<abs(exponent) { result *= 10 }
    return exponent < 0 ? 1 / result : result
  }
}
