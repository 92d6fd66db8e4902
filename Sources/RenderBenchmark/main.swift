import Foundation
import HapticRender

// Runs every case in its own process (so that peak memory is the case's own) and prints, per
// case: real-time factor, frames per second, peak memory, and the ratio to its reference — the
// write limit (the time libsndfile alone needs to write the same frames in the same format from
// memory), or for a drive the same render without the actuator. Each case and its reference run
// alternately `--runs` times (default 3); figures are medians. The `cli-` cases run the built
// `render` beside this program; scripts/benchmark builds both as scripts/release-build does:
//
//   scripts/benchmark [--runs N] [CASE…]
//
// `--write-patterns DIR` writes the large patterns as files instead (session-1h.ahap,
// transients-100k.ahap), to time `render` on them by hand; `--costs` prints the estimates that
// choose a render's synthesis threads beside their measure on this machine (`CostCheck`).

var arguments = Array(CommandLine.arguments.dropFirst())
var runs = 3
if let flag = arguments.firstIndex(of: "--runs"), flag + 1 < arguments.count, let count = Int(arguments[flag + 1]) {
  runs = max(count, 1)
  arguments.removeSubrange(flag...flag + 1)
}

/// The peak resident memory of this process, or of its largest finished child, in MB.
func peakMemoryMB(ofChildren: Bool = false) -> Double {
  var usage = rusage()
  #if os(macOS)
    getrusage(ofChildren ? RUSAGE_CHILDREN : RUSAGE_SELF, &usage)
    return Double(usage.ru_maxrss) / 1_048_576
  #else
    getrusage(ofChildren ? RUSAGE_CHILDREN.rawValue : RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1_024
  #endif
}

if arguments.first == "--run-case", arguments.count == 2 {
  // Child: one case, figures as JSON on standard output.
  guard let benchmark = BenchmarkCase.all.first(where: { $0.name == arguments[1] }) else { exit(2) }
  var measurement = try benchmark.run()
  // A case that runs `render` reports the process's own peak.
  if measurement.peakMemoryMB == 0 { measurement.peakMemoryMB = peakMemoryMB() }
  print(String(decoding: try JSONEncoder().encode(measurement), as: UTF8.self))
  exit(0)
}
if arguments.first == "--costs" {
  try CostCheck.run()
  exit(0)
}
if arguments.first == "--write-patterns", arguments.count == 2 {
  let folder = arguments[1]
  do {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (name, text) in [
      ("session-1h.ahap", BenchmarkCase.breathingPattern(cycles: 190)),
      ("transients-100k.ahap", BenchmarkCase.transientPattern(count: 100_000)),
    ] {
      try text.write(toFile: "\(folder)/\(name)", atomically: true, encoding: .utf8)
      print("\(folder)/\(name)")
    }
  } catch {
    FileHandle.standardError.write(
      Data("render-benchmark: cannot write into '\(folder)': \(error.localizedDescription)\n".utf8))
    exit(1)
  }
  exit(0)
}
if arguments.first == "--reference", arguments.count == 2,
  let reference = BenchmarkCase.all.first(where: { $0.name == arguments[1] })?.reference
{
  print(try reference())
  exit(0)
}

func child(_ flag: String, _ name: String) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
  if !FileManager.default.isExecutableFile(atPath: process.executableURL!.path) {
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
  }
  process.arguments = [flag, name]
  let pipe = Pipe()
  process.standardOutput = pipe
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else { throw BenchmarkError("\(name) failed") }
  return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

func fixed(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.count % 2 == 1
    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

let selected = arguments.isEmpty ? BenchmarkCase.all : BenchmarkCase.all.filter { arguments.contains($0.name) }
print("render-benchmark: \(ProcessInfo.processInfo.activeProcessorCount) cores, release build, medians of \(runs) runs")
print(
  "case".padding(toLength: 26, withPad: " ", startingAt: 0)
    + "audio s   wall s   cpu s     threads   x real time   Mframes/s   files/s   peak MB   reference s     ratio    input MB/s"
)
var results: [String: BenchmarkCase.Measurement] = [:]
for benchmark in selected {
  var measurements: [BenchmarkCase.Measurement] = []
  var references: [Double] = []
  for _ in 0..<runs {
    measurements.append(
      try JSONDecoder().decode(
        BenchmarkCase.Measurement.self, from: Data(try child("--run-case", benchmark.name).utf8)))
    if benchmark.reference != nil {
      references.append(Double(try child("--reference", benchmark.name)) ?? .nan)
    }
  }
  var measurement = measurements[0]
  measurement.wallSeconds = median(measurements.map(\.wallSeconds))
  measurement.processorSeconds = median(measurements.map(\.processorSeconds))
  measurement.peakMemoryMB = median(measurements.map(\.peakMemoryMB))
  if let shards = measurement.shardSeconds?.indices {
    measurement.shardSeconds = shards.map { shard in median(measurements.compactMap { $0.shardSeconds?[shard] }) }
  }
  measurement.referenceSeconds = references.isEmpty ? nil : median(references)
  results[benchmark.name] = measurement
  let ratio = measurement.referenceSeconds.map { fixed(measurement.wallSeconds / $0, 2) } ?? "-"
  let throughput =
    measurement.inputBytes > 0 ? fixed(Double(measurement.inputBytes) / measurement.wallSeconds / 1e6, 0) : "-"
  let columns = [
    fixed(measurement.audioSeconds, 1), fixed(measurement.wallSeconds, 3), fixed(measurement.processorSeconds, 3),
    "\(measurement.threads)",
    fixed(measurement.audioSeconds / measurement.wallSeconds, 0),
    fixed(Double(measurement.frames) / measurement.wallSeconds / 1e6, 1),
    fixed(Double(measurement.files) / measurement.wallSeconds, 0), fixed(measurement.peakMemoryMB, 1),
    measurement.referenceSeconds.map { fixed($0, 3) } ?? "-", ratio, throughput,
  ]
  print(
    benchmark.name.padding(toLength: 26, withPad: " ", startingAt: 0)
      + columns.map { $0.padding(toLength: 10, withPad: " ", startingAt: 0) }.joined(separator: "  "))
}

// Targets.
func check(_ label: String, _ passed: Bool, _ detail: String) {
  print("\(passed ? "MET " : "MISS") \(label): \(detail)")
}
if let hour = results["hour-wav"], let limit = hour.referenceSeconds {
  check(
    "1-hour WAV within 1.5x the write limit", hour.wallSeconds <= 1.5 * limit,
    "\(fixed(hour.wallSeconds, 3)) s vs limit \(fixed(limit, 3)) s (\(fixed(hour.wallSeconds / limit, 2))x)")
  check("1-hour peak memory under 40 MB", hour.peakMemoryMB < 40, "\(fixed(hour.peakMemoryMB, 1)) MB")
  if let minute = results["minute-wav"] {
    check(
      "1-hour memory within 10 % of 1-minute", hour.peakMemoryMB <= minute.peakMemoryMB * 1.1,
      "\(fixed(hour.peakMemoryMB, 1)) MB vs \(fixed(minute.peakMemoryMB, 1)) MB")
  }
  if let half = results["half-hour-wav"] {
    check(
      "double duration at most doubles time (+10 %)", hour.wallSeconds <= 2.2 * half.wallSeconds,
      "\(fixed(half.wallSeconds, 3)) s → \(fixed(hour.wallSeconds, 3)) s (\(fixed(hour.wallSeconds / half.wallSeconds, 2))x)"
    )
  }
}
if let many = results["transients-100k"], let half = results["transients-50k"] {
  check(
    "double events at most doubles time (+10 %)", many.wallSeconds <= 2.2 * half.wallSeconds,
    "\(fixed(half.wallSeconds, 3)) s → \(fixed(many.wallSeconds, 3)) s (\(fixed(many.wallSeconds / half.wallSeconds, 2))x)"
  )
}
for (name, limit, label) in [
  ("cli-hour-wav", 1.2, "`render` on the 1-hour session within 1.2x the write limit"),
  ("cli-transients-100k", 1.1, "`render` on 100k transients, 24-bit, within 1.1x the write limit"),
  ("transients-100k-wav16", 1.3, "`render` on 100k transients, 16-bit, within 1.3x the write limit"),
] {
  if let result = results[name], let writeLimit = result.referenceSeconds {
    check(
      label, result.wallSeconds <= limit * writeLimit,
      "\(fixed(result.wallSeconds, 3)) s vs limit \(fixed(writeLimit, 3)) s (\(fixed(result.wallSeconds / writeLimit, 2))x)"
    )
  }
}
for (small, large, bound, label) in [
  ("escapes-1m", "escapes-2m", 3.0, "twice the escapes in a string at most 3x the time"),
  ("curves-2000", "curves-6000", 5.0, "3x the control curves and events at most 5x the time"),
  ("waveform-96k", "waveform-384k", 1.6, "384 kHz waveforms within 1.6x the time of 96 kHz ones"),
] {
  if let first = results[small], let second = results[large] {
    check(
      label, second.wallSeconds <= bound * first.wallSeconds,
      "\(fixed(first.wallSeconds, 3)) s → \(fixed(second.wallSeconds, 3)) s (\(fixed(second.wallSeconds / first.wallSeconds, 2))x)"
    )
  }
}
for (drivenCase, actuator) in [("actuator-19min-wav", "lra"), ("voice-coil-19min-wav", "voice-coil")] {
  if let driven = results[drivenCase], let plain = driven.referenceSeconds {
    check(
      "19-minute session with --actuator \(actuator) within 1.3x the same render without",
      driven.wallSeconds <= 1.3 * plain,
      "\(fixed(driven.wallSeconds, 3)) s vs \(fixed(plain, 3)) s (\(fixed(driven.wallSeconds / plain, 2))x)"
    )
  }
}
if let result = results["cli-transients-100k"] {
  check("100k transients under 150 MB end to end", result.peakMemoryMB < 150, "\(fixed(result.peakMemoryMB, 1)) MB")
}
if let all = results["transients-100k-wav16"], let one = results["transients-100k-wav16-j1"] {
  check(
    "100k transients at 16 bits on the default \(all.threads) synthesis threads no slower than on one (+3 %)",
    all.wallSeconds <= 1.03 * one.wallSeconds,
    "\(fixed(one.wallSeconds, 3)) s → \(fixed(all.wallSeconds, 3)) s (processor \(fixed(one.processorSeconds, 3)) s → \(fixed(all.processorSeconds, 3)) s)"
  )
}
if let small = results["audio-events-100k"], let large = results["audio-events-200k"] {
  // The second 100,000 events' share of the peak: what one more event costs.
  let perEvent = (large.peakMemoryMB - small.peakMemoryMB) * 1_024 / 100_000
  check("audio events at most 0.5 KB each", perEvent <= 0.5, "\(fixed(perEvent, 2)) KB per event")
  check(
    "200,000 audio events within 2x the time of 100,000", large.wallSeconds <= 2 * small.wallSeconds,
    "\(fixed(small.wallSeconds, 3)) s → \(fixed(large.wallSeconds, 3)) s (\(fixed(large.wallSeconds / small.wallSeconds, 2))x)"
  )
}
if let load = results["load-100k"] {
  let rate = Double(load.inputBytes) / load.wallSeconds / 1e6
  check("loading at 100 MB/s or more", rate >= 100, "\(fixed(rate, 0)) MB/s")
}
if let files = results["files-1000"] {
  check(
    "1,000 small files at 300 files/s or more", Double(files.files) / files.wallSeconds >= 300,
    "\(fixed(Double(files.files) / files.wallSeconds, 0)) files/s")
}
if let shards = results["cli-check-shards"]?.shardSeconds, !shards.isEmpty {
  let mean = shards.reduce(0, +) / Double(shards.count)
  let largest = shards.max() ?? 0
  check(
    "the largest of 4 shards within 20 % of the mean", largest <= 1.2 * mean,
    "\(shards.map { fixed($0, 3) }.joined(separator: ", ")) s; largest \(fixed(largest / mean, 2))x the mean")
}
