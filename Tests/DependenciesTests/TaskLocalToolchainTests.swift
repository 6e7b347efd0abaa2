import Dependencies
import Testing

/// A task-local holding a bare closure, as `DismissEffect` once did.
private enum ClosureLocal {
  @TaskLocal static var value: (@Sendable () -> Int)?  // check-task-locals: allowed (the reproduction)
}

/// A task-local holding the same closure inside a class, as `DismissEffect.presentation` does now.
private final class WrappedClosure: Sendable {
  let run: @Sendable () -> Int

  init(run: @escaping @Sendable () -> Int) {
    self.run = run
  }
}

private enum WrappedLocal {
  @TaskLocal static var value: WrappedClosure?
}

/// Pushes a closure-typed task-local and reads it back: the whole of the toolchain bug.
private func pushBareClosure() -> Int? {
  ClosureLocal.$value.withValue({ 42 }) { ClosureLocal.value?() }
}

/// Swift 6.3 miscompiles task-locals whose value is a function type (swiftlang/swift#88321).
///
/// In an optimized build the specialized `withValue` asks the runtime for the
/// metadata of the closure's *lowered* type (`@callee_guaranteed @substituted
/// <A: ~Copyable, ~Escapable> () -> @out A for <()>`), which the runtime cannot
/// demangle; the push reads that null metadata and the process dies with SIGSEGV.
/// The app crashed this way on every dismissal in release. Debug builds do not
/// specialize the call and are fine. The runtime never stores a bare function
/// in a task-local (`Scripts/check-task-locals` enforces it); these tests keep the
/// reproduction, and say when a toolchain fixes it.
struct TaskLocalToolchainTests {
  @Test func aClosureTypedTaskLocalCrashesOptimizedBuildsOfSwift6_3() async {
    #if DEBUG || compiler(>=6.4)
      // Unoptimized, or a toolchain with the fix (merged upstream for the release after 6.3): it works.
      await #expect(processExitsWith: .success) {
        precondition(pushBareClosure() == 42)
      }
    #else
      // If this starts passing the push, the toolchain is fixed: the expectation above applies.
      await #expect(processExitsWith: .failure) {
        _ = pushBareClosure()
      }
    #endif
  }

  @Test func theSameClosureInsideAStructIsPushedAndReadInEveryBuild() {
    let value = WrappedLocal.$value.withValue(WrappedClosure(run: { 42 })) { WrappedLocal.value?.run() }
    #expect(value == 42)
    #expect(WrappedLocal.value == nil)
  }

  @MainActor @Test func theDismissalHandlerIsPushedAndCalledInEveryBuild() async {
    let calls = Calls()
    await DismissEffect.$presentation.withValue(DismissEffect { calls.count += 1 }) {
      @Dependency(\.dismiss) var dismiss
      await dismiss()
      await dismiss()
    }
    #expect(calls.count == 2)
    #expect(DismissEffect.presentation == nil)
  }
}

/// Counts calls made on the main actor.
@MainActor private final class Calls {
  var count = 0
}
