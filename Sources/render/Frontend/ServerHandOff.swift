import ArgumentParser
import HapticRender
import RenderCommandSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials  // already loaded by swift-argument-parser: no cost at start-up
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How `render serve` starts the server: the process becomes `render-serve` (execv), found
/// beside the running `render`, with the settings as JSON in its one argument. The server and
/// the libraries it needs (SwiftNIO, Foundation) live in that executable only, so no other
/// command of `render` loads them; signals and the exit status are `render-serve`'s own.
enum ServerHandOff {
  /// The server's file name, beside `render`.
  static let executableName = "render-serve"

  /// Replaces this process with `render-serve`, given `settings`.
  ///
  /// - Throws: `ExitCode.failure` after a one-line error, when `render-serve` is not beside
  ///   `render` or cannot be started. It does not return otherwise.
  static func replaceProcess(with settings: ServeSettings, console: Console) throws -> Never {
    guard let folder = runningExecutable().map(FileSystem.directory(of:)) else {
      console.error("cannot find the running render executable, to start \(executableName) beside it")
      throw ExitCode.failure
    }
    let server = "\(folder)/\(executableName)"
    guard access(server, X_OK) == 0 else {
      console.error(
        "render serve needs \(executableName) beside render, at '\(server)'; install both with scripts/install"
      )
      throw ExitCode.failure
    }
    let json: String
    do {
      json = String(decoding: try JSONEncoder().encode(settings), as: UTF8.self)
    } catch {
      console.error("cannot pass the settings to \(executableName): \(error)")
      throw ExitCode.failure
    }
    fflush(nil)
    let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(server), strdup(json), nil]
    execv(server, arguments)
    console.error("cannot start '\(server)': \(String(cString: strerror(errno)))")
    throw ExitCode.failure
  }

  /// The path of the running executable, links resolved: /proc/self/exe on Linux,
  /// `_NSGetExecutablePath` on macOS.
  private static func runningExecutable() -> String? {
    #if canImport(Darwin)
      var size = UInt32(0)
      _ = _NSGetExecutablePath(nil, &size)
      var buffer = [CChar](repeating: 0, count: Int(size) + 1)
      guard _NSGetExecutablePath(&buffer, &size) == 0, let resolved = realpath(buffer, nil) else { return nil }
    #else
      guard let resolved = realpath("/proc/self/exe", nil) else { return nil }
    #endif
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
