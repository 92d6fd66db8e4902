import Foundation
import HapticAudio
import HapticFiles
import SystemPackage
import Testing
import _HapticRenderTestSupport

/// A file system failure keeps the error number of the call that failed, as a value, and its
/// message is the one the user has always seen: the path, what was being done, and the
/// system's words for the number.
@Suite struct FileSystemErrorTests {
  private let enoent = Errno.noSuchFileOrDirectory

  /// The number is swift-system's `Errno`, which shows the words users have always seen.
  @Test func errorNumberDescribesItselfWithTheSystemsWords() {
    #expect(Errno.noSpace.description == "No space left on device")
    #expect(enoent.description == "No such file or directory")
    #expect(Errno(rawValue: ENOSPC) == .noSpace && Errno.noSpace != enoent)
  }

  /// A path reaches the system as written: a trailing `/` after a file's name is refused, as
  /// the system refuses it, and never dropped to name the file.
  @Test func pathsReachTheSystemAsWritten() throws {
    let folder = try TemporaryFolder()
    let file = "\(folder.path)/file"
    try #require(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))

    #expect(throws: FileSystemError.systemCall(path: "\(file)/", number: .notDirectory)) {
      try FileSystem.readAll("\(file)/", limit: 100)
    }
    #expect(!FileSystem.entryExists("\(file)/") && FileSystem.identity(of: "\(file)/") == nil)
    #expect(FileSystem.entryExists(file) && FileSystem.isDirectory("\(folder.path)//"))
    #expect(FileSystem.name(of: "\(folder.path)/breath.ahap") == "breath.ahap" && FileSystem.name(of: "/") == "/")
    #expect(FileSystem.stem(of: "samples/breath.ahap") == "breath" && FileSystem.stem(of: "a/.hidden") == ".hidden")
  }

  /// Opening a file that is not there gives ENOENT, with the name the user likely meant.
  @Test func missingFileCarriesENOENT() throws {
    let folder = try TemporaryFolder()
    let missing = "\(folder.path)/nothing.ahap"
    #expect(throws: FileSystemError.missing(path: missing, number: enoent, meant: nil)) {
      try FileSystem.openRegularFile(missing)
    }
    #expect(throws: FileSystemError.missing(path: missing, number: enoent, meant: nil)) {
      try FileSystem.readAll(missing, limit: 100)
    }
    let error = FileSystemError.missing(path: missing, number: enoent, meant: nil)
    #expect(error.errorNumber == enoent)
    #expect(error.description == "'\(missing)': no such file")

    try #require(FileManager.default.createFile(atPath: "\(folder.path)/breath.ahap", contents: Data()))
    let misspelled = "\(folder.path)/breth.ahap"
    let suggested = FileSystemError.missing(path: misspelled, number: enoent, meant: "\(folder.path)/breath.ahap")
    #expect(throws: suggested) { try FileSystem.openRegularFile(misspelled) }
    #expect(suggested.reason == "no such file; did you mean '\(folder.path)/breath.ahap'?")
  }

  /// A failure of another kind than a missing file keeps the call's number and its words.
  @Test func otherFailuresCarryTheirNumber() throws {
    let folder = try TemporaryFolder()
    let file = "\(folder.path)/file"
    try #require(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))

    #expect(throws: FileSystemError.systemCall(path: "\(file)/x", number: .notDirectory)) {
      try FileSystem.openRegularFile("\(file)/x")
    }
    #expect(throws: FileSystemError.systemCall(path: "\(folder.path)/none", number: enoent)) {
      try FileSystem.names(in: "\(folder.path)/none")
    }
    let notAFolder = FileSystemError.systemCall(path: "\(file)/sub", number: .notDirectory)
    #expect(throws: notAFolder) { try FileSystem.createDirectory("\(file)/sub") }
    #expect(notAFolder.description == "'\(file)/sub': \(String(cString: strerror(ENOTDIR)))")

    // Rephrased for the output folder, as the batch command does: the number stays.
    let rephrased = notAFolder.about("out", context: "cannot create this output folder")
    #expect(rephrased.errorNumber == .notDirectory)
    #expect(rephrased.description == "'out': cannot create this output folder: \(String(cString: strerror(ENOTDIR)))")
  }

  /// A write to /dev/full gives ENOSPC, after "write failed".
  @Test func writeToAFullDeviceCarriesENOSPC() throws {
    let descriptor = try FileDescriptor.open("/dev/full", .writeOnly, options: .closeOnExec)
    defer { try? descriptor.close() }
    let failure = FileSystemError.systemCall(path: "/dev/full", number: .noSpace, context: "write failed")
    #expect(throws: failure) { try FileSystem.write(Array("bytes".utf8)[...], to: descriptor, named: "/dev/full") }
    #expect(failure.errorNumber == .noSpace)
    #expect(failure.description == "'/dev/full': write failed: \(String(cString: strerror(ENOSPC)))")

    // Written through an output file: the bytes reach the device when it is committed.
    #expect(throws: failure) { try TextFile.write("text", to: "/dev/full") }
  }

  /// A write that takes no byte sets no error number: the error says so, and has none.
  @Test func writeThatTakesNothingHasNoErrorNumber() throws {
    let bytes = [UInt8](repeating: 1, count: 8)
    let failure = FileSystemError.failed(path: "sink", reason: "write failed: no byte was written")
    #expect(throws: failure) {
      try bytes.withUnsafeBytes { buffer in
        try FileSystem.writeAll(buffer, named: "sink") { _, _ in 0 }
      }
    }
    #expect(failure.errorNumber == nil)
  }

  /// A temporary file that cannot be created carries the number of the call that refused it.
  @Test func temporaryFileInAMissingFolderCarriesENOENT() {
    let failure = FileSystemError.systemCall(
      path: "/nonexistent", number: enoent, context: "cannot create a temporary file in this folder")
    #expect(throws: failure) { try TemporaryPath.create(in: "/nonexistent") }
    #expect(
      failure.description
        == "'/nonexistent': cannot create a temporary file in this folder: \(String(cString: strerror(ENOENT)))")
  }

  /// A problem the library finds itself, with no failed call behind it, has no number.
  @Test func libraryReasonsHaveNoErrorNumber() throws {
    let folder = try TemporaryFolder()
    let path = "\(folder.path)/none/out.wav"
    let problem = FileSystem.writeProblem(path)
    #expect(problem == .failed(path: path, reason: "folder '\(folder.path)/none' does not exist"))
    #expect(problem?.errorNumber == nil)
    let large = FileSystemError.tooLarge(path: path, bytes: 2, limit: 1)
    #expect(large.errorNumber == nil)
    #expect(large.reason == "is 2 bytes, larger than the 1-byte limit")
  }

  /// The audio reader and writer keep the file system's error, and its number, in theirs.
  @Test func encodingErrorsKeepTheFileSystemsNumber() throws {
    let folder = try TemporaryFolder()
    let missing = "\(folder.path)/knock.wav"
    let unreadable = EncodingError.cannotOpenFile(.missing(path: missing, number: enoent, meant: nil))
    #expect(throws: unreadable) { try AudioFileReader(path: missing) }
    #expect(unreadable.errorNumber == enoent)
    #expect(unreadable.description == "cannot open '\(missing)': no such file")

    // FLAC goes through a temporary file, copied to the device when finished.
    var writer = try AudioFileWriter(
      to: .file("/dev/full"), format: AudioFileFormat(.flac), sampleRate: 48_000, channelCount: 1)
    try writer.write(AudioBlock(channels: [[Float](repeating: 0.25, count: 480)]))
    let full = FileSystemError.systemCall(path: "/dev/full", number: .noSpace, context: "write failed")
    var failure: EncodingError?
    do { try writer.finish() } catch { failure = error }
    #expect(failure == .fileSystemFailed(path: "/dev/full", cause: full))
    #expect(
      EncodingError.fileSystemFailed(path: "/dev/full", cause: full).description
        == "'/dev/full': write failed: \(String(cString: strerror(ENOSPC)))")

    // A WAV file of known length streams to the device: its header is refused at once.
    #expect(throws: EncodingError.fileSystemFailed(path: "/dev/full", cause: full)) {
      _ = try AudioFileWriter(
        to: .file("/dev/full"), format: AudioFileFormat(.wav), sampleRate: 48_000, channelCount: 1, frameCount: 480)
    }
    #expect(EncodingError.ioFailed(path: "x", reason: "libsndfile's words").errorNumber == nil)
  }
}
