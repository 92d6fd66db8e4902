import Foundation

extension CommandRunner {
  /// The folder of this build's Swift modules, where `swiftc -I` finds the package's.
  public static var modulesDirectory: String { productsDirectory.appendingPathComponent("Modules").path }

  /// `true` when `swiftc` is on the `PATH` and this build has made `module`: what a test that
  /// compiles code against the build needs.
  public static func canCompile(against module: String) -> Bool {
    FileManager.default.fileExists(atPath: "\(modulesDirectory)/\(module).swiftmodule")
      && ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/swiftc")
      } == true
  }
}
