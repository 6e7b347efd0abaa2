import Dependencies
import Foundation
import Testing

/// Installing a reducing context: per thread, nested in order, and undone exactly.
struct ReducingContextTests {
  @Test func enteringInstallsTheContextAndRestoringPutsBackTheOneBefore() {
    let outer = ReducingContext(dependencies: DependencyValues.current)
    let inner = ReducingContext(dependencies: DependencyValues.current)
    #expect(ReducingContext.current == nil)
    let outerEntered = outer.enter()
    #expect(ReducingContext.current === outer)
    let innerEntered = inner.enter()
    #expect(ReducingContext.current === inner)
    innerEntered.restore()
    #expect(ReducingContext.current === outer)
    outerEntered.restore()
    #expect(ReducingContext.current == nil)
  }

  @Test func leavingHidesTheContextUntilRestored() {
    let context = ReducingContext(dependencies: DependencyValues.current)
    context.install {
      let left = ReducingContext.leave()
      #expect(ReducingContext.current == nil)
      left.restore()
      #expect(ReducingContext.current === context)
    }
    #expect(ReducingContext.current == nil)
  }

  @Test func aContextIsSeenOnlyByTheThreadThatInstalledIt() {
    let context = ReducingContext(dependencies: DependencyValues.current)
    let entered = context.enter()
    defer { entered.restore() }
    let seen = Self.onNewThread { () -> (before: Bool, inside: Bool, after: Bool) in
      // A fresh thread has no cell yet: entering makes one, restoring empties it.
      let before = ReducingContext.current != nil
      let own = ReducingContext(dependencies: DependencyValues.current)
      let inside = own.install { ReducingContext.current === own }
      return (before, inside, ReducingContext.current != nil)
    }
    #expect(seen.before == false)
    #expect(seen.inside == true)
    #expect(seen.after == false)
    #expect(ReducingContext.current === context)
  }

  /// Runs `body` on a new thread and waits for it, so this test stays on its own thread throughout;
  /// the new thread then exits, and the key's destructor frees its cell.
  private static func onNewThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
    let result = LockedResult<T>()
    let done = DispatchSemaphore(value: 0)
    Thread {
      result.value = body()
      done.signal()
    }.start()
    done.wait()
    return result.value!
  }
}

/// A value handed from one thread to another behind a lock.
private final class LockedResult<T>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: T?
  var value: T? {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
