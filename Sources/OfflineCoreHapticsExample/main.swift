import OfflineCoreHaptics

// An app's haptic code run as an executable, for the tests of OfflineCoreHaptics:
//
//   OfflineCoreHapticsExample session-complete host|virtual OUT.wav [SESSIONS]
//     signals the end of a breathing session (three taps scheduled with DispatchQueue.main) on
//     the shared engine, on the clock named, SESSIONS times 0.8 s apart (once by default), and
//     renders it;
//   OfflineCoreHapticsExample bundled-pattern NAME OUT.wav
//     plays NAME.ahap from the executable's bundle, read as Apple's samples read it (whose
//     waveforms, named by relative paths, are in the bundle too), and renders it.

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 3 || arguments.count == 4 else {
  print("usage: OfflineCoreHapticsExample session-complete host|virtual OUT.wav [SESSIONS]")
  print("       OfflineCoreHapticsExample bundled-pattern NAME OUT.wav")
  exit(2)
}
let output = URL(fileURLWithPath: arguments[2])

switch arguments[0] {
case "session-complete":
  if arguments[1] == "host" { OfflineHaptics.clock = .host }
  let sessions = arguments.count == 4 ? Int(arguments[3]) ?? 1 : 1
  MainActor.assumeIsolated {  // top-level code runs on the main thread
    for _ in 0..<sessions {
      let breathing = BreathingHapticEngine()
      breathing.signalSessionComplete()
      RunLoop.main.run(until: Date().addingTimeInterval(0.8))
    }
  }
  try OfflineHaptics.engine.render(to: output)

case "bundled-pattern":
  guard let url = Bundle.main.url(forResource: arguments[1], withExtension: "ahap") else {
    print("\(arguments[1]).ahap is not in \(Bundle.main.bundlePath)")
    exit(1)
  }
  let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url), options: [])
  guard let dictionary = object as? [CHHapticPattern.Key: Any] else {
    print("\(url.path) holds no dictionary")
    exit(1)
  }
  try AVAudioSession.sharedInstance().setCategory(.ambient, mode: .default, options: [.mixWithOthers])
  try AVAudioSession.sharedInstance().setActive(true)
  let engine = try CHHapticEngine(audioSession: .sharedInstance())
  try engine.start()
  let player = try engine.makePlayer(with: CHHapticPattern(dictionary: dictionary))
  try player.start(atTime: CHHapticTimeImmediate)
  engine.advance(by: 2)
  try engine.render(to: output)

default:
  print("unknown command \(arguments[0])")
  exit(2)
}
