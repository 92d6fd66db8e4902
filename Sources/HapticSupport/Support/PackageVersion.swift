/// The release of this package: `render --version` prints it, and it is the latest release of
/// CHANGELOG.md.
package enum PackageVersion {
  /// Semantic version, `MAJOR.MINOR.PATCH`.
  package static let current = "0.14.0"
}
