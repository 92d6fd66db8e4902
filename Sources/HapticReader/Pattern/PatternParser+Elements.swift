import HapticModel
import HapticSupport

/// The elements of the `Pattern` array: a large pattern is read in two halves on two threads,
/// with the same result, diagnostics included, as one pass in file order.
extension PatternParser {
  /// Elements from which the two halves are read side by side; below it, a thread costs
  /// more than it saves.
  package static let elementsReadInParallel = 4_096
  /// Bytes of text from which the JSON is read in two halves (see ``JSONParser/SecondHalf``).
  package static let textReadInHalvesFrom = 1 << 20

  /// Where an element of the `Pattern` array likely starts in the 64 KB after the middle of
  /// `text`: a `{` after a comma, opening an "Event", "Parameter" or "ParameterCurve". `nil`
  /// for a text under ``textReadInHalvesFrom`` bytes or without such a place.
  package static func secondHalfStart(in text: UnsafeBufferPointer<UInt8>) -> Int? {
    guard text.count >= textReadInHalvesFrom else { return nil }
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
    func skipSpace(from index: Int, by step: Int) -> Int {
      var index = index
      while index > 0, index < text.count - 1, isSpace(text[index]) { index += step }
      return index
    }
    let keys = JSONPath.ElementKind.allCases.map { Array("\"\($0.rawValue)\"".utf8) }
    let end = min(text.count, text.count / 2 + 65_536)
    var index = text.count / 2
    while let brace = text[index..<end].firstIndex(of: UInt8(ascii: "{")) {
      index = brace + 1
      guard text[skipSpace(from: brace - 1, by: -1)] == UInt8(ascii: ",") else { continue }
      let keyStart = skipSpace(from: brace + 1, by: 1)
      for key in keys {
        let keyEnd = keyStart + key.count
        guard keyEnd < text.count, text[keyStart..<keyEnd].elementsEqual(key),
          text[skipSpace(from: keyEnd, by: 1)] == UInt8(ascii: ":")
        else { continue }
        return brace
      }
    }
    return nil
  }

  /// What reading a run of consecutive elements leaves, to be merged in order.
  private struct ElementRun: Sendable {
    /// The events, parameters and curves of the run.
    var pattern = Pattern()
    /// The time of each element, `nil` for one that added nothing.
    var times: [Double?] = []
    /// For each element, the diagnostics found once it was read.
    var found: [Diagnostics.Tally] = []
    var diagnostics: Diagnostics
  }

  /// Adds `elements` to `pattern`, and warns at the first element earlier than one before it.
  ///
  /// - Parameter halvesFrom: Element count from which the halves are read on two threads.
  package mutating func parseElements(
    _ elements: [JSONDocument.Index], into pattern: inout Pattern,
    halvesFrom threshold: Int = elementsReadInParallel
  ) {
    let parser = PatternParser(
      document: document, file: file,
      diagnostics: diagnostics.emptyCopy)
    var runs = TwoHalves.map(count: elements.count, from: threshold) { run, isFirst in
      // The second run reads the document through a reference of its own, so that the two
      // threads do not count references on one object.
      let document = isFirst ? parser.document : parser.document.withOwnReference()
      var parser = PatternParser(document: document, file: parser.file, diagnostics: parser.diagnostics)
      // The first run's events become the pattern's: room for the others' too.
      return parser.read(elements[run], capacity: isFirst ? elements.count : 0)
    }
    var latestTime = -Double.infinity
    var reportedOrder = false
    var first = 0
    for index in runs.indices {
      // Moved out of `runs`, so that the first run's buffers are taken over, not copied.
      let run = runs[index]
      runs[index] = ElementRun(diagnostics: Diagnostics())
      var previous = Diagnostics.Tally()
      for (offset, time) in run.times.enumerated() {
        diagnostics.append(run.diagnostics, from: previous, to: run.found[offset])
        previous = run.found[offset]
        guard let time else { continue }
        if time < latestTime, !reportedOrder {
          report(
            .unorderedTime, elements[first + offset],
            "elements are not in time order (\(time.formatted) s after \(latestTime.formatted) s); they are rendered by their times"
          )
          reportedOrder = true
        }
        latestTime = max(latestTime, time)
      }
      first += run.times.count
      if index == 0 {
        (pattern.events, pattern.parameters, pattern.curves) = (
          run.pattern.events, run.pattern.parameters, run.pattern.curves
        )
      } else {
        pattern.events += run.pattern.events
        pattern.parameters += run.pattern.parameters
        pattern.curves += run.pattern.curves
      }
    }
  }

  /// Reads `elements` with no diagnostics so far.
  ///
  /// - Parameter capacity: Events to reserve room for, at least `elements.count`.
  private mutating func read(_ elements: ArraySlice<JSONDocument.Index>, capacity: Int) -> ElementRun {
    var run = ElementRun(diagnostics: diagnostics)
    run.pattern.events = [Event](largeCapacity: max(capacity, elements.count))
    run.times.reserveCapacity(elements.count)
    run.found.reserveCapacity(elements.count)
    for element in elements {
      run.times.append(parseElement(element, into: &run.pattern))
      run.found.append(diagnostics.found)
    }
    run.diagnostics = diagnostics
    return run
  }
}
