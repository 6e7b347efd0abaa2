import Testing
import UsersShell

/// The `users` process caps glibc's malloc arenas before its session starts, so a long session's memory stays
/// flat (Benchmarks row (n) measures it); elsewhere there is nothing to cap.
struct AllocatorTuningTests {
  @Test func theArenaCapIsTakenWhereThereIsGlibcAndSkippedElsewhere() {
    #if canImport(Glibc)
      #expect(AllocatorTuning.limitArenas(to: 2))
    #else
      #expect(!AllocatorTuning.limitArenas(to: 2))
    #endif
  }
}
