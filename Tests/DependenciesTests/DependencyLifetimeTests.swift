import ComposableTesting
import Dependencies
import Foundation
import IssueReporting
import Testing

private enum Greeting: TestDependencyKey {
  static let testValue = "test hello"
}

private enum Volume: TestDependencyKey {
  static let testValue = 1
}

/// A key with no live implementation, as a client whose Live module is not linked.
private enum Unlinked: TestDependencyKey {
  static let testValue = "unlinked test value"
}

/// An optional dependency whose test value is not implemented: reading it must say so.
private enum OptionalToken: TestDependencyKey {
  static var testValue: String? {
    reportIssue("Unimplemented: 'OptionalToken' has no test value")
    return nil
  }
}

/// An object with dependencies, as a view model would have.
private final class Greeter: @unchecked Sendable {
  @Dependency(Greeting.self) var greeting
  @Dependency(Volume.self) var volume
}

/// An object with no dependencies.
private final class Plain: Sendable {}

/// Objects keep the values in force when they were created; children inherit them; escaping closures carry them.
struct DependencyLifetimeTests {
  @Test func anObjectCreatedInAScopeKeepsItsValuesAfterIt() async {
    let greeter = withDependencies {
      $0[Greeting.self] = "bonjour"
    } operation: {
      Greeter()
    }
    #expect(greeter.greeting == "bonjour")
    // From another thread, outside every scope.
    let elsewhere = await Task.detached { greeter.greeting }.value
    #expect(elsewhere == "bonjour")
    let onAQueue = await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: greeter.greeting) }
    }
    #expect(onAQueue == "bonjour")
  }

  @Test func insideAnotherScopeItsOwnOverridesComeFirstAndTheKeptOnesFillIn() {
    let greeter = withDependencies {
      $0[Greeting.self] = "bonjour"
    } operation: {
      Greeter()
    }
    withDependencies {
      $0[Volume.self] = 11
    } operation: {
      #expect(greeter.greeting == "bonjour")
      #expect(greeter.volume == 11)
    }
    withDependencies {
      $0[Greeting.self] = "hola"
    } operation: {
      #expect(greeter.greeting == "hola")
    }
  }

  @Test func anObjectCreatedOutsideAnyScopeReadsTheCurrentValues() {
    let greeter = Greeter()
    #expect(greeter.greeting == "test hello")
    withDependencies {
      $0[Greeting.self] = "hej"
    } operation: {
      #expect(greeter.greeting == "hej")
    }
  }

  @Test func aChildCreatedFromItsParentInheritsItsValues() {
    let parent = withDependencies {
      $0[Greeting.self] = "ciao"
    } operation: {
      Greeter()
    }
    let child = withDependencies(from: parent) {
      $0[Volume.self] = 3
    } operation: {
      Greeter()
    }
    #expect(child.greeting == "ciao")
    #expect(child.volume == 3)
    #expect(parent.volume == 1)
  }

  @Test func aParentWithoutDependenciesIsReported() {
    withKnownIssue {
      let child = withDependencies(from: Plain()) { Greeter() }
      #expect(child.greeting == "test hello")
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("no dependencies to hand down") }
    }
  }

  @Test func theCurrentScopeWinsOverTheParentsValues() {
    let parent = withDependencies {
      $0[Greeting.self] = "ciao"
      $0[Volume.self] = 5
    } operation: {
      Greeter()
    }
    // A test's own overrides reach a child made from a parent made before them; the rest comes from the parent.
    let child = withDependencies {
      $0[Greeting.self] = "hallo"
    } operation: {
      withDependencies(from: parent) { Greeter() }
    }
    #expect(child.greeting == "hallo")
    #expect(child.volume == 5)
  }

  @Test func aParentMadeInAWithDependenciesOperationHandsItsValuesDownWithoutADependencyProperty() {
    let parent = withDependencies {
      $0[Greeting.self] = "hej"
    } operation: {
      Plain()
    }
    // No issue: the operation that made it registered the values it was made under.
    let child = withDependencies(from: parent) { Greeter() }
    #expect(child.greeting == "hej")
    let grandchild = withDependencies(from: child) { Plain() }
    let greeter = withDependencies(from: grandchild) { Greeter() }
    #expect(greeter.greeting == "hej", "what withDependencies(from:) makes hands down too")
  }

  @Test func escapedDependenciesAreYieldedInAnEscapingClosure() async {
    let heard = await withDependencies {
      $0[Greeting.self] = "salut"
    } operation: {
      await withEscapedDependencies { continuation in
        await withCheckedContinuation { (result: CheckedContinuation<String, Never>) in
          DispatchQueue.global().async {
            let inside = continuation.yield { DependencyValues.current[Greeting.self] }
            result.resume(returning: inside)
          }
        }
      }
    }
    #expect(heard == "salut")
    // Without the continuation, the closure sees the values outside the scope.
    let lost = await withDependencies {
      $0[Greeting.self] = "salut"
    } operation: {
      await withCheckedContinuation { (result: CheckedContinuation<String, Never>) in
        DispatchQueue.global().async { result.resume(returning: DependencyValues.current[Greeting.self]) }
      }
    }
    #expect(lost == "test hello")
  }

  @Test func anOptionalDependencyWithoutATestValueReports() {
    withKnownIssue {
      #expect(DependencyValues.current[OptionalToken.self] == nil)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("'OptionalToken' has no test value") }
    }
  }
}

