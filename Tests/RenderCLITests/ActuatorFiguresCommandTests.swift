import Foundation
import Testing
import _HapticRenderTestSupport

/// `render info --actuator lra` on the samples (docs/actuators.md §4): every figure is a time
/// that is not negative, no event's stop reaches the next event, and a tap is measured against
/// its own felt peak.
@Suite struct ActuatorFiguresCommandTests {
  private static func events(_ sample: String) async throws -> [[String: Any]] {
    let result = try await CommandRunner.render([
      "info", "\(Locations.samples)/\(sample).ahap", "--actuator", "lra", "--json",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput)) as? [String: Any]
    let actuator = try #require(json?["actuator"] as? [String: Any])
    return try #require(actuator["events"] as? [[String: Any]])
  }

  @Test(arguments: ["tap-buzz-tap", "heartbeat", "breath-478"])
  func figuresArePlausible(_ sample: String) async throws {
    let events = try await Self.events(sample)
    #expect(!events.isEmpty)
    for event in events {
      let path = event["path"] as? String ?? "?"
      for key in ["rise", "targetRise", "stop", "targetStop"] {
        if let value = event[key] as? Double { #expect(value >= 0, "\(sample) \(path): \(key) \(value)") }
      }
      let stop = try #require(event["stop"] as? Double)
      let own = try #require(event["targetStop"] as? Double)
      #expect(stop <= own + 0.010, "\(sample) \(path): stop \(stop) s against the pattern's \(own) s")
      if let next = event["nextEvent"] as? Double {
        #expect(stop < next, "\(sample) \(path): stop \(stop) s reaches the next event, \(next) s on")
      }
      if let peak = event["peak"] as? Double {
        #expect(peak >= 0.1 && peak <= 1, "\(sample) \(path): peak \(peak)")
        // Under the −1 dBFS ceiling the band's taps peak at 0.46…0.58 (docs/actuators.md §2.1).
        #expect(peak >= 0.4, "\(sample) \(path): peak \(peak)")
        #expect(try #require(event["ring"] as? Double) <= 0.15, "\(sample) \(path): ring")
        #expect(try #require(event["rise"] as? Double) <= 0.012, "\(sample) \(path): time to the peak")
      }
    }
  }

  /// The breathing sample's inhale and exhale follow curves: they report a tracking error,
  /// not a rise to a level they never hold.
  @Test func curvesReportATrackingError() async throws {
    let events = try await Self.events("breath-478")
    #expect(events.count == 2)
    for event in events {
      #expect(event["rise"] == nil)
      let error = try #require(event["trackingError"] as? Double)
      #expect(error >= 0 && error <= 0.5, "\(error)")
    }
  }
}
