import HapticAudio
import HapticInspection
import HapticModel
import HapticPipeline
import HapticReader
import HapticSynthesis

/// libFuzzer entry point: reads the bytes as an AHAP file and, when they are accepted, analyses,
/// lints and renders the pattern (short, at a low rate). Anything but a crash, a hang, an
/// unbounded allocation, a sample that is not finite or beyond full scale, or a disagreement of
/// the two readers (``ReaderAgreement``) is a pass. `AudioCustom` patterns are read but not
/// rendered: their paths would make the fuzzer open arbitrary files.
///
///   scripts/fuzz 60
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAHAP(_ data: UnsafeRawPointer, _ count: Int) -> Int32 {
  let bytes = Array(UnsafeRawBufferPointer(start: data, count: count))
  if let disagreement = ReaderAgreement.disagreement(on: bytes) {
    fatalError("the readers disagree: \(disagreement)")
  }
  var diagnostics = Diagnostics()
  guard let pattern = Pattern.parse(bytes, file: "fuzz.ahap", diagnostics: &diagnostics),
    !pattern.events.contains(where: { $0.type == .audioCustom })
  else { return 0 }
  var options = RenderOptions()
  options.sampleRate = 8_000
  options.maximumDurationSeconds = 5
  guard let analysis = try? PatternAnalysis(pattern, options: options) else { return 0 }
  PatternLinter.lint(analysis, file: "fuzz.ahap", diagnostics: &diagnostics)
  _ = analysis.polyphony
  _ = try? Render.stream(pattern, options: options) { block in
    for channel in block.channels {
      for sample in channel.prefix(block.frameCount) where !(sample.isFinite && abs(sample) <= 1) {
        fatalError("sample \(sample) out of range")
      }
    }
  }
  return 0
}
