import HapticAndroid
import Testing

/// Kotlin objects of one batch never share a name, ignoring case (docs/android.md §4).
@Suite struct KotlinTypeNamesTests {
  @Test func collisionsAreNumberedInTheBatchsOrder() {
    let names = KotlinTypeNames(patternNames: ["a-b", "a_b", "日本", "中文", "ＡＢ", "ab2", "breath-478"])
    #expect(
      names.names == [
        "ABHaptics", "AB3Haptics", "PatternHaptics", "Pattern2Haptics", "Pattern3Haptics", "Ab2Haptics",
        "Breath478Haptics",
      ])
    #expect(Set(names.names.map { $0.lowercased() }).count == names.names.count)
    #expect(
      names.renamings.map { "\($0.index) \($0.wanted) \($0.takenBy) \($0.name)" } == [
        "1 ABHaptics 0 AB3Haptics", "3 PatternHaptics 2 Pattern2Haptics", "4 PatternHaptics 2 Pattern3Haptics",
      ])
  }

  @Test func namesWithoutCollisionsAreKept() {
    let names = KotlinTypeNames(patternNames: ["tap", "buzz"])
    #expect(names.names == ["TapHaptics", "BuzzHaptics"])
    #expect(names.renamings.isEmpty)
  }
}
