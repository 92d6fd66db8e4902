import HapticModel
import HapticSupport

/// A breathing technique: the phases of one cycle, such as 4-7-8 (inhale 4 s, hold 7 s,
/// exhale 8 s).
///
/// The cycle's period is the sum of its phases' durations; ``BreathingSession`` repeats it with
/// exactly that period.
public struct BreathingTechnique: Sendable, Hashable {
  /// One phase of a cycle.
  public struct Phase: Sendable, Hashable {
    /// What the breath does in the phase.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
      /// A continuous event under an intensity curve rising 0 → 1.
      case inhale
      /// No event: silence.
      case hold
      /// A continuous event under an intensity curve falling 1 → 0.
      case exhale
    }

    public var kind: Kind
    /// Seconds: inhales and exhales within ``BreathingTechnique/breathDurations``, holds
    /// within ``BreathingTechnique/holdDurations``.
    public var duration: Double

    public init(_ kind: Kind, _ duration: Double) {
      self.kind = kind
      self.duration = duration
    }
  }

  /// The technique's name: `4-7-8`, `box`, `coherent`, or `custom` for phases given as text.
  public var name: String
  /// The phases of one cycle, in order; at least one inhale or exhale.
  public var phases: [Phase]

  /// Seconds an inhale or an exhale may last: at least 0.1 s, so that the event's 20 ms
  /// release fits inside it, and at most 30 s, the longest continuous event Core Haptics plays.
  public static let breathDurations: ClosedRange<Double> = 0.1...30
  /// Seconds a hold may last.
  public static let holdDurations: ClosedRange<Double> = 0.01...300

  /// Why a technique's name or phases cannot be used.
  public struct ParseError: Error, CustomStringConvertible, Equatable {
    public var description: String

    package init(description: String) {
      self.description = description
    }
  }

  /// A technique with these phases, checked.
  ///
  /// - Throws: ``ParseError`` for no phases, no breath, or a duration out of range.
  public init(name: String, phases: [Phase]) throws(ParseError) {
    guard !phases.isEmpty else { throw ParseError(description: "a technique needs at least one phase") }
    guard phases.contains(where: { $0.kind != .hold }) else {
      throw ParseError(description: "a technique needs an inhale or an exhale; holds alone are silence")
    }
    for phase in phases {
      let range = phase.kind == .hold ? Self.holdDurations : Self.breathDurations
      guard range.contains(phase.duration) else {
        let kinds = phase.kind == .hold ? "holds last" : "inhales and exhales last"
        throw ParseError(
          description:
            "\(phase.kind.rawValue) of \(phase.duration.formatted) s: \(kinds) \(range.lowerBound.formatted) to \(range.upperBound.formatted) s"
        )
      }
    }
    self.name = name
    self.phases = phases
  }

  /// A technique whose phases are known to be valid.
  private init(unchecked name: String, phases: [Phase]) {
    self.name = name
    self.phases = phases
  }

  /// Seconds of one cycle: the sum of the phases' durations.
  public var period: Double { phases.reduce(0) { $0 + $1.duration } }

  /// The phases as `inhale 4 s, hold 7 s, exhale 8 s`.
  public var phaseSummary: String {
    phases.map { "\($0.kind.rawValue) \($0.duration.formatted) s" }.joined(separator: ", ")
  }

  /// The phases in a few words: ``phaseSummary`` for up to ``summarisedPhaseCount`` phases, or
  /// `12 phases: 5 inhales, 2 holds, 5 exhales; 9.5 s a cycle` for more.
  public var shortSummary: String {
    guard phases.count > Self.summarisedPhaseCount else { return phaseSummary }
    let counts = Phase.Kind.allCases.compactMap { kind -> String? in
      let count = phases.count(where: { $0.kind == kind })
      return count == 0 ? nil : "\(count) \(kind.rawValue)\(count == 1 ? "" : "s")"
    }
    return
      "\(phases.count) phases: \(counts.joined(separator: ", ")); \(period.roundedToMillionths.formatted) s a cycle"
  }

  /// Most phases that ``shortSummary`` lists one by one.
  public static let summarisedPhaseCount = 4

  /// The phases as `--phases` takes them: `inhale:4,hold:7,exhale:8`.
  public var phaseList: String {
    phases.map { "\($0.kind.rawValue):\($0.duration.formatted)" }.joined(separator: ",")
  }

  /// 4-7-8 breathing: inhale 4 s, hold 7 s, exhale 8 s (19 s).
  public static let fourSevenEight = BreathingTechnique(
    unchecked: "4-7-8", phases: [Phase(.inhale, 4), Phase(.hold, 7), Phase(.exhale, 8)])
  /// Box breathing: inhale, hold, exhale, hold, 4 s each (16 s).
  public static let box = BreathingTechnique(
    unchecked: "box", phases: [Phase(.inhale, 4), Phase(.hold, 4), Phase(.exhale, 4), Phase(.hold, 4)])
  /// Coherent (resonant) breathing: inhale 5.5 s, exhale 5.5 s (11 s, about 5.5 breaths a minute).
  public static let coherent = BreathingTechnique(
    unchecked: "coherent", phases: [Phase(.inhale, 5.5), Phase(.exhale, 5.5)])

  /// The named techniques, in the order help lists them.
  public static let named: [BreathingTechnique] = [fourSevenEight, box, coherent]

  /// The technique called `name`.
  ///
  /// - Throws: ``ParseError`` naming the known techniques, with the closest one when it is close.
  public static func named(_ name: String) throws(ParseError) -> BreathingTechnique {
    if let technique = named.first(where: { $0.name == name.lowercased() }) { return technique }
    let known = named.map(\.name)
    let hint =
      NameSuggestion.closest(to: name, among: known).map { "; did you mean \"\($0)\"?" }
      ?? " (known: \(known.joined(separator: ", ")); or give a list of phases)"
    throw ParseError(description: "unknown technique \"\(name)\"\(hint)")
  }

  /// A `custom` technique from text such as `inhale:3,hold:1,exhale:6`: phases separated by
  /// commas, each a kind and seconds separated by a colon.
  ///
  /// - Throws: ``ParseError`` naming the part that cannot be read, with the closest kind of
  ///   phase for a misspelt one.
  public init(phaseList text: String) throws(ParseError) {
    var phases: [Phase] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let fields = part.split(separator: ":", omittingEmptySubsequences: false)
      guard fields.count == 2 else {
        throw ParseError(description: "phase \"\(part)\": expected KIND:SECONDS, such as inhale:4")
      }
      let word = fields[0].trimmingSpaces.lowercased()
      guard let kind = Phase.Kind(rawValue: word) else {
        let kinds = Phase.Kind.allCases.map(\.rawValue)
        let hint =
          NameSuggestion.closest(to: word, among: kinds).map { "; did you mean \"\($0)\"?" }
          ?? " (kinds: \(kinds.joined(separator: ", ")))"
        throw ParseError(description: "unknown phase \"\(fields[0])\"\(hint)")
      }
      let number = fields[1].trimmingSpaces
      // Decimal seconds only: Double(_:) would also take "0x10" (16), "1e3" and "inf".
      let isDecimal =
        number.contains(where: \.isASCIIDigit) && number.filter { $0 == "." }.count <= 1
        && number.allSatisfy { $0.isASCIIDigit || $0 == "." }
      guard isDecimal, let seconds = Double(number), seconds.isFinite else {
        throw ParseError(description: "phase \"\(part)\": \"\(fields[1])\" is not a number of seconds")
      }
      phases.append(Phase(kind, seconds))
    }
    try self.init(name: "custom", phases: phases)
  }
}

extension Character {
  /// `0` to `9`.
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension Substring {
  /// The text without spaces at either end.
  fileprivate var trimmingSpaces: String {
    String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
  }
}
