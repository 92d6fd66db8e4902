/// Recognises audio files by their first bytes, so that one given where a pattern is expected
/// gets a message in the user's words instead of a JSON syntax error.
package enum AudioFileSignature {
  /// The container's name (`"WAV"`, `"FLAC"`, …), or `nil` when `bytes` do not start like an
  /// audio file libsndfile reads.
  package static func format(of bytes: [UInt8]) -> String? {
    func starts(_ text: String, at offset: Int = 0) -> Bool {
      let magic = Array(text.utf8)
      return bytes.count >= offset + magic.count && Array(bytes[offset..<offset + magic.count]) == magic
    }
    if starts("RIFF") && starts("WAVE", at: 8) { return "WAV" }
    if starts("RF64") || starts("BW64") { return "WAV" }
    if starts("fLaC") { return "FLAC" }
    if starts("FORM") && (starts("AIFF", at: 8) || starts("AIFC", at: 8)) { return "AIFF" }
    if starts("caff") { return "CAF" }
    if starts("OggS") { return "Ogg" }
    if starts("ID3") { return "MP3" }
    // An MPEG audio frame's sync bits with layer III: not a UTF-16 byte-order mark (FF FE).
    if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] & 0xE6 == 0xE2 { return "MP3" }
    return nil
  }
}
