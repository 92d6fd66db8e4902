/// Repeated double-precision addition of a constant, `x ← x + step`, in closed form: the
/// values it takes, each computable on its own (so a loop of them vectorizes), equal bit for
/// bit to those of the repeated addition.
///
/// Within a binade `[2^e, 2^(e+1))` every double is a multiple of the binade's ulp `u`, so each
/// rounded sum adds the same amount: `step` rounded to a multiple of `u`. That holds while the
/// exact sum stays below the binade's top; the addition that crosses it is left to the caller.
/// A step exactly halfway between two multiples of `u`, whose rounding would depend on the last
/// bit of `x`, is never taken in closed form.
package enum RepeatedAddition {
  /// How many of the next additions of `step` to `start` each add exactly `increment`, so that
  /// the `k`-th sum is `start + Double(k) * increment` (`k` = 1 … `count`), every one of them
  /// below `start`'s binade top. `count` is 0 where no closed form applies (`start` not a
  /// positive normal number, `step` not positive and finite, or a halfway step).
  package static func stretch(from start: Double, step: Double) -> (count: Int, increment: Double) {
    guard start.isNormal, start > 0, step.isFinite, step > 0 else { return (0, 0) }
    let unit = start.ulp
    // Exact: `unit` is a power of two, and the quotient stays far from the largest double.
    let units = step / unit
    guard units - units.rounded(.down) != 0.5 else { return (0, 0) }
    let increment = units.rounded() * unit
    // An increment of 0: every sum rounds back to `start`, and stays below the top.
    guard increment > 0 else { return (Int.max, 0) }
    // The k-th sum is exact while the (k−1)-th plus `step` stays below `top − unit`. `room` is
    // within half an increment of the true bound; one addition less absorbs that.
    let top = start.binade * 2
    let room = (top - unit - start - step) / increment
    guard room >= 2 else { return (0, increment) }
    return (Int(room) - 1, increment)
  }
}
