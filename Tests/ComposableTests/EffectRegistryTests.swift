#if DEBUG
  import Testing
  @testable import Composable

  /// The store's registry of running effects, white-box: what cancelling by id leaves behind.
  struct EffectRegistryTests {
    @Test func cancelledEffectsLeaveTheirIdAtOnceAndStayCountedUntilTheyEnd() {
      let registry = EffectRegistry()
      let search = CancelKey(id: "search")
      let other = CancelKey(id: "other")
      let first = registry.reserve(keys: [search])
      let second = registry.reserve(keys: [search, other])
      #expect(registry.isRunning(search))
      registry.cancel(search)
      // Off the id now, so the next cancel of it walks nothing; still running until they end.
      #expect(!registry.isRunning(search))
      #expect(registry.count == 2)
      #expect(registry.isRunning(other))
      #expect(registry.keys(of: second) == [search, other])
      // A later effect under the id is the only one the next cancel sees.
      let third = registry.reserve(keys: [search])
      #expect(registry.isRunning(search))
      registry.remove(id: first)
      registry.remove(id: second)
      #expect(registry.isRunning(search))
      #expect(!registry.isRunning(other))
      registry.remove(id: third)
      #expect(!registry.isRunning(search))
      #expect(registry.count == 0)
    }
  }
#endif
