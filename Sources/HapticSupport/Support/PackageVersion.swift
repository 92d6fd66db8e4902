/// The release of this package: `render --version` prints it, and it is the latest release of
/// CHANGELOG.md.
public enum PackageVersion {
  /// Semantic version, `MAJOR.MINOR.PATCH`.
  public static let current = "0.13.0"
}
