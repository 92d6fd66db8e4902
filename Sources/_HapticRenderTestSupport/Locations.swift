import Foundation

/// Where the repository's folders are, for tests that read samples or the shared corpus.
public enum Locations {
  /// The package's root folder, derived from this file's path.
  public static let packageRoot: String = {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Sources/_HapticRenderTestSupport/Locations.swift
    return parts.joined(separator: "/")
  }()

  /// What `swiftc` needs, beside the build's modules, to import the package's modules: the
  /// folders of the system libraries' module maps, that of swift-system's C module (which
  /// HapticFiles' interface imports; in the checkouts of the build's scratch folder), and the
  /// header folders pkg-config gives for them (libopusenc's headers include `<opus.h>` from a
  /// folder of their own).
  public static let systemLibraryFlags: [String] = {
    var flags: [String] = []
    for module in ["CSndFile", "CVorbis", "COpusEnc"] { flags += ["-I", "\(packageRoot)/Sources/\(module)"] }
    var scratch = CommandRunner.productsDirectory.resolvingSymlinksInPath()
    while scratch.pathComponents.count > 1 {
      let include = scratch.appendingPathComponent("checkouts/swift-system/Sources/CSystem/include").path
      if FileManager.default.fileExists(atPath: include) {
        flags += ["-I", include]
        break
      }
      scratch.deleteLastPathComponent()
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config", "--cflags-only-I", "sndfile", "vorbisenc", "ogg", "libopusenc"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return flags }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    for word in output.split(whereSeparator: \.isWhitespace) where word.hasPrefix("-I") {
      flags += ["-Xcc", String(word)]
    }
    return flags
  }()

  /// `samples/`.
  public static var samples: String { "\(packageRoot)/samples" }

  /// `Tests/Fixtures/`.
  public static var fixtures: String { "\(packageRoot)/Tests/Fixtures" }

  /// `../shared/corpus`, the corpus of real AHAP files beside the checkout, if present.
  public static var corpus: String { "\(packageRoot)/../shared/corpus" }
}

extension Locations {
  /// Paths of the files under `folder` (recursively) whose extension is `ext`, sorted.
  public static func files(in folder: String, withExtension ext: String) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
    return enumerator.compactMap { $0 as? String }
      .filter { $0.hasSuffix(".\(ext)") }
      .map { "\(folder)/\($0)" }
      .sorted()
  }

  /// Every AHAP file of the corpus (when it is present) and of the samples.
  public static var patternFiles: [String] {
    files(in: corpus, withExtension: "ahap") + files(in: samples, withExtension: "ahap")
  }

  /// `Tests/Fixtures/plain/`: plain texts in real shapes (events alone, nothing to report), which
  /// the plain reader takes.
  public static var plainFixtures: [String] {
    files(in: "\(fixtures)/plain", withExtension: "ahap")
  }
}
