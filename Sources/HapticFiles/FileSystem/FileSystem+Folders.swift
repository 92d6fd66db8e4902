import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileSystem {
  /// The files under `folder` (recursively, not following links to folders) whose name ends
  /// with `.ext`, sorted by path; `folder` itself when it is such a file.
  package static func files(under folder: String, withExtension ext: String) throws(FileSystemError) -> [String] {
    guard isDirectory(folder) else {
      guard access(folder, F_OK) == 0 else { throw missingFile(folder, number: .last) }
      return folder.hasSuffix(".\(ext)") ? [folder] : []
    }
    var found: [String] = []
    var folders: [String] = []
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    for entry in try entries(in: folder) {
      let listed = (Array(prefix.utf8) + entry + [0]).withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { path in try? Stat(path.baseAddress!, followTargetSymlink: false) }
      }
      guard let status = listed else { continue }
      let isFolder = status.type == .directory
      guard let name = validUTF8(entry) else {
        // A name that is not UTF-8 cannot be kept in a String, nor passed on as it is: a
        // folder or a file that would be read is an error, never skipped or misspelt.
        if isFolder || entry.reversed().starts(with: Array(".\(ext)".utf8).reversed()) {
          throw .failed(
            path: prefix + displayName(entry),
            reason: "the name is not valid UTF-8, which render cannot keep; rename it")
        }
        continue
      }
      let path = prefix + name
      if isFolder {
        folders.append(path)
      } else if name.hasSuffix(".\(ext)") {
        found.append(path)
      }
    }
    for subfolder in folders {
      found += try files(under: subfolder, withExtension: ext)
    }
    return found.sorted()
  }

  /// The names in `folder` that are valid UTF-8, hidden ones (starting with `.`) left out, in
  /// the order listed.
  package static func names(in folder: String) throws(FileSystemError) -> [String] {
    try entries(in: folder).compactMap(validUTF8)
  }

  /// The names in `folder` as the bytes they are, hidden ones (starting with `.`) left out, in
  /// the order listed.
  package static func entries(in folder: String) throws(FileSystemError) -> [[UInt8]] {
    guard let directory = opendir(folder) else { throw .systemCall(path: folder, number: .last) }
    defer { closedir(directory) }
    var names: [[UInt8]] = []
    while let entry = readdir(directory) {
      let name = entryName(entry)
      if name.first != UInt8(ascii: ".") { names.append(name) }
    }
    return names
  }

  /// The name of a directory entry from `readdir`, read up to its terminating NUL in place: the
  /// system sizes each entry to its name, so `d_name` is not to be copied whole.
  package static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
    withUnsafeMutablePointer(to: &entry.pointee.d_name) { field in
      field.withMemoryRebound(to: UInt8.self, capacity: 1) { start in
        Array(
          UnsafeBufferPointer(start: start, count: strlen(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self))))
      }
    }
  }

  /// `bytes` as a string when they are valid UTF-8; `nil` otherwise (decoding them would
  /// replace what is not with U+FFFD, and so name another file).
  package static func validUTF8(_ bytes: [UInt8]) -> String? {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.utf8.elementsEqual(bytes) ? text : nil
  }

  /// A name's bytes as text: valid UTF-8 as it is, each other byte as `\xHH`.
  package static func displayName(_ bytes: [UInt8]) -> String {
    var text = ""
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
        offset += encoded.count
      case .error(let length):
        for byte in bytes[offset..<offset + length] {
          text += (byte < 16 ? "\\x0" : "\\x") + String(byte, radix: 16, uppercase: true)
        }
        offset += length
      case .emptyInput:
        return text
      }
    }
  }
}