/// `prepareDependencies` sets values once, for everything that reads them after.
struct PrepareDependenciesTests {
  @Test func preparedValuesAreReadEverywhereAfter() async {
    prepareDependencies { $0[Greeting.self] = "prepared" }
    #expect(Greeter().greeting == "prepared")
    #expect(DependencyValues.current[Greeting.self] == "prepared")
    let inATask = await Task { DependencyValues.current[Greeting.self] }.value
    #expect(inATask == "prepared")
  }

  @Test func prepareReturnsWhatItsClosureMade() {
    let made = prepareDependencies { values -> String in
      values[Greeting.self] = "from a file"
      return "connection"
    }
    #expect(made == "connection")
    #expect(DependencyValues.current[Greeting.self] == "from a file")
  }

  @Test func preparingAValueAlreadyReadIsReportedAndWhatWasReadStays() {
    #expect(DependencyValues.current[Volume.self] == 1)
    withKnownIssue {
      prepareDependencies { $0[Volume.self] = 5 }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("set Volume, already read: call it first") }
    }
    #expect(DependencyValues.current[Volume.self] == 1)
  }

  @Test func preparingTwiceIsReportedAndTheFirstValueStays() {
    prepareDependencies { $0[Volume.self] = 5 }
    withKnownIssue {
      prepareDependencies { $0[Volume.self] = 6 }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("set Volume a second time") }
    }
    #expect(DependencyValues.current[Volume.self] == 5)
  }

  @Test func preparingAnotherContextChangesTheTestsValuesFromThenOnButNotInsideAScope() {
    prepareDependencies {
      $0.context = .preview
      $0[Volume.self] = 8
    }
    #expect(DependencyValues.current.context == .preview)
    #expect(DependencyValues.current[Volume.self] == 8, "what the same closure prepared holds in the new context")
    withDependencies {
      $0[Greeting.self] = "scoped"
    } operation: {
      withKnownIssue {
        prepareDependencies { $0.context = .live }
      } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("cannot change the context (preview to live) inside") }
      }
    }
    #expect(DependencyValues.current.context == .preview)
  }

  @Test func inThePreviewContextALaterPreparationReplacesAValueReadOrPrepared() {
    withDependencies {
      $0.context = .preview
    } operation: {
      #expect(DependencyValues.current[Volume.self] == 1)
      prepareDependencies { $0[Volume.self] = 5 }
      #expect(DependencyValues.current[Volume.self] == 5, "read before, replaced without a report")
      prepareDependencies { $0[Volume.self] = 6 }
      #expect(DependencyValues.current[Volume.self] == 6, "prepared before, replaced: a preview renders again")
    }
  }

  @Test func settingOnePartOfAClientReadsItWithoutAReport() {
    // Reading the client inside the closure, to set one endpoint, is not a read before preparing.
    prepareDependencies { $0[Speaker.self].speak = { "prepared" } }
    #expect(DependencyValues.current[Speaker.self].speak() == "prepared")
    #expect(DependencyValues.current[Speaker.self].volume() == 3)
  }

  @Test func aScopeItIsCalledInAndTheScopesAroundItSeeIt() {
    withDependencies {
      $0[Volume.self] = 7
    } operation: {
      withDependencies {
        $0[Greeting.self] = "scoped"
      } operation: {
        prepareDependencies { $0[Speaker.self].speak = { "prepared inside" } }
      }
      #expect(DependencyValues.current[Speaker.self].speak() == "prepared inside")
      // The scope's own overrides still win.
      #expect(DependencyValues.current[Volume.self] == 7)
    }
    #expect(DependencyValues.current[Speaker.self].speak() == "prepared inside")
  }

  @Test func aValueMadeForTheTestStoreKeepsWhatWasPrepared() {
    prepareDependencies { $0[Greeting.self] = "prepared for the store" }
    let fresh = DependencyValues.current.withFreshDefaults(context: .test)
    #expect(fresh[Greeting.self] == "prepared for the store")
    #expect(DependencyValues.current.withFreshDefaults(context: .preview)[Greeting.self] == "test hello")
  }
}

