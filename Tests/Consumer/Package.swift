// swift-tools-version:6.1
import PackageDescription

// A program that reads and synthesises patterns with three of the package's products and no
// other: scripts/check-consumer builds it against the checkout (linked as `haptic-render`
// beside this manifest) and checks that no C library or header was needed.
let package = Package(
  name: "Consumer",
  platforms: [.macOS(.v13)],
  dependencies: [.package(path: "haptic-render")],
  targets: [
    .executableTarget(
      name: "consumer",
      dependencies: [
        .product(name: "HapticModel", package: "haptic-render"),
        .product(name: "HapticReader", package: "haptic-render"),
        .product(name: "HapticSynthesis", package: "haptic-render"),
      ]
    )
  ]
)
