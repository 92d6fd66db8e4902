// swift-tools-version:6.1
import PackageDescription

// Suites compile unoptimised in the sanitized release build of the test command: optimising them
// took half of it. AddressSanitizer watches the library, not the suites' own code: their loads,
// stores and variables are not instrumented (its allocator still checks every allocation),
// which took a sixth of that build.
let testSettings: [SwiftSetting] = [
  .unsafeFlags(
    [
      "-Onone", "-no-emit-module-separately-wmo", "-Xllvm", "-asan-instrument-reads=false", "-Xllvm",
      "-asan-instrument-writes=false", "-Xllvm", "-asan-instrument-atomics=false", "-Xllvm", "-asan-stack=false",
      "-Xllvm", "-asan-globals=false",
    ], .when(configuration: .release))
]

let package = Package(
  name: "HapticRender",
  platforms: [.macOS(.v13)],
  products: [
    // Each stage is a product of its own, so a program takes only what it uses (HapticModel,
    // HapticReader and HapticSynthesis link no C library); HapticRender is all of them
    .library(name: "HapticRender", targets: ["HapticRender"]),
    .library(name: "HapticModel", targets: ["HapticModel"]),
    .library(name: "HapticReader", targets: ["HapticReader"]),
    .library(name: "HapticAudio", targets: ["HapticAudio"]),
    .library(name: "HapticSynthesis", targets: ["HapticSynthesis"]),
    .library(name: "HapticFiles", targets: ["HapticFiles"]),
    .library(name: "HapticPipeline", targets: ["HapticPipeline"]),
    .library(name: "HapticAnalysis", targets: ["HapticAnalysis"]),
    .library(name: "HapticInspection", targets: ["HapticInspection"]),
    .library(name: "HapticPresets", targets: ["HapticPresets"]),
    .library(name: "HapticRegression", targets: ["HapticRegression"]),
    .library(name: "HapticAndroid", targets: ["HapticAndroid"]),
    .library(name: "HapticBreathing", targets: ["HapticBreathing"]),
    .library(name: "HapticPreview", targets: ["HapticPreview"]),
    .library(name: "OfflineCoreHaptics", targets: ["OfflineCoreHaptics"]),
    .executable(name: "render", targets: ["render"]),
    .executable(name: "render-serve", targets: ["RenderServe"]),
    .executable(name: "render-benchmark", targets: ["RenderBenchmark"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // The HTTP server of `render serve` (in the render-serve executable alone):
    // SwiftNIO's HTTP/1.1 server pipeline, whose decoder bounds the request line and headers
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    // `swift package generate-documentation` builds the DocC catalogs (scripts/check-docs)
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // Paths, descriptors and error numbers as values (HapticFiles only): FilePath, FileDescriptor,
    // Errno and FilePermissions over the POSIX calls, pure Swift and a small C shim
    .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
  ],
  targets: [
    // MARK: - System libraries
    .systemLibrary(
      name: "CSndFile",
      pkgConfig: "sndfile",
      providers: [.apt(["libsndfile1-dev"]), .brew(["libsndfile"])]
    ),
    // Ogg Vorbis with comments of our own (Android's ANDROID_HAPTIC), which libsndfile cannot write
    .systemLibrary(
      name: "CVorbis",
      pkgConfig: "vorbisenc",
      providers: [.apt(["libvorbis-dev", "libogg-dev"]), .brew(["libvorbis", "libogg"])]
    ),
    // Ogg Opus with the same comments
    .systemLibrary(
      name: "COpusEnc",
      pkgConfig: "libopusenc",
      providers: [.apt(["libopusenc-dev"]), .brew(["libopusenc"])]
    ),

    // MARK: - Library, one target per stage; each depends only on earlier ones
    // (docs/architecture.md; scripts/check-layers holds the graph to it)
    .target(name: "HapticSupport"),
    .target(name: "HapticModel"),
    // Blocks of planar frames and the protocol that delivers them, shared by synthesis and files
    .target(name: "HapticAudio", dependencies: ["HapticSupport"]),
    .target(name: "HapticReader", dependencies: ["HapticModel", "HapticSupport"]),
    .target(name: "HapticSynthesis", dependencies: ["HapticModel", "HapticAudio", "HapticSupport"]),
    .target(
      name: "HapticFiles",
      dependencies: [
        "HapticAudio", "HapticSupport", "CSndFile", "CVorbis", "COpusEnc",
        .product(name: "SystemPackage", package: "swift-system"),
      ]
    ),
    .target(
      name: "HapticPipeline",
      dependencies: ["HapticModel", "HapticReader", "HapticAudio", "HapticSynthesis", "HapticFiles", "HapticSupport"]
    ),
    .target(
      name: "HapticAnalysis",
      dependencies: ["HapticAudio", "HapticFiles", "HapticSupport"]
    ),
    .target(
      name: "HapticInspection",
      dependencies: [
        "HapticModel", "HapticReader", "HapticAudio", "HapticSynthesis", "HapticFiles", "HapticPipeline",
        "HapticSupport",
      ]
    ),
    .target(name: "HapticPresets", dependencies: ["HapticModel", "HapticPipeline", "HapticSupport"]),
    .target(
      name: "HapticRegression",
      dependencies: [
        "HapticModel", "HapticReader", "HapticAudio", "HapticSynthesis", "HapticFiles", "HapticPipeline",
        "HapticAnalysis", "HapticSupport",
      ]
    ),
    .target(
      name: "HapticAndroid",
      dependencies: [
        "HapticModel", "HapticReader", "HapticAudio", "HapticSynthesis", "HapticFiles", "HapticPipeline",
        "HapticInspection", "HapticSupport",
      ]
    ),
    .target(name: "HapticBreathing", dependencies: ["HapticModel", "HapticReader", "HapticPresets", "HapticSupport"]),
    .target(
      name: "HapticPreview",
      dependencies: [
        "HapticModel", "HapticReader", "HapticSynthesis", "HapticFiles", "HapticPipeline", "HapticInspection",
        "HapticPresets", "HapticSupport",
      ]
    ),
    // Everything above behind one import
    .target(
      name: "HapticRender",
      dependencies: [
        "HapticModel", "HapticReader", "HapticAudio", "HapticSynthesis", "HapticFiles", "HapticPipeline",
        "HapticAnalysis", "HapticInspection", "HapticPresets", "HapticRegression", "HapticAndroid",
        "HapticBreathing", "HapticPreview", "HapticSupport",
      ]
    ),

    // What `render serve` serves, apart from the transport: the folder's patterns and their
    // pages, the routes, byte ranges and limits; only the render-serve executable depends on it
    .target(
      name: "HapticServe",
      dependencies: [
        "HapticReader", "HapticSynthesis", "HapticFiles", "HapticPipeline", "HapticInspection", "HapticPreview",
        "HapticSupport",
      ]
    ),

    // MARK: - Core Haptics' API, offline
    .target(name: "OfflineCoreHaptics", dependencies: ["HapticRender", "HapticSupport"]),
    // An app's haptic code run as an executable, by OfflineCoreHaptics' tests (not a product);
    // in the Swift 5 language mode, as most published app code is
    .executableTarget(
      name: "OfflineCoreHapticsExample", dependencies: ["OfflineCoreHaptics"],
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),

    // MARK: - Command-line tool
    // What only the executables share: console output, the library's errors in the words of the
    // command line (its flags), exit codes, signal handling and its temporary-file registry (not a product)
    .target(
      name: "RenderCommandSupport",
      dependencies: [
        "HapticModel", "HapticReader", "HapticSynthesis", "HapticFiles", "HapticPipeline", "HapticSupport",
      ]
    ),
    .executableTarget(
      name: "render",
      dependencies: [
        "HapticRender", "HapticSupport", "RenderCommandSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The server that `render serve` becomes once its options are checked: SwiftNIO and
    // Foundation are loaded by it alone, not by every `render` command (docs/serve.md#server);
    // it holds the HTTP transport, SwiftNIO's HTTP/1.1 server pipeline
    .executableTarget(
      name: "RenderServe",
      dependencies: [
        "HapticRender", "HapticFiles", "HapticPipeline", "HapticPreview", "HapticSupport", "HapticSynthesis",
        "HapticServe", "RenderCommandSupport", .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
      ]),

    // MARK: - Benchmark (run by hand: swift run -c release render-benchmark)
    .executableTarget(name: "RenderBenchmark", dependencies: ["HapticRender"]),

    // MARK: - Fuzzing (scripts/fuzz: swift build -c debug --sanitize=fuzzer --product FuzzAHAP)
    .executableTarget(
      name: "FuzzAHAP",
      dependencies: [
        "HapticModel", "HapticAudio", "HapticReader", "HapticSynthesis", "HapticPipeline", "HapticInspection",
      ]),

    // MARK: - Test support (not API)
    .target(name: "_HapticRenderTestSupport", dependencies: ["HapticRender"]),

    // MARK: - Tests
    .testTarget(
      name: "HapticSupportTests",
      dependencies: ["HapticSupport", "HapticFiles", "HapticPipeline", "_HapticRenderTestSupport"],
      swiftSettings: testSettings),
    .testTarget(
      name: "HapticAudioTests",
      dependencies: ["HapticAudio", "HapticSynthesis", "HapticPipeline", "_HapticRenderTestSupport"],
      swiftSettings: testSettings),
    .testTarget(
      name: "HapticReaderTests",
      dependencies: ["HapticModel", "HapticReader", "HapticSynthesis", "HapticPipeline", "_HapticRenderTestSupport"],
      swiftSettings: testSettings),
    .testTarget(
      name: "HapticSynthesisTests",
      dependencies: [
        "HapticSupport", "HapticModel", "HapticAudio", "HapticReader", "HapticSynthesis", "HapticFiles",
        "HapticPipeline", "_HapticRenderTestSupport",
      ], swiftSettings: testSettings),
    .testTarget(
      name: "HapticFilesTests",
      dependencies: [
        "HapticAudio", "HapticSynthesis", "HapticFiles", "HapticPipeline", "_HapticRenderTestSupport",
        .product(name: "SystemPackage", package: "swift-system"),
      ], swiftSettings: testSettings),
    .testTarget(
      name: "HapticPipelineTests",
      dependencies: [
        "HapticModel", "HapticAudio", "HapticReader", "HapticSynthesis", "HapticFiles", "HapticPipeline",
        "HapticInspection", "HapticPreview", "_HapticRenderTestSupport",
      ], swiftSettings: testSettings),
    .testTarget(
      name: "HapticAnalysisTests",
      dependencies: [
        "HapticSupport", "HapticSynthesis", "HapticFiles", "HapticPipeline", "HapticAnalysis", "HapticRegression",
        "HapticBreathing", "_HapticRenderTestSupport",
      ], swiftSettings: testSettings),
    .testTarget(
      name: "HapticInspectionTests",
      dependencies: [
        "HapticModel", "HapticAudio", "HapticReader", "HapticSynthesis", "HapticFiles", "HapticPipeline",
        "HapticAnalysis", "HapticInspection", "_HapticRenderTestSupport",
      ], swiftSettings: testSettings),
    .testTarget(
      name: "HapticPresetsTests",
      dependencies: [
        "HapticReader", "HapticSynthesis", "HapticFiles", "HapticPipeline", "HapticAnalysis", "HapticInspection",
        "HapticPresets", "_HapticRenderTestSupport",
      ], swiftSettings: testSettings),
    .testTarget(
      name: "HapticRegressionTests",
      dependencies: [
        "HapticReader", "HapticFiles", "HapticPipeline", "HapticAnalysis", "HapticRegression",
        "_HapticRenderTestSupport",
      ],
      swiftSettings: testSettings),
    .testTarget(
      name: "HapticAndroidTests",
      dependencies: [
        "HapticAudio", "HapticAndroid", "HapticModel", "HapticPipeline", "HapticReader", "HapticSynthesis",
        "_HapticRenderTestSupport",
      ],
      swiftSettings: testSettings),
    .testTarget(
      name: "HapticBreathingTests",
      dependencies: [
        "HapticModel", "HapticReader", "HapticSynthesis", "HapticPipeline", "HapticPresets", "HapticBreathing",
        "_HapticRenderTestSupport",
      ], swiftSettings: testSettings),
    .testTarget(
      name: "OfflineCoreHapticsTests",
      dependencies: [
        "OfflineCoreHaptics", "OfflineCoreHapticsExample", "HapticRender", "_HapticRenderTestSupport",
      ],
      resources: [.process("Resources")],
      swiftSettings: testSettings
    ),
    .testTarget(
      name: "HapticServeTests", dependencies: ["HapticFiles", "HapticServe", "_HapticRenderTestSupport"],
      swiftSettings: testSettings),
    .testTarget(
      name: "RenderCLITests",
      dependencies: [
        "RenderCommandSupport", "HapticRender", "HapticSupport", "_HapticRenderTestSupport",
      ],
      swiftSettings: testSettings
    ),
  ]
)
