import HapticSupport
import Testing

/// The two-halves helper gives what one pass gives, and a stopped tail ends early.
@Suite struct TwoHalvesTests {
  @Test(arguments: [0, 1, 7, 8, 9, 1_001])
  func runsCoverEveryItemOnceInOrder(_ count: Int) {
    let runs = TwoHalves.map(count: count, from: 8) { run, isFirst in (run, isFirst) }
    #expect(runs.count == (count >= 8 ? 2 : 1))
    #expect(runs.first?.1 == true && runs.dropFirst().allSatisfy { !$0.1 })
    #expect(runs.flatMap { Array($0.0) } == Array(0..<count))
  }

  @Test func theTailIsReadOnItsOwnCopyOfTheReader() {
    let tail = TwoHalves.Tail<Int>(from: 3, reader: [1, 2, 3, 4]) { reader, _ in
      reader.removeFirst(3)
      return reader.reduce(0, +)
    }
    #expect(tail.start == 3)
    #expect(tail.wait() == 4)
  }

  /// A tail that would never end by itself returns once stopped.
  @Test func aStoppedTailEndsEarly() {
    let tail = TwoHalves.Tail<Int?>(from: 0, reader: 0) { steps, isStopped in
      while !isStopped() { steps += 1 }
      return nil
    }
    tail.stop()
    #expect(tail.wait() == nil)
  }
}
