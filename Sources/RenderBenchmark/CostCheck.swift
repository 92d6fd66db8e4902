import Foundation
import HapticRender

/// `render-benchmark --costs`: the estimates that choose a render's synthesis threads
/// (`Render.threadCount`) against this machine. For patterns of each kind of voice, the
/// synthesis's estimate (`PatternSource.nanosecondsPerFrame`) beside the processor time of its
/// render on one thread into a sink that drops the blocks; for each format, the encoder's
/// estimate (`AudioFileFormat.nanosecondsPerSample`) beside the processor time of writing 600 s
/// of transients from memory. Only the ratios between the two tables matter to the choice.
enum CostCheck {
  static func run() throws {
    let folder = try Scratch()
    try FileManager.default.copyItem(
      atPath: "\(BenchmarkCase.samplesFolder)/knock.wav", toPath: "\(folder.path)/knock.wav")
    print("synthesis, ns a frame of one processor (medians of 3)")
    print(row("pattern", "estimated", "measured"))
    for (name, text) in patterns {
      let path = "\(folder.path)/pattern.ahap"
      try text.write(toFile: path, atomically: false, encoding: .utf8)
      var diagnostics = Diagnostics()
      guard let pattern = try PatternLoader().load(path: path, diagnostics: &diagnostics) else {
        throw BenchmarkError("\(name): pattern rejected: \(diagnostics.all)")
      }
      var options = RenderOptions()
      options.maximumDurationSeconds = 7_200
      let estimate = try PatternSource(pattern, options: options).nanosecondsPerFrame
      var times: [Double] = []
      var frames = 0
      for _ in 0..<3 {
        let source = try PatternSource(pattern, options: options)
        frames = source.frameCount
        let watch = Stopwatch()
        _ = try Render.run(source, blockSize: options.blockSize, readsAhead: false) { _ in }
        times.append(watch.read().processor)
      }
      let measured = median(times) / Double(frames) * 1e9
      print(row(name, fixed(estimate, 2), fixed(measured, 2)))
    }
    try printEncoders(in: folder)
  }

  /// A line of either table, in columns as the benchmark's own.
  private static func row(_ label: String, _ estimated: String, _ measured: String) -> String {
    label.padding(toLength: 56, withPad: " ", startingAt: 0)
      + estimated.padding(toLength: 12, withPad: " ", startingAt: 0)
      + measured
  }

  /// The patterns timed, by name: each kind of voice over minutes.
  private static var patterns: [(String, String)] {
    func events(_ count: Int, _ text: (Int) -> String) -> String {
      "{\"Version\": 1, \"Pattern\": [\((0..<count).map(text).joined(separator: ",\n"))]}"
    }
    func haptic(_ intensity: Double, _ sharpness: Double) -> String {
      "[{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": \(intensity)}, {\"ParameterID\": \"HapticSharpness\", \"ParameterValue\": \(sharpness)}]"
    }
    return [
      ("60,000 transients 10 ms apart (600 s, limited)", BenchmarkCase.transientPattern(count: 60_000)),
      (
        "1,200 continuous haptic events of 1 s, two at a time",
        events(1_200) {
          "{\"Event\": {\"Time\": \(Double($0) / 2), \"EventType\": \"HapticContinuous\", \"EventDuration\": 1, \"EventParameters\": \(haptic(0.5, Double($0 % 11) / 10))}}"
        }
      ),
      (
        "50,000 continuous haptic events of 1 ms, 2 ms apart",
        events(50_000) {
          "{\"Event\": {\"Time\": \(Double($0) / 500), \"EventType\": \"HapticContinuous\", \"EventDuration\": 0.001, \"EventParameters\": \(haptic(0.5, Double($0 % 11) / 10))}}"
        }
      ),
      (
        "two full buzzes always over the ceiling (600 s)",
        events(40) {
          "{\"Event\": {\"Time\": \(Double($0 / 2) * 30 + Double($0 % 2) * 0.37), \"EventType\": \"HapticContinuous\", \"EventDuration\": 30, \"EventParameters\": \(haptic(1, Double($0 % 2) * 0.4 + 0.3))}}"
        }
      ),
      (
        "1,200 audio tones of 1 s, two at a time (stereo)",
        events(1_200) {
          "{\"Event\": {\"Time\": \(Double($0) / 2), \"EventType\": \"AudioContinuous\", \"EventDuration\": 1, \"EventParameters\": [{\"ParameterID\": \"AudioVolume\", \"ParameterValue\": 0.5}, {\"ParameterID\": \"AudioBrightness\", \"ParameterValue\": \(Double($0 % 11) / 10)}]}}"
        }
      ),
      (
        "400 plays of a 44.1 kHz waveform, 0.25 s (stereo)",
        events(400) {
          "{\"Event\": {\"Time\": \(Double($0) / 2), \"EventType\": \"AudioCustom\", \"EventWaveformPath\": \"knock.wav\", \"EventParameters\": [{\"ParameterID\": \"AudioVolume\", \"ParameterValue\": 0.5}]}}"
        }
      ),
      ("the 1-hour 4-7-8 session", BenchmarkCase.breathingPattern(cycles: 190)),
    ]
  }

  /// Each format's estimate beside the processor time of writing 600 s of transients.
  private static func printEncoders(in folder: Scratch) throws {
    let (pattern, options) = try BenchmarkCase.prepare(BenchmarkCase.transientPattern(count: 60_000))
    var blocks: [AudioBlock] = []
    try Render.stream(pattern, options: options) { blocks.append($0) }
    let frames = blocks.reduce(0) { $0 + $1.frameCount }
    print("\nencoders, ns a sample of one processor (medians of 3)")
    print(row("format", "estimated", "measured"))
    for container in AudioFileFormat.Container.allCases {
      for encoding in container.isLossy ? [nil] : container.encodings.map(Optional.some) {
        let format = try AudioFileFormat(container, encoding: encoding)
        guard (try? format.check(sampleRate: options.sampleRate)) != nil else { continue }
        var times: [Double] = []
        for _ in 0..<3 {
          let path = "\(folder.path)/out.\(container.rawValue)"
          // Removed first: replacing the file would time the release of the last one's pages.
          try? FileManager.default.removeItem(atPath: path)
          let watch = Stopwatch()
          var writer = try AudioFileWriter(
            to: .file(path), format: format, sampleRate: options.sampleRate, channelCount: 1, frameCount: frames)
          for block in blocks { try writer.write(block) }
          try writer.finish()
          times.append(watch.read().processor)
        }
        let measured = median(times) / Double(frames) * 1e9
        print(row(format.description, fixed(format.nanosecondsPerSample, 2), fixed(measured, 2)))
      }
    }
  }
}
