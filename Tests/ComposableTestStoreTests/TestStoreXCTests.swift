import Composable
import ComposableTesting
import XCTest

/// The same failures reach XCTest, at the test's own file and line.
///
/// XCTest has no portable expected-failure API (XCTExpectFailure is Apple-only),
/// so this case catches its own failures by overriding the recording hook and
/// asserts on what was caught.
final class TestStoreXCTests: XCTestCase {
  private var caught: [(message: String, file: String, line: Int)] = []
  private var isCatching = false

  #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
      guard isCatching else { return super.record(issue) }
      let location = issue.sourceCodeContext.location
      caught.append((issue.compactDescription, location?.fileURL.path ?? "", location?.lineNumber ?? 0))
    }
  #else
    override func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
      guard isCatching else {
        return super.recordFailure(
          withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      }
      caught.append((description, filePath, lineNumber))
    }
  #endif

  @MainActor func testAWrongStateFailsTheXCTestAtTheAssertionLine() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    isCatching = true
    let line = #line + 1
    await store.send(.increment) { $0.count = 2 }
    isCatching = false
    XCTAssertEqual(caught.count, 1)
    XCTAssertTrue(caught.first?.message.contains("+   count: 1") == true)
    XCTAssertEqual(caught.first?.line, line)
    XCTAssertTrue(caught.first?.file.hasSuffix("TestStoreXCTests.swift") == true)
  }

  @MainActor func testUnassertedActionsFailTheXCTestWhenTheStoreIsReleased() async {
    isCatching = true
    let line = #line + 2
    do {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      await store.send(.incrementTwiceTapped)
    }
    isCatching = false
    XCTAssertEqual(caught.count, 1)
    XCTAssertTrue(caught.first?.message.contains("did not assert") == true)
    XCTAssertEqual(caught.first?.line, line)
  }

  @MainActor func testAPassingXCTestRecordsNothing() async {
    isCatching = true
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementTwiceTapped)
    await store.receive(.increment) { $0.count = 1 }
    await store.receive(.increment) { $0.count = 2 }
    await store.finish()
    isCatching = false
    XCTAssertTrue(caught.isEmpty)
  }
}