/// A client with two endpoints, one of which a test prepares.
private struct Speaker: TestDependencyKey {
  var speak: @Sendable () -> String
  var volume: @Sendable () -> Int
  static let testValue = Speaker(speak: { "unprepared" }, volume: { 3 })
}

/// In a live context, a test-only dependency read to be replaced is not an error; read for real, it is, at the
/// line of its `@Dependency`.
struct LiveContextTests {
  private struct Reader {
    static let dependencyLine = #line + 1
    @Dependency(\.unlinkedForTests) var unlinked
  }

  @Test func readingInTheUpdateClosureIsSilent() {
    withDependencies {
      $0.context = .live
    } operation: {
      let replaced = withDependencies {
        $0[Unlinked.self] = $0[Unlinked.self] + ", replaced"
      } operation: {
        DependencyValues.current[Unlinked.self]
      }
      #expect(replaced == "unlinked test value, replaced")
    }
  }

  @Test func aRealReadIsReportedAtTheDependencyLine() {
    let line = LockIsolated<Int?>(nil)
    withKnownIssue {
      withDependencies {
        $0.context = .live
      } operation: {
        _ = Reader().unlinked
      }
    } matching: { issue in
      line.withValue { $0 = issue.sourceLocation?.line }
      return issue.comments.contains { $0.rawValue.contains("No live implementation") }
    }
    #expect(line.value == Reader.dependencyLine)
  }
}

extension DependencyValues {
  fileprivate var unlinkedForTests: String { self[Unlinked.self] }
}

/// Each argument case of a parameterized test gets its own dependencies with the trait.
@Suite(.serialized) struct DependenciesTraitTests {
  private static let counter = LockIsolated(0)

  private final class Box: @unchecked Sendable {
    var value = 0
  }

  private enum BoxKey: TestDependencyKey {
    static var testValue: Box { Box() }
  }

  @Test(.dependencies, arguments: [1, 2, 3])
  func eachArgumentCaseStartsFresh(value: Int) {
    let box = DependencyValues.current[BoxKey.self]
    #expect(box.value == 0)
    box.value = value
  }

  @Test(.dependencies { $0[Greeting.self] = "from the trait" })
  func theTraitsUpdateApplies() {
    #expect(DependencyValues.current[Greeting.self] == "from the trait")
    #expect(Greeter().greeting == "from the trait")
  }
}
