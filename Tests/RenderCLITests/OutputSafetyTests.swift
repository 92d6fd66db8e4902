import Foundation
import Testing
import _HapticRenderTestSupport

/// No command replaces its own input, whatever the output's spelling or the links to it.
@Suite struct OutputSafetyTests {
  @Test func anOutputThatIsTheInputIsRefused() async throws {
    let folder = try TemporaryFolder()
    let original = try Data(contentsOf: URL(fileURLWithPath: "\(Locations.samples)/heartbeat.ahap"))
    for name in ["x.ahap", "cw.wav"] {
      try original.write(to: URL(fileURLWithPath: "\(folder.path)/\(name)"))
    }
    for link in ["link.wav", "link.svg", "link.html"] {
      try FileManager.default.createSymbolicLink(atPath: "\(folder.path)/\(link)", withDestinationPath: "x.ahap")
    }
    let cases: [[String]] = [
      ["x.ahap", "-o", "x.ahap", "-t", "wav"],
      ["x.ahap", "-o", "./x.ahap", "-t", "flac"],
      ["x.ahap", "-o", "link.wav"],
      ["cw.wav", "--out-dir", "."],
      ["plot", "x.ahap", "-o", "link.svg"],
      ["preview", "x.ahap", "-o", "link.html"],
    ]
    for arguments in cases {
      let result = try await CommandRunner.render(arguments, in: folder.path)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.standardError.contains("it is not replaced (choose another output)"), "\(arguments)")
    }
    for name in ["x.ahap", "cw.wav"] {
      #expect(try Data(contentsOf: URL(fileURLWithPath: "\(folder.path)/\(name)")) == original, "\(name) is intact")
    }
    #expect(folder.contents() == ["cw.wav", "link.html", "link.svg", "link.wav", "x.ahap"], "no stray files")
  }
}
