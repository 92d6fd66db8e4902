import Foundation

/// Runs the built `render` executable, as a user would, for end-to-end tests.
public enum CommandRunner {
  /// What one run produced.
  public struct Result: Sendable {
    public var status: Int32
    public var standardOutput: [UInt8]
    public var standardError: String
  }

  /// The folder holding the built products (the test bundle's folder).
  public static var productsDirectory: URL {
    #if os(macOS)
      for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent()
      }
    #endif
    return Bundle.main.bundleURL
  }

  /// The `render` executable under test: `$RENDER_EXECUTABLE` when it is set (the test command
  /// sets it to the release build that scripts/install makes, `render-serve` beside it), else the
  /// one built beside the test bundle.
  public static let renderPath: String = {
    guard let path = ProcessInfo.processInfo.environment["RENDER_EXECUTABLE"], !path.isEmpty else {
      return productsDirectory.appendingPathComponent("render").path
    }
    return URL(fileURLWithPath: path).standardizedFileURL.path
  }()

  /// The folder of ``renderPath``: what a `PATH` that finds `render` holds.
  public static var renderDirectory: String { URL(fileURLWithPath: renderPath).deletingLastPathComponent().path }

  /// Runs `render` with `arguments` in `directory` and waits for it to exit.
  public static func render(_ arguments: [String], in directory: String? = nil) async throws -> Result {
    try await run(renderPath, arguments, in: directory)
  }

  /// Runs a shell command line (`bash -c`) in `directory` and waits for it to exit.
  public static func shell(_ command: String, in directory: String? = nil) async throws -> Result {
    try await run("/bin/bash", ["-c", command], in: directory)
  }

  /// Runs `executable` with `arguments` in `directory` and waits for it to exit.
  ///
  /// The wait happens on a dispatch thread, not on Swift concurrency's cooperative pool, so
  /// tests running commands in parallel keep every core busy.
  public static func run(
    _ executable: String, _ arguments: [String], in directory: String? = nil
  ) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(with: Swift.Result { try runBlocking(executable, arguments, in: directory) })
      }
    }
  }

  private static func runBlocking(_ executable: String, _ arguments: [String], in directory: String?) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let output = Pipe()
    let errorPath = FileManager.default.temporaryDirectory.appendingPathComponent("render-stderr-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: errorPath.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errorPath) }
    let error = try FileHandle(forWritingTo: errorPath)
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try error.close()
    let errorData = try Data(contentsOf: errorPath)
    return Result(
      status: process.terminationStatus, standardOutput: [UInt8](outputData),
      standardError: String(decoding: errorData, as: UTF8.self))
  }
}
