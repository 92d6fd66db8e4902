/// What Android 16's framework does with a composition's delays before the vibrator sees them:
/// a port of `PrimitiveDelayAdapter.adaptToVibrator` (services/core/java/com/android/server/
/// vibrator/PrimitiveDelayAdapter.java, AOSP frameworks/base, github.com/aosp-mirror/
/// platform_frameworks_base at revision 64c18036dcd3e33c4b534485a8e5ce36f02cb82f), for
/// primitives only. A `DELAY_TYPE_RELATIVE_START_OFFSET` delay becomes a pause after the
/// previous primitive's end (its duration on the device), and a primitive that would start
/// before the previous one ends is dropped.
enum AOSPPrimitiveDelayAdapter {
  /// One `PrimitiveSegment`: its delay, whether that is a start offset, its length on the
  /// device in milliseconds.
  struct Primitive {
    var delay: Int
    var isStartOffset: Bool
    var durationMillis: Int
  }

  /// The pause before each primitive the vibrator plays, with the index of the primitive.
  static func pauses(_ primitives: [Primitive]) -> [(index: Int, pause: Int)] {
    var previousStartOffset = 0
    var kept: [(index: Int, pause: Int)] = []
    for (index, primitive) in primitives.enumerated() {
      let pause = primitive.isStartOffset ? previousStartOffset + primitive.delay : primitive.delay
      if pause >= 0 {
        kept.append((index, pause))
        previousStartOffset = -primitive.durationMillis
      } else {
        previousStartOffset = pause
      }
    }
    return kept
  }

  /// When each kept primitive starts, from the start of the effect: the pauses and the
  /// lengths of the primitives before it.
  static func starts(_ primitives: [Primitive]) -> [(index: Int, millis: Int)] {
    var clock = 0
    return pauses(primitives).map { kept in
      clock += kept.pause
      defer { clock += primitives[kept.index].durationMillis }
      return (kept.index, clock)
    }
  }
}
