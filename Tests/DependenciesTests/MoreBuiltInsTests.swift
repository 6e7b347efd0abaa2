import ComposableTesting
import Dependencies
import Foundation
import Testing

/// `UUID(_:)`, `withRandomNumberGenerator` and `fireAndForget`, as swift-dependencies has them.
struct MoreBuiltInsTests {
  @Test func aUUIDFromANumberIsTheOneTheIncrementingGeneratorMakes() {
    let generate = UUIDGenerator.incrementing
    #expect(generate() == UUID(0))
    #expect(generate() == UUID(1))
    #expect(UUID(0).uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(UUID(255).uuidString == "00000000-0000-0000-0000-0000000000FF")
  }

  @Test func anyNumberMakesAUUIDOfItsOwnWithoutStoppingTheProcess() {
    #expect(UUID(Int.max).uuidString == "00000000-0000-0000-7FFF-FFFFFFFFFFFF")
    // A negative number's sign in the group before its digits, as swift-dependencies writes it.
    #expect(UUID(-1).uuidString == "00000000-0000-0001-0000-000000000001")
    #expect(UUID(-16).uuidString == "00000000-0000-0001-0000-000000000010")
    #expect(UUID(-Int.max).uuidString == "00000000-0000-0001-7FFF-FFFFFFFFFFFF")
    #expect(UUID(Int.min).uuidString == "00000000-0000-0001-8000-000000000000")
    #expect(Set([UUID(Int.max), UUID(-1), UUID(-Int.max), UUID(Int.min), UUID(0)]).count == 5)
  }

  @Test func withRandomNumberGeneratorIsTheRandomSourceByItsUpstreamName() {
    let rolls = withDependencies {
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(SplitMix64(seed: 7))
    } operation: {
      let source = DependencyValues.current.withRandomNumberGenerator
      return (0..<5).map { _ in source { Int.random(in: 1...6, using: &$0) } }
    }
    var again = SplitMix64(seed: 7)
    #expect(rolls == (0..<5).map { _ in Int.random(in: 1...6, using: &again) })
  }

  @Test func fireAndForgetFinishesBeforeItReturnsInTestsAndNotLive() async {
    let done = LockIsolated(false)
    await DependencyValues.current.fireAndForget {
      try await Task.sleep(for: .milliseconds(20))
      done.setValue(true)
    }
    #expect(done.value, "in tests the work is done when the call returns")

    let detached = LockIsolated(false)
    let gate = LockIsolated(false)
    await FireAndForget.detached {
      while !gate.value { try await Task.sleep(for: .milliseconds(1)) }
      detached.setValue(true)
    }
    #expect(!detached.value, "live, the caller goes on at once")
    gate.setValue(true)
    let deadline = ContinuousClock.now + .seconds(5)
    while !detached.value, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(5)) }
    #expect(detached.value)
  }

  @Test func fireAndForgetInATestOutlivesTheCancelledTaskThatStartedItAndReportsItsError() async {
    let finished = LockIsolated(false)
    let gate = LockIsolated(false)
    let starter = Task {
      await DependencyValues.current.fireAndForget {
        while !gate.value { try await Task.sleep(for: .milliseconds(1)) }
        finished.setValue(true)
      }
    }
    starter.cancel()
    gate.setValue(true)
    await starter.value
    #expect(finished.value, "the work ran to its end though the task that started it was cancelled")

    struct Failure: Error {}
    await withKnownIssue {
      await DependencyValues.current.fireAndForget { throw Failure() }
    } matching: {
      $0.description.contains("Work started with 'fireAndForget' threw")
    }
  }

  @Test func assertAndPreconditionReportAFailedCheckInTestsAndGoOn() {
    let values = DependencyValues(context: .test)
    var reached = 0
    withKnownIssue {
      values.assert(1 + 1 == 3, "arithmetic")
      reached += 1
      values.precondition(false)
      reached += 1
      values.assertionFailure("never here")
      reached += 1
    } matching: { issue in
      ["A check failed: arithmetic", "A check failed.", "An assertion failed: never here"]
        .contains { issue.description.contains($0) }
    }
    #expect(reached == 3, "each failed check was reported, and the code went on")
    // A check that holds says nothing.
    values.assert(true, "fine")
    values.precondition(2 > 1)
  }
}

/// A key declared with a live value only.
private enum Clock24: DependencyKey {
  static let liveValue: Int = 24
}

extension DependencyValues {
  fileprivate var clock24: Int {
    get { self[Clock24.self] }
    set { self[Clock24.self] = newValue }
  }
}

/// A key declared with a live and a preview value, but no test value.
private enum Greeting: DependencyKey {
  static let liveValue = "live"
  static let previewValue = "preview"
}

struct LiveOnlyKeyTests {
  @Test func aKeyWithoutATestValueUsesItsPreviewValueInATestAndReportsIt() {
    let values = DependencyValues(context: .test)
    withKnownIssue {
      #expect(values[Greeting.self] == "preview", "as swift-dependencies: the preview value, not the live one")
    } matching: {
      $0.description.contains("Greeting has no test value, so a test used its preview value")
    }
  }

  @Test func aKeyWithNoTestValueIsReportedAtTheDependencyLineThatReadIt() {
    @Dependency(Clock24.self) var byType
    let byTypeLine: Int = #line - 1
    @Dependency(\.clock24) var byKeyPath
    let byKeyPathLine: Int = #line - 1
    // Each read in values of its own, so that each computes the default (and reports) afresh.
    for (read, line) in [({ byType }, byTypeLine), ({ byKeyPath }, byKeyPathLine)] {
      withKnownIssue {
        _ = withDependencies {
          $0 = DependencyValues(context: .test)
        } operation: {
          read()
        }
      } matching: { issue in
        issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "MoreBuiltInsTests.swift"
      }
    }
  }

  @Test func aKeyWithOnlyALiveValueUsesItInATestAndReportsIt() {
    let values = DependencyValues(context: .test)
    withKnownIssue {
      #expect(values[Clock24.self] == 24)
    } matching: {
      $0.description.contains("Clock24 has no test value")
    }
    // Overridden, nothing is reported: the test said what it is.
    var overridden = DependencyValues(context: .test)
    overridden[Clock24.self] = 12
    #expect(overridden[Clock24.self] == 12)
  }
}
