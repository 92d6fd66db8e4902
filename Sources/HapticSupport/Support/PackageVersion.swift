/// The release of this package: `render --version` prints it, and CHANGELOG.md starts with it.
public enum PackageVersion {
  /// Semantic version, `MAJOR.MINOR.PATCH`.
  public static let current = "0.13.0"
}
