import Foundation
import Testing
import _HapticRenderTestSupport

/// The completion scripts of `render --generate-completion-script`, run by the shells
/// themselves: the default subcommand completes without being typed, option values come
/// from their lists, inputs are `.ahap` files, `--out-dir` takes folders.
@Suite struct CompletionTests {
  static let fish = "/usr/bin/fish"
  static let zsh = "/usr/bin/zsh"

  /// A folder holding `a.ahap`, `b.wav`, a subfolder `sub` and the script for `shell`.
  private func workspace(_ shell: String) async throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    #expect(FileManager.default.createFile(atPath: "\(folder.path)/a.ahap", contents: Data()))
    #expect(FileManager.default.createFile(atPath: "\(folder.path)/b.wav", contents: Data()))
    try FileManager.default.createDirectory(atPath: "\(folder.path)/sub", withIntermediateDirectories: false)
    let script = try await CommandRunner.render(["--generate-completion-script", shell])
    #expect(script.status == 0)
    try Data(script.standardOutput).write(to: URL(fileURLWithPath: "\(folder.path)/script"))
    return folder
  }

  /// The words bash completes for `line` (its last word is the one being completed).
  private func bash(_ line: String, in folder: TemporaryFolder) async throws -> Set<String> {
    let driver = """
      source ./script
      line="$1"; COMP_LINE="$line"; COMP_POINT=${#line}
      read -ra COMP_WORDS <<< "$line"; [[ "$line" == *" " ]] && COMP_WORDS+=("")
      COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=()
      _render render "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try await CommandRunner.run("/bin/bash", ["-c", driver, "bash", line], in: folder.path)
    #expect(result.status == 0, "\(result.standardError)")
    return Set(String(decoding: result.standardOutput, as: UTF8.self).split(separator: "\n").map(String.init))
  }

  @Test func bashCompletesTheDefaultSubcommand() async throws {
    let folder = try await workspace("bash")
    #expect(try await bash("render x.ahap -t ", in: folder) == ["wav", "flac", "aiff", "caf", "ogg", "opus", "mp3"])
    #expect(try await bash("render x.ahap --layout st", in: folder) == ["stereo"])
    #expect(try await bash("render x.ahap --peak ", in: folder) == ["limit", "normalize", "clip", "error"])
    #expect(try await bash("render x.ahap --profile ", in: folder) == ["preview", "lra150", "wideband"])
    #expect(try await bash("render x.ahap --out-dir ", in: folder) == ["sub"])
    #expect(try await bash("render a", in: folder) == ["a.ahap", "android"])
    let first = try await bash("render ", in: folder)
    #expect(first.isSuperset(of: ["a.ahap", "sub", "convert", "preset", "compare", "plot"]))
    #expect(!first.contains("b.wav"), "inputs are .ahap files")
    #expect(try await bash("render convert x.ahap -t f", in: folder) == ["flac"])
    #expect(
      try await bash("render preset notification.", in: folder)
        == ["notification.success", "notification.warning", "notification.error"])
    #expect(try await bash("render compare ", in: folder).isSuperset(of: ["a.ahap", "b.wav"]))
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: fish), "fish is not installed"))
  func fishCompletesTheDefaultSubcommand() async throws {
    let folder = try await workspace("fish")
    func complete(_ line: String) async throws -> Set<String> {
      let result = try await CommandRunner.run(
        Self.fish, ["--no-config", "-c", "source ./script; complete -C '\(line)'"], in: folder.path)
      let lines = String(decoding: result.standardOutput, as: UTF8.self).split(separator: "\n")
      return Set(lines.map { String($0.split(separator: "\t").first ?? "") })
    }
    #expect(try await complete("render x.ahap -t ") == ["wav", "flac", "aiff", "caf", "ogg", "opus", "mp3"])
    #expect(try await complete("render x.ahap --out-dir ") == ["sub/"])
    let first = try await complete("render ")
    #expect(first.isSuperset(of: ["a.ahap", "sub/", "convert", "preset", "plot"]) && !first.contains("b.wav"))
    #expect(try await complete("render preset android/c") == ["android/click"])
  }

  /// zsh completes only inside its line editor; here the completion system's functions are
  /// replaced by stand-ins that print what `_render` hands them.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: zsh), "zsh is not installed"))
  func zshCompletesTheDefaultSubcommand() async throws {
    let folder = try await workspace("zsh")
    let driver = """
      compdef() { }
      source ./script
      _arguments() {
        if [[ "$*" == *'->arg'* ]]; then
          if (( CURRENT > 2 )); then state=arg; words=("${(@)words[2,-1]}"); (( CURRENT-- )); else state=command; fi
        else
          print -r -- "arguments of ${words[1]}: $*"
        fi
      }
      _describe() { print -r -- "subcommands" }
      words=(${(s: :)1}); [[ "$1" == *" " ]] && words+=("")
      CURRENT=${#words}
      _render
      """
    func complete(_ line: String) async throws -> String {
      let result = try await CommandRunner.run(Self.zsh, ["-f", "-c", driver, "zsh", line], in: folder.path)
      #expect(result.status == 0, "\(result.standardError)")
      return String(decoding: result.standardOutput, as: UTF8.self)
    }
    let option = try await complete("render x.ahap -t ")
    #expect(option.hasPrefix("arguments of convert: ") && option.contains("(-t --type)"))
    let first = try await complete("render ")
    #expect(first.hasPrefix("subcommands\narguments of render: ") && first.contains("*:input.ahap:_files -g '*.ahap'"))
    #expect(try await complete("render compare a").hasPrefix("arguments of compare: "))
  }
}
