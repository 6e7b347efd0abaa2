import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// How the `users` process tunes the C allocator for a long interactive session, before it starts any thread.
public enum AllocatorTuning {
  /// glibc's `M_ARENA_MAX` (malloc.h): Glibc's module map leaves `mallopt` and its constants out.
  static let arenaMaxOption: Int32 = -8

  /// The cap set, once `limitArenas` set one; `users --version` says it, so a test of the binary sees the process
  /// took it before its session. Written once, before the process starts any thread.
  nonisolated(unsafe) public private(set) static var arenaCap: Int32?

  /// What `--version` adds: the cap, or nothing where none was set.
  public static var versionNote: String { arenaCap.map { "; malloc arenas capped at \($0)" } ?? "" }

  /// On Linux, caps glibc's malloc arenas at `count` (it makes up to eight per core): memory a page load allocates
  /// on an effect's thread and the debugger's timeline frees on the main thread goes back to the arena it came
  /// from, and spread over many arenas it stays resident. With the default, a session's memory rose 5 MB over its
  /// first 10,000 commands before levelling off; with two arenas, 1 MB (Benchmarks row (n), docs/performance.md).
  /// True when the cap was set; false where there is no glibc (macOS's allocator returns memory by itself).
  @discardableResult public static func limitArenas(to count: Int32 = 2) -> Bool {
    #if canImport(Glibc)
      // RTLD_DEFAULT is the null handle on glibc: the symbol is looked up in the process as linked.
      guard let symbol = dlsym(nil, "mallopt") else { return false }
      let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
      guard mallopt(arenaMaxOption, count) == 1 else { return false }
      arenaCap = count
      return true
    #else
      return false
    #endif
  }
}
