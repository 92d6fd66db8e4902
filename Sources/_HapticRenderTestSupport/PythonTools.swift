import Foundation

/// The python3 scripts of `Tests/Tools/`, for tests that read an output with the library its
/// users read it with (junitparser for JUnit reports, PyYAML for CI workflows).
public enum PythonTools {
  /// Whether `python3` can import every one of `modules` (scripts/install-deps --test installs
  /// them).
  public static func canImport(_ modules: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", modules.map { "import \($0)" }.joined(separator: "; ")]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  /// Runs `Tests/Tools/<script>` with `arguments` and returns what it printed, read as JSON.
  public static func json(_ script: String, _ arguments: [String]) async throws -> Any {
    let result = try await CommandRunner.run(
      "/usr/bin/env", ["python3", "\(Locations.packageRoot)/Tests/Tools/\(script)"] + arguments)
    guard result.status == 0 else {
      throw ToolError(description: "\(script) failed: \(result.standardError)")
    }
    return try JSONSerialization.jsonObject(with: Data(result.standardOutput))
  }

  /// A script that failed, with what it printed on standard error.
  public struct ToolError: Error, CustomStringConvertible {
    public var description: String
  }
}
