import HapticFiles

/// Finds AHAP files for commands that take files and folders.
package enum PatternFiles {
  /// Whether `path` names an AHAP file (by its extension, in any case).
  package static func isPattern(_ path: String) -> Bool {
    path.lowercased().hasSuffix(".ahap")
  }

  /// Whether `path` names a folder, which ``find(in:isSandboxed:)`` searches.
  package static func isFolder(_ path: String) -> Bool {
    FileSystem.isDirectory(path)
  }

  /// Every `.ahap` file under each path (folders recursively, hidden entries skipped); a path
  /// that names a file is taken as it is. Sorted within each folder.
  ///
  /// - Parameters:
  ///   - paths: Files and folders, as the command line names them.
  ///   - isSandboxed: Refuse a file in a folder that is a link to a file outside that folder
  ///     (`--sandbox`): an untrusted folder cannot make a command read elsewhere.
  /// - Throws: `FileSystemError` for a path that does not exist or cannot be listed, for a
  ///   folder without a single `.ahap` file (a run that checks nothing must not pass), and for
  ///   a link out of its folder under `isSandboxed`.
  package static func find(in paths: [String], isSandboxed: Bool = false) throws(FileSystemError) -> [String] {
    var found: [String] = []
    for path in paths {
      if FileSystem.isDirectory(path) {
        let files = try FileSystem.files(under: path, withExtension: "ahap")
        if files.isEmpty { throw .failed(path: path, reason: "no .ahap files under it") }
        if isSandboxed, let root = FileSystem.realPath(path).map({ $0.hasSuffix("/") ? $0 : $0 + "/" }),
          let outside = files.first(where: { !(FileSystem.realPath($0) ?? "").hasPrefix(root) })
        {
          throw .linkOutside(path: outside, folder: path)
        }
        found += files
      } else if FileSystem.exists(path) {
        found.append(path)
      } else {
        throw .failed(path: path, reason: FileSystem.missingFileReason(path))
      }
    }
    return found
  }

  /// ``find(in:isSandboxed:)``, refusing files that share a stem (and so one output name).
  ///
  /// - Parameters:
  ///   - paths: Files and folders, as the command line names them.
  ///   - isSandboxed: Refuse links out of a folder, as ``find(in:isSandboxed:)`` does.
  ///   - collisionReason: What the files of a group would do, given the first of them,
  ///     e.g. "would share one golden file 'g/breath.flac'; rename one".
  package static func find(
    in paths: [String], isSandboxed: Bool = false, refusingCollisions collisionReason: (String) -> String
  ) throws(PatternSearchError) -> [String] {
    let files: [String]
    do { files = try find(in: paths, isSandboxed: isSandboxed) } catch { throw .unreadable(error) }
    if let collisions = PatternSearchError.collidingGroups(in: files, by: stem, name: { $0 }, reason: collisionReason) {
      throw collisions
    }
    return files
  }

  /// Refuses an output that is the input itself (through links or another spelling of its
  /// path), which writing would destroy.
  ///
  /// - Throws: `FileSystemError` naming both.
  package static func checkOutput(_ output: String, isNot input: String) throws(FileSystemError) {
    if FileSystem.isSameFile(output, input) {
      throw .failed(path: output, reason: "is the input '\(input)'; it is not replaced (choose another output)")
    }
  }

  /// Refuses an output that would replace a file the render of `pattern` reads: the pattern
  /// `input`, one of its waveforms, or one of `otherInputs` (a profile file).
  ///
  /// - Throws: `FileSystemError` naming both.
  package static func checkOutput(
    _ output: String, isNot input: String, norInputsOf pattern: LoadedPattern, otherInputs: [String] = []
  ) throws(FileSystemError) {
    try checkOutput(output, isNot: input)
    for other in otherInputs { try checkOutput(output, isNot: other) }
    guard let identity = FileSystem.identity(of: output), let waveform = pattern.waveformFiles[identity] else { return }
    throw .failed(
      path: output, reason: "is the waveform '\(waveform)' of '\(input)'; it is not replaced (choose another output)")
  }

  /// Refuses a run in which an output would replace, or be, a waveform that another input of
  /// the run plays (or one of `otherInputs`): found before anything is written, so what is
  /// written never depends on the order or the number of threads.
  ///
  /// - Parameters:
  ///   - inputs: The run's AHAP files.
  ///   - outputs: The files the run writes for an input.
  ///   - loader: Finds each input's waveforms, as the run will.
  ///   - otherInputs: Further files the run reads (a profile file).
  /// - Throws: ``PatternSearchError/collisions(_:)``, one group per input that would be hit.
  package static func refuseOutputsOverInputs(
    _ inputs: [String], outputs: (String) -> [String], loader: PatternLoader, otherInputs: [String] = []
  ) throws(PatternSearchError) {
    // Keys are bytes: two spellings of a name that Swift deems equal (NFC, NFD) are two files.
    var writers: [[UInt8]: String] = [:]
    var writtenIdentities: [FileSystem.Identity: String] = [:]
    for input in inputs {
      for output in outputs(input) {
        writers[Array(FileSystem.placeKey(output).utf8)] = input
        if let identity = FileSystem.identity(of: output) { writtenIdentities[identity] = output }
      }
    }
    var groups: [(files: [String], reason: String)] = []
    for other in otherInputs {
      if let identity = FileSystem.identity(of: other), let output = writtenIdentities[identity] {
        groups.append(([other], "would be replaced by the output '\(output)'; choose another output folder"))
      }
    }
    for input in inputs {
      for waveform in loader.waveformPlaces(patternPath: input) {
        let hit =
          waveform.places.lazy.compactMap { place in writers[Array(FileSystem.placeKey(place).utf8)].map { (place, $0) }
          }.first
          ?? waveform.found.flatMap { identity in
            writtenIdentities[identity].map { ($0, writers[Array(FileSystem.placeKey($0).utf8)] ?? "") }
          }
        if let (place, writer) = hit {
          groups.append(
            (
              [input],
              "plays the waveform '\(place)', which the output of '\(writer)' would replace; choose another output folder"
            ))
          break
        }
      }
    }
    if !groups.isEmpty { throw .collisions(groups) }
  }

  /// The name `file` goes by in reports and shards: its path relative to the first of `paths`
  /// that is a folder holding it (`patterns/ui/tap.ahap` under `patterns` → `ui/tap.ahap`), or
  /// `file` itself when it was named directly. It does not depend on where the folder is, so a
  /// CI job names a pattern the same in every checkout.
  package static func name(of file: String, foundIn paths: [String]) -> String {
    // By bytes: the found path is the folder's spelling, a slash, then the name read from disk.
    for path in paths where isFolder(path) {
      let prefix = Array((path.hasSuffix("/") ? path : path + "/").utf8)
      if file.utf8.starts(with: prefix) {
        return String(decoding: file.utf8.dropFirst(prefix.count), as: UTF8.self)
      }
    }
    return file
  }

  /// The name of a file without its folder and extension: `samples/breath.ahap` → `breath`.
  package static func stem(of path: String) -> String {
    FileSystem.stem(of: path)
  }
}
