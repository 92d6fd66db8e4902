import Foundation
import Testing
import _HapticRenderTestSupport

extension HostTimeSuites {
  /// App code and these tests compile in the Swift 5 and the Swift 6 language modes against the
  /// modules of this build, with `import OfflineCoreHaptics` as their one haptic import (it brings
  /// Foundation, as `import CoreHaptics` and `import UIKit` do). Compiled as far as the checks of
  /// concurrency and of noncopyable values (SIL), one compiler at a time and never while a host
  /// clock's test measures.
  @Suite struct LanguageModeTests {
    static var products: String { CommandRunner.productsDirectory.path }
    static var modules: String { CommandRunner.modulesDirectory }
    static let canCompile = CommandRunner.canCompile(against: "OfflineCoreHaptics")

    /// The result of compiling `files` as the module `module` in the language mode `mode`.
    static func compile(_ files: [String], module: String, mode: Int, library: Bool = true) async throws
      -> CommandRunner.Result
    {
      var arguments =
        [
          "swiftc", "-swift-version", "\(mode)", "-emit-sil", "-wmo", "-o", "/dev/null", "-module-name", module,
          "-I", modules,
        ] + Locations.systemLibraryFlags
      if library { arguments.append("-parse-as-library") }
      return try await CommandRunner.run("/usr/bin/env", arguments + files)
    }

    /// The Swift files of `folder` in this package, sorted.
    static func sources(in folder: String) -> [String] {
      Locations.files(in: "\(Locations.packageRoot)/\(folder)", withExtension: "swift").filter {
        !$0.dropFirst(Locations.packageRoot.count + folder.count + 2).contains("/")
      }
    }

    /// The breathing app's class and the executable that runs it.
    @Test(.enabled(if: canCompile, "swiftc and the build's modules are needed"), arguments: [5, 6])
    func theExampleAppCompiles(mode: Int) async throws {
      let files = Self.sources(in: "Sources/OfflineCoreHapticsExample")
      #expect(files.count == 2)
      let result = try await Self.compile(files, module: "AppHaptics", mode: mode, library: false)
      #expect(result.status == 0, "\(result.standardError)")
    }

    /// A class not isolated to the main actor that captures `self` in
    /// `DispatchQueue.main.asyncAfter` compiles in the Swift 5 language mode only; the Swift 6
    /// mode stops at "sending 'self' risks causing data races", as it does against Apple's SDK
    /// (docs/core-haptics.md, "The import").
    @Test(.enabled(if: canCompile, "swiftc and the build's modules are needed"))
    func aClassThatSendsSelfToTheMainQueueNeedsTheSwift5Mode() async throws {
      let folder = try TemporaryFolder()
      let file = "\(folder.path)/BreathingHaptics.swift"
      let source = """
        import OfflineCoreHaptics

        final class BreathingHaptics {
          private let completionTap = UIImpactFeedbackGenerator(style: .rigid)

          func signalSessionComplete() {
            for index in 0..<3 {
              DispatchQueue.main.asyncAfter(deadline: .now() + 0.15 * Double(index)) {
                self.completionTap.impactOccurred()
              }
            }
          }
        }

        """
      try source.write(toFile: file, atomically: true, encoding: .utf8)
      let five = try await Self.compile([file], module: "BreathingHaptics", mode: 5)
      #expect(five.status == 0, "\(five.standardError)")
      let six = try await Self.compile([file], module: "BreathingHaptics", mode: 6)
      #expect(six.status != 0 && six.standardError.contains("sending 'self' risks causing data races"))
    }

    /// This suite's own files: subclasses, `init(audioSession:)`, `async` start and stop,
    /// `JSONSerialization`, bundle resources, timers on the host clock; in the Swift 5 language
    /// mode here (the package builds them in Swift 6's).
    @Test(.enabled(if: canCompile, "swiftc and the build's modules are needed"), arguments: [5])
    func theseTestsCompile(mode: Int) async throws {
      let accessor = "\(Self.products)/OfflineCoreHapticsTests.build/DerivedSources/resource_bundle_accessor.swift"
      let files = Self.sources(in: "Tests/OfflineCoreHapticsTests") + [accessor]
      let result = try await Self.compile(files, module: "OfflineCoreHapticsTests", mode: mode)
      #expect(result.status == 0, "\(result.standardError)")
    }

    /// Foundation's names with `import OfflineCoreHaptics` alone; without it, none of them.
    @Test(.enabled(if: canCompile, "swiftc and the build's modules are needed"), arguments: [5, 6])
    func foundationComesWithTheImport(mode: Int) async throws {
      let folder = try TemporaryFolder()
      let body = """
        func use() throws -> Double {
          let delay: TimeInterval = 0.15
          let scale: CGFloat = 0.5
          DispatchQueue.main.asyncAfter(deadline: .now() + delay) {}
          let url = URL(fileURLWithPath: Bundle.main.bundlePath)
          let data = try JSONSerialization.data(withJSONObject: ["Version": 1])
          return Date().timeIntervalSince1970 + Double(scale) + Double(data.count + url.path.count)
        }

        """
      let file = "\(folder.path)/Uses.swift"
      try ("import OfflineCoreHaptics\n" + body).write(toFile: file, atomically: true, encoding: .utf8)
      let result = try await Self.compile([file], module: "Uses", mode: mode)
      #expect(result.status == 0, "\(result.standardError)")

      try body.write(toFile: file, atomically: true, encoding: .utf8)
      let without = try await Self.compile([file], module: "Uses", mode: mode)
      #expect(without.status != 0 && without.standardError.contains("cannot find type 'TimeInterval' in scope"))
    }
  }
}
