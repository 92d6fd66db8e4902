import Foundation

/// The built `render` executable running in the background (a server), for tests that talk to
/// it while it runs. Every wait has a limit; the process is killed when the value is released.
public final class RunningCommand: @unchecked Sendable {
  /// Why a wait gave up.
  public struct Timeout: Error, CustomStringConvertible {
    public var description: String
  }

  private let process = Process()
  private let output = Pipe()
  private let errorPath: String
  private var outputBuffer: [UInt8] = []

  /// Starts `render arguments` in `directory`, with `environment` added to this process's, and
  /// at most `descriptorLimit` open descriptors when one is given (`ulimit -n`).
  public init(
    _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
    descriptorLimit: Int? = nil
  ) throws {
    if let descriptorLimit {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments =
        ["-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\"", CommandRunner.renderPath] + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: CommandRunner.renderPath)
      process.arguments = arguments
    }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    errorPath = FileManager.default.temporaryDirectory.appendingPathComponent("render-stderr-\(UUID().uuidString)").path
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    process.standardInput = FileHandle.nullDevice
    try process.run()
  }

  deinit {
    if process.isRunning {
      process.terminate()
      kill(process.processIdentifier, SIGKILL)
    }
    try? FileManager.default.removeItem(atPath: errorPath)
  }

  /// The first line the command prints on standard output, without its line feed.
  ///
  /// - Throws: ``Timeout`` when no whole line came within `seconds` (or the output ended).
  public func firstLine(within seconds: Double) throws -> String {
    let handle = output.fileHandleForReading
    let deadline = Date().addingTimeInterval(seconds)
    while !outputBuffer.contains(UInt8(ascii: "\n")) {
      var waiting = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
      let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
      guard left > 0, poll(&waiting, 1, left) > 0 else {
        throw Timeout(description: "no line on standard output within \(seconds) s; standard error: \(standardError)")
      }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = read(handle.fileDescriptor, &chunk, chunk.count)
      guard count > 0 else { throw Timeout(description: "the output ended; standard error: \(standardError)") }
      outputBuffer += chunk[..<count]
    }
    return String(decoding: outputBuffer.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
  }

  /// The command's process ID, to read its state in `/proc` while it runs.
  public var processIdentifier: Int32 { process.processIdentifier }

  /// What the command printed on standard error so far.
  public var standardError: String {
    (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
  }

  /// Sends `signal` (SIGINT, SIGTERM…) to the command.
  public func signal(_ number: Int32) {
    kill(process.processIdentifier, number)
  }

  /// Waits for the command to exit and returns its status (128 + the signal when a signal
  /// ended it without a handler).
  ///
  /// - Throws: ``Timeout`` after `seconds`; the command is then killed.
  public func exitStatus(within seconds: Double) async throws -> Int32 {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning {
      guard Date() < deadline else {
        kill(process.processIdentifier, SIGKILL)
        throw Timeout(description: "still running after \(seconds) s; standard error: \(standardError)")
      }
      try await Task.sleep(nanoseconds: 20_000_000)
    }
    return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
  }
}
