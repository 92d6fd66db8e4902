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

  @Option(
    help: ArgumentHelp(
      "samples: every sample (--max-diff, --min-snr); envelope: the loudness in 10 ms windows (--tolerance-db).",
      valueName: "metric"))
  var metric: ComparisonTolerance.Metric = .samples

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Largest accepted difference of the loudness envelopes of any 10 ms window (--metric envelope).",
      valueName: "dB"))
  var toleranceDb = 1.5

  /// Throws a usage error for a negative or non-finite tolerance.
  func check() throws {
    guard maxDiff.isFinite, maxDiff >= 0 else { throw ValidationError("--max-diff must be ≥ 0") }
    guard minSnr.isFinite else { throw ValidationError("--min-snr must be a number of dB") }
    guard toleranceDb.isFinite, toleranceDb >= 0 else { throw ValidationError("--tolerance-db must be ≥ 0") }
  }

  var tolerance: ComparisonTolerance {
    ComparisonTolerance(
      maxDifference: maxDiff, minimumSNR: minSnr, metric: metric, maximumLevelDifference: toleranceDb)
  }
}
