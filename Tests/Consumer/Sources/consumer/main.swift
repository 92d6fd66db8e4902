import HapticModel
import HapticReader
import HapticSynthesis

// Reads a one-second continuous event at intensity 1 and sharpness 0.5, renders it at 8 kHz
// and prints its frame count, its RMS and the diagnostics, one per line.
let text = """
  {"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 1,
    "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1},
                        {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}}]}
  """
var diagnostics = Diagnostics()
guard let pattern = Pattern.parse(Array(text.utf8), file: "tone.ahap", diagnostics: &diagnostics) else {
  for diagnostic in diagnostics.all { print(diagnostic) }
  fatalError("the pattern did not parse")
}
var options = RenderOptions()
options.sampleRate = 8_000
var renderer = try Renderer(pattern: pattern, options: options)
var block = AudioBlock(channelCount: renderer.layout.channelCount, capacity: 1_024)
var (frames, sumOfSquares) = (0, 0.0)
while renderer.render(into: &block) {
  for sample in block.channels[0].prefix(block.frameCount) {
    let value = Double(sample)
    sumOfSquares += value * value
  }
  frames += block.frameCount
}
print("frames \(frames)")
print("rms \((sumOfSquares / Double(frames)).squareRoot())")
for diagnostic in diagnostics.all { print(diagnostic) }
