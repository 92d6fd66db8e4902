import HapticModel
import HapticSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a pattern straight from its text into events, with no JSON document, when the text is
/// plain: UTF-8 JSON whose `Pattern` array holds only events that ``PatternParser`` would take
/// without a single diagnostic, in time order. At anything else it gives up, and the full
/// reader reads the text (and reports what it finds).
///
/// A plain text gives the pattern ``PatternParser`` gives, event for event, positions and paths
/// included; the tests hold the two readers to that on every corpus file and on mutations of
/// plain texts.
package struct PlainPatternReader {
  /// Why reading stopped: the text is not plain (or not valid JSON).
  private struct NotPlain: Error {}

  /// What the second half read: the events of the `Pattern` array from ``SecondHalf/start``
  /// up to the array's closing bracket.
  private struct Tail {
    /// The events, with their paths counted from the tail's first element.
    var events: [Event]
    /// Values read, counted as ``JSONParser`` counts them.
    var values: Int
    /// The offset of the array's closing bracket.
    var end: Int
  }

  /// A large text's elements from a place near the middle on, read on a thread of its own.
  /// When the first half reaches that place as the start of an element, it takes them over;
  /// otherwise it reads on alone (the pattern is the same either way).
  private struct SecondHalf {
    let start: Int
    /// Set when the first half gives up: the second then stops early.
    let isStopped: Locked<Bool>
    /// `nil` when the text from `start` is not a plain run of elements up to a closing bracket.
    let tail: BackgroundTask<Tail?>
  }

  /// Reads numbers and whitespace as the JSON parser does; its nodes are never used.
  private var scanner: JSONParser
  private let text: [UInt8]
  private let lines: LineTable
  /// Values read so far, counted as ``JSONParser`` counts them.
  private var values = 0
  private var secondHalf: SecondHalf?

  /// The pattern of `text`, or `nil` when the text is not plain.
  ///
  /// - Parameter valueLimit: Values above which ``JSONParser`` refuses a document; a text with
  ///   more is not plain.
  package static func read(_ text: [UInt8], valueLimit: Int = JSONParser.maximumValues) -> Pattern? {
    let lines = LineTable(text)
    return text.withUnsafeBufferPointer { buffer in
      var reader = PlainPatternReader(
        scanner: JSONParser(source: text, bytes: buffer, valueLimit: valueLimit), text: text, lines: lines)
      if let start = PatternParser.secondHalfStart(in: buffer) {
        var tailReader = reader
        tailReader.scanner.index = start
        let isStopped = Locked(false)
        reader.secondHalf = SecondHalf(
          start: start, isStopped: isStopped, tail: BackgroundTask { tailReader.readTail(unless: isStopped) })
      }
      let pattern = try? reader.readDocument()
      if pattern == nil { reader.secondHalf?.isStopped.withLock { $0 = true } }
      // The second half reads `buffer`: it must be done before the buffer goes.
      _ = reader.secondHalf?.tail.wait()
      return pattern
    }
  }

  // MARK: - Document

  private mutating func readDocument() throws(NotPlain) -> Pattern {
    var pattern = Pattern()
    var events: [Event]?
    try open("{")
    repeat {
      switch try key(among: Self.documentKeys) {
      case 0:
        guard pattern.version == nil, try number() == 1 else { throw NotPlain() }
        pattern.version = 1
      default:
        guard events == nil else { throw NotPlain() }
        events = try readElements()
      }
    } while try next(closing: "}")
    scanner.skipWhitespace()
    guard let events, scanner.index == text.count, values <= scanner.valueLimit else { throw NotPlain() }
    pattern.events = events
    return pattern
  }

  private static let documentKeys = spellings("Version", "Pattern")

  /// The events of the `Pattern` array.
  private mutating func readElements() throws(NotPlain) -> [Event] {
    try open("[")
    var events: [Event] = []
    // About 190 bytes of text per event.
    HugePages.reserve(text.count / 160 + 1, in: &events)
    var latestTime = -Double.infinity
    repeat {
      if scanner.index == secondHalf?.start, let tail = secondHalf?.tail.wait() {
        guard tail.events[0].time >= latestTime else { throw NotPlain() }
        let first = events.count
        events += tail.events
        for index in first..<events.count { events[index].path = JSONPath(element: index, .event) }
        values += tail.values
        scanner.index = tail.end
      } else {
        try readElement(into: &events, latestTime: &latestTime)
      }
    } while try next(closing: "]")
    return events
  }

  /// Reads elements up to the closing bracket of their array, which it leaves unread.
  ///
  /// - Parameter isStopped: Looked at every 1,024 elements; once it is set, reading stops
  ///   (`nil`).
  private mutating func readTail(unless isStopped: Locked<Bool>) -> Tail? {
    var events: [Event] = []
    HugePages.reserve((text.count - scanner.index) / 160 + 1, in: &events)
    var latestTime = -Double.infinity
    do {
      repeat {
        if events.count % 1_024 == 0, isStopped.withLock({ $0 }) { return nil }
        try readElement(into: &events, latestTime: &latestTime)
      } while try next(closing: "]")
    } catch {
      return nil
    }
    return Tail(events: events, values: values, end: scanner.index - 1)
  }

  /// Reads the element `{"Event": {…}}` that comes next, starting no earlier than `latestTime`.
  private mutating func readElement(into events: inout [Event], latestTime: inout Double) throws(NotPlain) {
    try open("{")
    _ = try key(among: Self.elementKeys)
    let event = try readEvent(element: events.count)
    guard try !next(closing: "}"), event.time >= latestTime else { throw NotPlain() }
    latestTime = event.time
    events.append(event)
  }

  private static let elementKeys = spellings("Event")

  // MARK: - Events

  /// The event whose object starts here: element `element` of the `Pattern` array.
  private mutating func readEvent(element: Int) throws(NotPlain) -> Event {
    let start = scanner.index
    try open("{")
    var time: Double?
    var type: EventType?
    var duration: Double?
    var parameters: EventParameters?
    repeat {
      switch try key(among: Self.eventKeys) {
      case 0:
        guard time == nil else { throw NotPlain() }
        time = try number()
      case 1:
        guard type == nil else { throw NotPlain() }
        type = try name(among: EventType.spellings)
      case 2:
        guard duration == nil else { throw NotPlain() }
        duration = try number()
      default:
        guard parameters == nil else { throw NotPlain() }
        parameters = try readParameters()
      }
    } while try next(closing: "}")
    guard let time, let type, time >= 0, (duration ?? 0) >= 0, type != .audioCustom else { throw NotPlain() }
    let given = parameters ?? EventParameters()
    for (id, value) in given {
      guard id.isAccepted(by: type), id.applies(to: type), id != .sustained || value == 0 || value == 1 else {
        throw NotPlain()
      }
    }
    if type.isHaptic, ParameterID.hapticSignal.contains(where: { given[$0] == nil }) { throw NotPlain() }
    if type.isContinuous, (given[.sustained] ?? 1) != 0 {
      let seconds = duration ?? 0
      guard seconds > 0, type != .hapticContinuous || seconds <= Event.maximumContinuousDuration else {
        throw NotPlain()
      }
    }
    return Event(
      type: type, time: time, duration: duration ?? 0, clampedParameters: given, waveform: nil,
      position: lines.position(of: start, in: text), path: JSONPath(element: element, .event))
  }

  private static let eventKeys = spellings("Time", "EventType", "EventDuration", "EventParameters")

  /// An `EventParameters` array: each `{"ParameterID": …, "ParameterValue": …}` once, its value
  /// within the parameter's range.
  private mutating func readParameters() throws(NotPlain) -> EventParameters {
    try open("[")
    var parameters = EventParameters()
    repeat {
      try open("{")
      var id: ParameterID?
      var value: Double?
      repeat {
        if try key(among: Self.parameterKeys) == 0 {
          guard id == nil else { throw NotPlain() }
          id = try name(among: ParameterID.spellings)
        } else {
          guard value == nil else { throw NotPlain() }
          value = try number()
        }
      } while try next(closing: "}")
      guard let id, let value, parameters[id] == nil, id.range.contains(value) else { throw NotPlain() }
      parameters[id] = id.clamped(value)
    } while try next(closing: "]")
    return parameters
  }

  private static let parameterKeys = spellings("ParameterID", "ParameterValue")

  // MARK: - Tokens

  /// Enters the object or array whose opening `bracket` comes next; it must not be empty.
  private mutating func open(_ bracket: Unicode.Scalar) throws(NotPlain) {
    scanner.skipWhitespace()
    guard scanner.consume(UInt8(ascii: bracket)) else { throw NotPlain() }
    values += 1
    scanner.skipWhitespace()
  }

  /// Reads the `,` before another member or element (`true`), or the `closing` bracket
  /// (`false`).
  private mutating func next(closing: Unicode.Scalar) throws(NotPlain) -> Bool {
    scanner.skipWhitespace()
    if scanner.consume(UInt8(ascii: ",")) {
      scanner.skipWhitespace()
      return true
    }
    guard scanner.consume(UInt8(ascii: closing)) else { throw NotPlain() }
    return false
  }

  /// The value that comes next, a number.
  private mutating func number() throws(NotPlain) -> Double {
    guard scanner.index < text.count, text[scanner.index] == UInt8(ascii: "-") || scanner.isDigit(text[scanner.index])
    else { throw NotPlain() }
    values += 1
    do { return try scanner.parseNumber() } catch { throw NotPlain() }
  }

  /// The value that comes next, a string spelling one of `spellings`.
  private mutating func name<Name>(among spellings: [(name: Name, bytes: [UInt8])]) throws(NotPlain) -> Name {
    values += 1
    let start = try stringStart()
    for spelling in spellings where spells(spelling.bytes, at: start) {
      scanner.index = start + spelling.bytes.count + 1
      return spelling.name
    }
    throw NotPlain()
  }

  /// The position in `keys` of the key that comes next, with its colon read.
  private mutating func key(among keys: [[UInt8]]) throws(NotPlain) -> Int {
    let start = try stringStart()
    guard let found = keys.firstIndex(where: { spells($0, at: start) }) else { throw NotPlain() }
    scanner.index = start + keys[found].count + 1
    scanner.skipWhitespace()
    guard scanner.consume(UInt8(ascii: ":")) else { throw NotPlain() }
    scanner.skipWhitespace()
    return found
  }

  /// Where the content of the string that comes next starts, after its opening quote.
  private func stringStart() throws(NotPlain) -> Int {
    let start = scanner.index + 1
    guard start < scanner.bytes.count, scanner.bytes[start - 1] == UInt8(ascii: "\"") else { throw NotPlain() }
    return start
  }

  /// `true` when the text from `start` is `spelling` and a closing quote: the whole content of
  /// a string that holds no escape.
  private func spells(_ spelling: [UInt8], at start: Int) -> Bool {
    let bytes = scanner.bytes
    let end = start + spelling.count
    return end < bytes.count && bytes[end] == UInt8(ascii: "\"")
      && spelling.withUnsafeBufferPointer { memcmp(bytes.baseAddress! + start, $0.baseAddress!, $0.count) == 0 }
  }

  private static func spellings(_ names: StaticString...) -> [[UInt8]] {
    names.map { name in name.withUTF8Buffer { Array($0) } }
  }
}
