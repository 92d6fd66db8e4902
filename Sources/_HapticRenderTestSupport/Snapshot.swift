import Foundation
import Testing

/// Text snapshots in `Tests/Snapshots`, compared whole (as swift-argument-parser's
/// `AssertHelp` compares help text).
public enum Snapshot {
  /// Expects `text` to equal the snapshot `name`. A missing snapshot, or any snapshot when
  /// `RECORD_SNAPSHOTS=1`, is written from `text` and the test fails once so it is looked at.
  public static func expect(
    _ text: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let path = "\(Locations.packageRoot)/Tests/Snapshots/\(name)"
    guard let recorded = try? String(contentsOfFile: path, encoding: .utf8),
      ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] != "1"
    else {
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      Issue.record("recorded snapshot \(path); check it and run again", sourceLocation: sourceLocation)
      return
    }
    #expect(
      text == recorded, "\(name) changed; look at it, then rerun with RECORD_SNAPSHOTS=1 to accept it",
      sourceLocation: sourceLocation)
  }
}
