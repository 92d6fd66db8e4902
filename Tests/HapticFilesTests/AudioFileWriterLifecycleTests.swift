import Foundation
import HapticAudio
import HapticFiles
import Testing
import _HapticRenderTestSupport

/// An audio writer is noncopyable and `finish()` and `discard()` consume it: no frame can be
/// written after either, and no file finished twice. The compiler holds that; these tests hold
/// the compiler to it, and the writer to what it does after a write that failed.
@Suite struct AudioFileWriterLifecycleTests {
  /// Resolved at compile time: a noncopyable type can only take the second overload.
  private static func isCopyable<T>(_: T.Type) -> Bool { true }
  private static func isCopyable<T: ~Copyable>(_: T.Type) -> Bool { false }

  @Test func writerCannotBeCopied() {
    #expect(!Self.isCopyable(AudioFileWriter.self))
    #expect(Self.isCopyable(AudioBlock.self), "the check tells a copyable type")
  }

  /// Code that writes, finishes or discards after `finish()` or `discard()` does not compile;
  /// the same code without the misuse does. (Compiled against the modules of this build.)
  @Test(.enabled(if: Self.canCompile, "swiftc and the build's modules are needed"))
  func useAfterFinishOrDiscardDoesNotCompile() async throws {
    let prelude = """
      import HapticFiles
      import HapticSynthesis
      func use(_ writer: consuming AudioFileWriter, _ block: AudioBlock) throws {

      """
    let correct = try await compile(prelude + "try writer.write(block)\ntry writer.finish()\n}\n")
    #expect(correct.status == 0, "\(correct.standardError)")
    let misuses = [
      ("try writer.finish()\ntry writer.write(block)", "'writer' used after consume"),
      ("writer.discard()\ntry writer.write(block)", "'writer' used after consume"),
      ("try writer.finish()\ntry writer.finish()", "'writer' consumed more than once"),
      ("writer.discard()\ntry writer.finish()", "'writer' consumed more than once"),
      ("try writer.finish()\nwriter.discard()", "'writer' consumed more than once"),
    ]
    for (misuse, error) in misuses {
      let result = try await compile(prelude + misuse + "\n}\n")
      #expect(result.status != 0 && result.standardError.contains("error: \(error)"), "\(misuse)")
    }
  }

  /// A write the system refuses (here a full non-blocking pipe: EAGAIN) discards the file; every
  /// later write and `finish()` throws the same failure, with its error number.
  @Test func failedWriteIsRepeatedByLaterCalls() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer {
      close(ends[0])
      close(ends[1])
    }
    _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
    let path = "/dev/fd/\(ends[1])"
    // A WAV file of known length streams into the pipe, which nobody reads.
    var writer = try AudioFileWriter(
      to: .file(path), format: AudioFileFormat(.wav, encoding: .pcm16), sampleRate: 48_000, channelCount: 1,
      frameCount: 4_800_000)
    let block = AudioBlock(channels: [[Float](repeating: 0.25, count: 4_800)])
    var failure: EncodingError?
    for _ in 0..<1_000 where failure == nil {
      do { try writer.write(block) } catch { failure = error }
    }
    let expected = EncodingError.fileSystemFailed(
      path: path, cause: .systemCall(path: path, number: .resourceTemporarilyUnavailable, context: "write failed"))
    #expect(failure == expected)
    #expect(failure?.errorNumber == .resourceTemporarilyUnavailable)
    #expect(failure?.description == "'\(path)': write failed: \(String(cString: strerror(EAGAIN)))")
    do {
      try writer.write(block)
      Issue.record("a write after a failed one must fail")
    } catch {
      #expect(error == expected)
    }
    #expect(Self.finishing(writer) == expected)
  }

  /// `discard()` leaves the target as it was, and no temporary file.
  @Test func discardLeavesNothing() throws {
    let folder = try TemporaryFolder()
    var writer = try AudioFileWriter(
      to: .file("\(folder.path)/out.wav"), format: AudioFileFormat(.wav), sampleRate: 48_000, channelCount: 1)
    try writer.write(AudioBlock(channels: [[Float](repeating: 0.25, count: 480)]))
    writer.discard()
    #expect(folder.contents().isEmpty)
  }

  /// What `finish()` threw, or `nil`.
  private static func finishing(_ writer: consuming AudioFileWriter) -> EncodingError? {
    do {
      try writer.finish()
      return nil
    } catch {
      return error
    }
  }

  /// The folder of this build's modules, and the compiler.
  private static var modules: String { CommandRunner.productsDirectory.appendingPathComponent("Modules").path }
  private static let canCompile =
    FileManager.default.fileExists(atPath: "\(modules)/HapticFiles.swiftmodule")
    && ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/swiftc")
    } == true

  /// Compiles `source` as far as the checks on noncopyable values (SIL), against this build.
  private func compile(_ source: String) async throws -> CommandRunner.Result {
    let folder = try TemporaryFolder()
    let file = "\(folder.path)/use.swift"
    try source.write(toFile: file, atomically: true, encoding: .utf8)
    return try await CommandRunner.run(
      "/usr/bin/env",
      ["swiftc", "-emit-sil", "-o", "/dev/null", "-I", Self.modules] + Locations.systemLibraryFlags + [file])
  }
}
