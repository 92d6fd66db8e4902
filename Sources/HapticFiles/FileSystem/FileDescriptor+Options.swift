import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileDescriptor.OpenOptions {
  /// `O_NOCTTY`: a terminal opened does not become the process's controlling terminal.
  package static var noControllingTerminal: Self { Self(rawValue: O_NOCTTY) }
}
