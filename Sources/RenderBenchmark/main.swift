import Foundation
import HapticRender

// Runs every case in its own process (so that peak memory is the case's own) and prints, per
// case: real-time factor, frames per second, peak memory, and the ratio to the write limit —
// the time libsndfile alone needs to write the same frames in the same format from memory.
//
//   swift run -c release render-benchmark            all cases
//   swift run -c release render-benchmark CASE…      some of them

let arguments = Array(CommandLine.arguments.dropFirst())

func peakMemoryMB() -> Double {
  var usage = rusage()
  #if os(macOS)
    getrusage(RUSAGE_SELF, &usage)
  #else
    getrusage(RUSAGE_SELF.rawValue, &usage)
  #endif
  #if os(macOS)
    return Double(usage.ru_maxrss) / 1_048_576
  #else
    return Double(usage.ru_maxrss) / 1_024
  #endif
}

if arguments.first == "--run-case", arguments.count == 2 {
  // Child: one case, figures as JSON on standard output.
  guard let benchmark = BenchmarkCase.all.first(where: { $0.name == arguments[1] }) else { exit(2) }
  var measurement = try benchmark.run()
  measurement.peakMemoryMB = peakMemoryMB()
  print(String(decoding: try JSONEncoder().encode(measurement), as: UTF8.self))
  exit(0)
}
if arguments.first == "--write-limit", arguments.count == 2 {
  let container: AudioFileFormat.Container = arguments[1] == "hour-flac" ? .flac : .wav
  let cycles = ["hour-wav": 190, "hour-flac": 190, "half-hour-wav": 95, "minute-wav": 3][arguments[1]]
  let json =
    cycles.map(BenchmarkCase.breathingPattern)
    ?? BenchmarkCase.transientPattern(count: arguments[1] == "transients-50k" ? 50_000 : 100_000)
  print(try BenchmarkCase.writeLimit(json, container: container))
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

let selected = arguments.isEmpty ? BenchmarkCase.all : BenchmarkCase.all.filter { arguments.contains($0.name) }
print("render-benchmark: \(ProcessInfo.processInfo.activeProcessorCount) cores, release build")
print(
  "case".padding(toLength: 17, withPad: " ", startingAt: 0)
    + "audio s   wall s   x real time   Mframes/s   files/s   peak MB   write limit s   ratio")
var results: [String: BenchmarkCase.Measurement] = [:]
for benchmark in selected {
  var measurement = try JSONDecoder().decode(
    BenchmarkCase.Measurement.self, from: Data(try child("--run-case", benchmark.name).utf8))
  if benchmark.name != "files-1000" {
    measurement.writeLimitSeconds = Double(try child("--write-limit", benchmark.name))
  }
  results[benchmark.name] = measurement
  let ratio = measurement.writeLimitSeconds.map { fixed(measurement.wallSeconds / $0, 2) } ?? "-"
  let columns = [
    fixed(measurement.audioSeconds, 1), fixed(measurement.wallSeconds, 3),
    fixed(measurement.audioSeconds / measurement.wallSeconds, 0),
    fixed(Double(measurement.frames) / measurement.wallSeconds / 1e6, 1),
    fixed(Double(measurement.files) / measurement.wallSeconds, 0), fixed(measurement.peakMemoryMB, 1),
    measurement.writeLimitSeconds.map { fixed($0, 3) } ?? "-", ratio,
  ]
  print(
    benchmark.name.padding(toLength: 17, withPad: " ", startingAt: 0)
      + columns.map { $0.padding(toLength: 10, withPad: " ", startingAt: 0) }.joined(separator: "  "))
}

// Targets.
func check(_ label: String, _ passed: Bool, _ detail: String) {
  print("\(passed ? "MET " : "MISS") \(label): \(detail)")
}
if let hour = results["hour-wav"], let limit = hour.writeLimitSeconds {
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
if let files = results["files-1000"] {
  check(
    "1,000 small files at 300 files/s or more", Double(files.files) / files.wallSeconds >= 300,
    "\(fixed(Double(files.files) / files.wallSeconds, 0)) files/s")
}
