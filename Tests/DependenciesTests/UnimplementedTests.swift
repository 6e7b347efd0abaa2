import Dependencies
import Foundation
import Testing

/// An unimplemented endpoint's report names it and the arguments it was called with.
struct UnimplementedTests {
  struct Query: Equatable {
    var text: String
    var limit: Int
  }

  @Test func theReportIncludesTheArguments() async {
    let search: @Sendable (Query, Int) async throws -> [String] = unimplemented("SearchClient.search")
    let reports = LockIsolatedStrings()
    await withKnownIssue {
      _ = try? await search(Query(text: "ada", limit: 20), 2)
    } matching: { issue in
      reports.append(issue.comments.map(\.rawValue).joined())
      return true
    }
    #expect(
      reports.values == [
        "Unimplemented: 'SearchClient.search' was called with (UnimplementedTests.Query(text: \"ada\", limit: 20), 2)."
          + " Override it in this test with 'withDependencies' or the store's dependency closure."
      ])
  }

  @Test func anEndpointWithoutArgumentsSaysNone() {
    let count: @Sendable () -> Int = unimplemented("Counter.count", placeholder: 0)
    let reports = LockIsolatedStrings()
    withKnownIssue {
      #expect(count() == 0)
    } matching: { issue in
      reports.append(issue.comments.map(\.rawValue).joined())
      return true
    }
    #expect(reports.values.first?.hasPrefix("Unimplemented: 'Counter.count' was called. Override") == true)
  }
}

/// Reports collected from any thread.
final class LockIsolatedStrings: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [String] = []
  func append(_ value: String) { lock.withLock { storage.append(value) } }
  var values: [String] { lock.withLock { storage } }
}
