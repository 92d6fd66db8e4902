import ArgumentParser

/// A folder that receives one output per input, for the commands that take several.
struct OutputFolderOptionGroup: ParsableArguments {
  @Option(
    help: ArgumentHelp("Write DIR/<name>.<type> for each input (several files or folders).", valueName: "dir"),
    completion: .directory)
  var outDir: String?
}
