import ArgumentParser
import HapticRender

/// How close two renders must be.
struct ToleranceOptionGroup: ParsableArguments {
  @Option(help: ArgumentHelp("Largest accepted difference of any sample, in full-scale units.", valueName: "x"))
  var maxDiff = 1e-4

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Smallest accepted signal-to-difference ratio (not checked when the expected side is silent).", valueName: "dB"))
  var minSnr = 60.0

  /// Throws a usage error for a negative or non-finite tolerance.
  func check() throws {
    guard maxDiff.isFinite, maxDiff >= 0 else { throw ValidationError("--max-diff must be ≥ 0") }
    guard minSnr.isFinite else { throw ValidationError("--min-snr must be a number of dB") }
  }

  var tolerance: ComparisonTolerance {
    ComparisonTolerance(maxDifference: maxDiff, minimumSNR: minSnr)
  }
}
