import HapticRender
import OfflineCoreHaptics
import Testing
import _HapticRenderTestSupport

extension HostTimeSuites {
  /// App code run in an executable of its own (`OfflineCoreHapticsExample`), as a user runs it:
  /// the breathing app's session-complete signal on either clock, and a pattern read from the
  /// executable's bundle whose waveform is in the bundle too.
  @Suite struct ExampleExecutableTests {
    static let executable = CommandRunner.productsDirectory.appendingPathComponent("OfflineCoreHapticsExample").path

    /// Runs the example with `arguments` in `directory`.
    static func run(
      _ arguments: [String], executable: String = executable, in directory: String? = nil
    ) async throws -> CommandRunner.Result {
      try await CommandRunner.run(executable, arguments, in: directory)
    }

    /// `OfflineHaptics.clock = .host` at the top of the executable: the taps the class schedules
    /// with `DispatchQueue.main.asyncAfter` play 0.15 s apart on the shared engine, fading, and
    /// nothing is said.
    ///
    /// A process of its own is the first to wait when other processes load the machine: a run
    /// counts when it plays five sessions of three fading taps (a tap the loaded machine plays
    /// late enough splits its session: such a run is played again), and runs go on (for up to
    /// 90 s) until a session's taps are 0.15 s apart.
    @Test func onTheHostClockTheTapsPlayAtTheirTimes() async throws {
      let folder = try TemporaryFolder()
      let output = "\(folder.path)/host.wav"
      let started = Date()
      var sessions: [[Measured.Burst]] = []
      var split: [[[Double]]] = []
      repeat {
        let result = try await Self.run(["session-complete", "host", output, "5"])
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
        let played = Self.sessions(try Measured.bursts(inFile: output))
        guard played.count == 5, played.allSatisfy({ $0.count == 3 }) else {
          split.append(played.map { $0.map(\.onset) })
          continue
        }
        for session in played {
          #expect(zip(session, session.dropFirst()).allSatisfy { $1.peak < $0.peak }, "\(session.map(\.peak))")
        }
        sessions += played
      } while !sessions.contains(where: HostClockTests.areSpaced) && Date().timeIntervalSince(started) < 90
      #expect(!sessions.isEmpty, "no run played five sessions of three taps: \(split)")
      let spaced = sessions.first(where: HostClockTests.areSpaced) ?? sessions.last ?? []
      HostClockTests.expectSessionComplete(spaced, peaks: HostClockTests.rigidPeaks)
    }

    /// The bursts of each session: runs of bursts less than 0.3 s apart.
    static func sessions(_ bursts: [Measured.Burst]) -> [[Measured.Burst]] {
      var sessions: [[Measured.Burst]] = []
      for burst in bursts {
        if let last = sessions.last?.last, burst.onset - last.onset < 0.3 {
          sessions[sessions.count - 1].append(burst)
        } else {
          sessions.append([burst])
        }
      }
      return sessions
    }

    /// On the virtual clock the three taps land on one instant, as one clipped tap; the engine
    /// says so once, naming the host clock.
    @Test func onTheVirtualClockTheTapsLandTogetherWithOneWarning() async throws {
      let folder = try TemporaryFolder()
      let result = try await Self.run(["session-complete", "virtual", "\(folder.path)/virtual.wav"])
      #expect(result.status == 0, "\(result.standardError)")
      let bursts = try Measured.bursts(inFile: "\(folder.path)/virtual.wav")
      #expect(bursts.count == 1 && bursts[0].onset < 0.001)
      #expect(bursts.first.map { $0.peak > 0.99 } == true, "the taps' sum (0.81 + 0.36 + 0.09) held at full scale")
      let lines = result.standardError.split(separator: "\n")
      #expect(lines.count == 1, "\(result.standardError)")
      #expect(lines.first?.hasPrefix("OfflineCoreHaptics: warning: ") == true)
      #expect(
        lines.first?.contains("host clock") == true && lines.first?.contains("OfflineHaptics.clock = .host") == true)
    }

    /// An app's bundle holds its patterns and their waveforms: the pattern is found with
    /// `Bundle.main.url(forResource:withExtension:)`, read with `JSONSerialization` into
    /// `[CHHapticPattern.Key: Any]`, and its waveform, named by a relative path, is found in
    /// `Bundle.main` although the working directory is elsewhere.
    @Test func waveformsAreFoundInTheExecutablesBundle() async throws {
      let app = try TemporaryFolder()
      let elsewhere = try TemporaryFolder()
      let copy = "\(app.path)/OfflineCoreHapticsExample"
      // A hard link, not a copy: a copy is open for writing while it is made, and a process
      // that another test starts then inherits that descriptor, so running the copy could fail
      // with "Text file busy". (A copy only where a link cannot be made.)
      do {
        try FileManager.default.linkItem(atPath: Self.executable, toPath: copy)
      } catch {
        try FileManager.default.copyItem(atPath: Self.executable, toPath: copy)
      }
      let pattern = try #require(Bundle.module.url(forResource: "Knocks", withExtension: "ahap"))
      let waveform = try #require(Bundle.module.url(forResource: "knock", withExtension: "wav"))
      try FileManager.default.copyItem(atPath: pattern.path, toPath: "\(app.path)/Knocks.ahap")
      try FileManager.default.copyItem(atPath: waveform.path, toPath: "\(app.path)/knock.wav")

      let output = "\(elsewhere.path)/knocks.wav"
      let result = try await Self.run(["bundled-pattern", "Knocks", output], executable: copy, in: elsewhere.path)
      #expect(result.status == 0, "\(result.standardError)")
      let played = try AudioFileReader(path: output).readAll()[0]
      let expected = try RenderedSamples.of(rate: 48_000) {
        try CHHapticPattern(contentsOf: pattern).render(to: $0, options: $1)
      }
      #expect(played == expected)
      let bursts = Measured.bursts(played, rate: 48_000)
      #expect(bursts.count == 2 && abs(bursts[1].onset - 0.5) < 0.001, "\(bursts.map(\.onset))")
    }
  }
}
