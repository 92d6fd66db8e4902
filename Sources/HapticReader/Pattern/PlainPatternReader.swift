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
    /// The events, with their paths counted from the tail's first element and their positions
    /// from its first byte.
    var events: [Event]
    /// Values read, counted as ``JSONParser`` counts them.
    var values: Int
    /// The offset of the array's closing bracket.
    var end: Int
  }

  /// A large text's elements from a place near the middle on, read on a thread of its own.
  /// When the first half reaches that place as the start of an element, it takes them over;
  /// otherwise it reads on alone (the pattern is the same either way). `nil` when the text from
  /// there is not a plain run of elements up to a closing bracket; stopped when the first half
  /// gives up.
  private typealias SecondHalf = TwoHalves.Tail<Tail?>

  /// Reads numbers and whitespace as the JSON parser does; its nodes are never used. Its bytes
  /// are the text's.
  private var scanner: JSONParser
  /// The positions of the events read so far, counted from where this reader started.
  private var lines = LineCounter(from: 0)
  /// Values read so far, counted as ``JSONParser`` counts them.
  private var values = 0
  private var secondHalf: SecondHalf?
  /// Whether the second half's events were taken over.
  private var isJoined = false

  /// The pattern of `text`, or `nil` when the text is not plain.
  ///
  /// - Parameter valueLimit: Values above which ``JSONParser`` refuses a document; a text with
  ///   more is not plain.
  package static func read(_ text: [UInt8], valueLimit: Int = JSONParser.maximumValues) -> Pattern? {
    readInHalves(text, valueLimit: valueLimit).pattern
  }

  /// As ``read(_:valueLimit:)``, and whether the second half of the text was read on a thread
  /// of its own and taken over (for the tests of the seam).
  package static func readInHalves(_ text: [UInt8], valueLimit: Int = JSONParser.maximumValues)
    -> (pattern: Pattern?, isJoined: Bool)
  {
    text.withUnsafeBufferPointer { buffer in
      var reader = PlainPatternReader(
        scanner: JSONParser(source: text, bytes: buffer, valueLimit: valueLimit))
      if let start = PatternParser.secondHalfStart(in: buffer) {
        var tailReader = reader
        tailReader.scanner.index = start
        tailReader.lines = LineCounter(from: start)
        reader.secondHalf = SecondHalf(from: start, reader: tailReader) { reader, isStopped in
          reader.readTail(unless: isStopped)
        }
      }
      let pattern = try? reader.readDocument()
      if pattern == nil { reader.secondHalf?.stop() }
      // The second half reads `buffer`: it must be done before the buffer goes.
      reader.secondHalf?.wait()
      return (pattern, reader.isJoined)
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
        guard pattern.version == nil else { throw NotPlain() }
        let version = try number()
        try LoadingRules.version(version, report: Self.givingUp)
        pattern.version = version
      default:
        guard events == nil else { throw NotPlain() }
        events = try readElements()
      }
    } while try next(closing: "}")
    scanner.skipWhitespace()
    guard let events, scanner.index == scanner.bytes.count, values <= scanner.valueLimit else { throw NotPlain() }
    pattern.events = events
    return pattern
  }

  private static let documentKeys: [StaticString] = ["Version", "Pattern"]

  /// The events of the `Pattern` array.
  private mutating func readElements() throws(NotPlain) -> [Event] {
    try open("[")
    var events = [Event](largeCapacity: eventCapacity(scanner.bytes.count))
    var latestTime = -Double.infinity
    repeat {
      if scanner.index == secondHalf?.start, let tail = secondHalf?.wait() {
        guard tail.events[0].time >= latestTime else { throw NotPlain() }
        let first = events.count
        events += tail.events
        let origin = lines.position(of: scanner.index, in: scanner.bytes)
        for index in first..<events.count {
          events[index].path = JSONPath(element: index, .event)
          events[index].position = LineCounter.moved(events[index].position, countedFrom: origin)
        }
        values += tail.values
        scanner.index = tail.end
        isJoined = true
      } else {
        try readElement(into: &events, latestTime: &latestTime)
      }
    } while try next(closing: "]")
    return events
  }

  /// Room for the events of `byteCount` bytes of text: one per 64 bytes, where the shortest
  /// plain event takes 68 and a real one 80 to 200, and no more than the values allowed make
  /// (four at least an event: its element, its object, its time and its type). So the array
  /// seldom grows (each growth copies it and leaves the old storage to the allocator), and what
  /// it does not fill is never touched.
  private func eventCapacity(_ byteCount: Int) -> Int { min(byteCount / 64, scanner.valueLimit / 4) + 1 }

  /// Reads elements up to the closing bracket of their array, which it leaves unread.
  ///
  /// - Parameter isStopped: Looked at every 1,024 elements; once it is `true`, reading stops
  ///   (`nil`).
  private mutating func readTail(unless isStopped: () -> Bool) -> Tail? {
    var events = [Event](largeCapacity: eventCapacity(scanner.bytes.count - scanner.index))
    var latestTime = -Double.infinity
    do {
      repeat {
        if events.count % 1_024 == 0, isStopped() { return nil }
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

  private static let elementKeys: [StaticString] = ["Event"]

  // MARK: - Events

  /// The event whose object starts here: element `element` of the `Pattern` array.
  private mutating func readEvent(element: Int) throws(NotPlain) -> Event {
    let start = scanner.index
    try open("{")
    var time: Double?
    var type: EventType?
    var duration: Double?
    var parameters: WrittenParameters?
    let keys = Self.eventKeys
    repeat {
      switch try key(among: keys) {
      case 0:
        guard time == nil else { throw NotPlain() }
        time = try number()
      case 1:
        guard type == nil else { throw NotPlain() }
        type = try name(among: Self.eventTypes)
      case 2:
        guard duration == nil else { throw NotPlain() }
        duration = try number()
      default:
        guard parameters == nil else { throw NotPlain() }
        parameters = try readParameterList(of: type)
      }
    } while try next(closing: "}")
    // An AudioCustom event's waveform fields are the full reader's to read.
    guard let time, let type, time >= LoadingRules.earliestTime, type != .audioCustom else { throw NotPlain() }
    guard (duration ?? 0) >= LoadingRules.shortestDuration else { throw NotPlain() }
    let given = try readParameters(parameters, of: type)
    try LoadingRules.signalParameters(of: type, given, report: Self.givingUp)
    guard let read = try LoadingRules.duration(duration, of: type, given, report: Self.givingUp) else {
      throw NotPlain()
    }
    return Event(
      type: type, time: time, duration: read, clampedParameters: given, waveform: nil,
      position: lines.position(of: start, in: scanner.bytes), path: JSONPath(element: element, .event))
  }

  private static let eventKeys: [StaticString] = ["Time", "EventType", "EventDuration", "EventParameters"]

  /// The values of an `EventParameters` array: read by ``LoadingRules`` for the event's type, or
  /// as written when the array came before the type.
  private struct WrittenParameters {
    var values = EventParameters()
    /// Whether `values` are as ``LoadingRules`` read them, not as written.
    var areRead = false
    /// A parameter written twice (the later value is in `values`).
    var repeated: ParameterID?
  }

  /// An `EventParameters` array: each `{"ParameterID": …, "ParameterValue": …}`, read by the
  /// loading rules as it comes when the event's `type` came before the array (as in most
  /// files), else as written.
  private mutating func readParameterList(of type: EventType?) throws(NotPlain) -> WrittenParameters {
    try open("[")
    var parameters = WrittenParameters(areRead: type != nil)
    let keys = Self.parameterKeys
    let names = Self.parameterIDs
    repeat {
      try open("{")
      var id: ParameterID?
      var value: Double?
      repeat {
        if try key(among: keys) == 0 {
          guard id == nil else { throw NotPlain() }
          id = try name(among: names)
        } else {
          guard value == nil else { throw NotPlain() }
          value = try number()
        }
      } while try next(closing: "}")
      guard let id, let value else { throw NotPlain() }
      let isRepeated = parameters.values.contains(id)
      if let type {
        parameters.values[id] = try LoadingRules.parameter(
          id, value, of: type, isRepeated: isRepeated, report: Self.givingUp)
      } else {
        if isRepeated { parameters.repeated = id }
        parameters.values[id] = value
      }
    } while try next(closing: "]")
    return parameters
  }

  /// The parameters an event of `type` holds for those written, as ``LoadingRules`` reads them.
  private func readParameters(_ written: WrittenParameters?, of type: EventType) throws(NotPlain) -> EventParameters {
    guard let written else { return EventParameters() }
    if written.areRead { return written.values }
    var parameters = EventParameters()
    for (id, value) in written.values {
      parameters[id] = try LoadingRules.parameter(
        id, value, of: type, isRepeated: id == written.repeated, report: Self.givingUp)
    }
    return parameters
  }

  /// The `report` of a loading rule for a plain text: any finding means the text is not plain.
  /// (Static, so that passing it copies no reader.)
  private static func givingUp(_ finding: LoadingRules.Finding) throws(NotPlain) {
    throw NotPlain()
  }

  private static let parameterKeys: [StaticString] = ["ParameterID", "ParameterValue"]
  private static let parameterIDs = SpellingTable(ParameterID.spellings)
  private static let eventTypes = SpellingTable(EventType.spellings)

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
    let (bytes, index) = (scanner.bytes, scanner.index)
    guard index < bytes.count, bytes[index] == UInt8(ascii: "-") || scanner.isDigit(bytes[index]) else {
      throw NotPlain()
    }
    values += 1
    do { return try scanner.parseNumber() } catch { throw NotPlain() }
  }

  /// The value that comes next, a string spelling one of the table's names.
  private mutating func name<Name>(among table: SpellingTable<Name>) throws(NotPlain) -> Name {
    values += 1
    let start = try stringStart()
    let found = table.bytes.withUnsafeBufferPointer { bytes in
      table.ranges.firstIndex { spells(bytes.baseAddress! + $0.lowerBound, count: $0.count, at: start) }
    }
    guard let found else { throw NotPlain() }
    scanner.index = start + table.ranges[found].count + 1
    return table.names[found]
  }

  /// The position in `keys` of the key that comes next, with its colon read.
  private mutating func key(among keys: [StaticString]) throws(NotPlain) -> Int {
    let start = try stringStart()
    guard let found = keys.firstIndex(where: { spells($0.utf8Start, count: $0.utf8CodeUnitCount, at: start) }) else {
      throw NotPlain()
    }
    scanner.index = start + keys[found].utf8CodeUnitCount + 1
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

  /// `true` when the text from `start` is the `count` bytes at `spelling` and a closing quote:
  /// the whole content of a string that holds no escape.
  private func spells(_ spelling: UnsafePointer<UInt8>, count: Int, at start: Int) -> Bool {
    let bytes = scanner.bytes
    let end = start + count
    return end < bytes.count && bytes[end] == UInt8(ascii: "\"")
      && memcmp(bytes.baseAddress! + start, spelling, count) == 0
  }
}
