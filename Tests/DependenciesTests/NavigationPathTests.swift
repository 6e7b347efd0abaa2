import Dependencies
import Testing

/// Counts how often the id it stands for is built.
private struct CountingSource: NavigationIDSource {
  let id: Int
  let builds: BuildCount

  static func navigationID(at source: UnsafeRawPointer) -> NavigationID {
    let value = source.assumingMemoryBound(to: Self.self).pointee
    value.builds.count += 1
    return NavigationID(kind: "row", id: value.id)
  }
}

private final class BuildCount: @unchecked Sendable {
  var count = 0
}

struct NavigationPathTests {
  private let context = ReducingContext(dependencies: DependencyValues.current)

  private func ids(_ path: NavigationIDPath) -> [String] { path.ids.map(\.description) }

  @Test func aDeferredIDIsBuiltOnlyWhenThePathIsRead() {
    let builds = BuildCount()
    var source = CountingSource(id: 1, builds: builds)
    context.install {
      withUnsafePointer(to: &source) { pointer in
        let entered = ReducingContext.enterDeferredNavigationID(pointer)
        #expect(builds.count == 0)
        #expect(ids(context.navigationPath) == ["row#1"])
        #expect(builds.count == 1)
        ReducingContext.leaveDeferredNavigationID(entered)
      }
    }
    #expect(context.navigationPath.ids.isEmpty)
  }

  @Test func deferredAndBuiltIDsKeepTheOrderTheyWereEnteredIn() {
    let builds = BuildCount()
    var outer = CountingSource(id: 1, builds: builds)
    var inner = CountingSource(id: 2, builds: builds)
    context.install {
      withUnsafePointer(to: &outer) { outer in
        let first = ReducingContext.enterDeferredNavigationID(outer)
        let second = ReducingContext.enterNavigationID(NavigationID(kind: "sheet", id: 0))
        withUnsafePointer(to: &inner) { inner in
          let third = ReducingContext.enterDeferredNavigationID(inner)
          #expect(ids(context.navigationPath) == ["row#1", "sheet#0", "row#2"])
          ReducingContext.leaveDeferredNavigationID(third)
        }
        #expect(ids(context.navigationPath) == ["row#1", "sheet#0"])
        ReducingContext.leaveNavigationID(second)
        #expect(ids(context.navigationPath) == ["row#1"])
        ReducingContext.leaveDeferredNavigationID(first)
      }
    }
    #expect(context.navigationPath.ids.isEmpty)
  }

  /// Twenty nested rows: deeper than the context's deferred-id stack starts out, so it grows while
  /// ids are pushed, and each level still reads its own path back.
  @Test func deeplyNestedDeferredIDsKeepTheirOrderAcrossGrowth() {
    let builds = BuildCount()
    let sources = UnsafeMutablePointer<CountingSource>.allocate(capacity: 20)
    defer { sources.deallocate() }
    for level in 0..<20 { (sources + level).initialize(to: CountingSource(id: level, builds: builds)) }
    defer { sources.deinitialize(count: 20) }
    context.install {
      var entered: [Unmanaged<ReducingContext>?] = []
      for level in 0..<20 {
        entered.append(ReducingContext.enterDeferredNavigationID(UnsafePointer(sources + level)))
        if level == 11 {
          // Reading the path halfway builds (flushes) the first twelve; the rest stay deferred.
          #expect(ids(context.navigationPath) == (0...11).map { "row#\($0)" })
        }
      }
      #expect(ids(context.navigationPath) == (0..<20).map { "row#\($0)" })
      for level in (5..<20).reversed() { ReducingContext.leaveDeferredNavigationID(entered[level]) }
      #expect(ids(context.navigationPath) == (0..<5).map { "row#\($0)" })
      for level in (0..<5).reversed() { ReducingContext.leaveDeferredNavigationID(entered[level]) }
    }
    #expect(context.navigationPath.ids.isEmpty)
  }

  @Test func withoutAnInstalledContextEnteringDoesNothing() {
    var source = CountingSource(id: 1, builds: BuildCount())
    let entered = withUnsafePointer(to: &source) { ReducingContext.enterDeferredNavigationID($0) }
    #expect(entered == nil)
    ReducingContext.leaveDeferredNavigationID(entered)
  }
}
