import Composable
import ComposableDebugger
import Foundation
import Testing

/// Two versions of an action type: the second renamed a case and added one.
enum FirstVersionAction: Equatable, Codable, CasePathable {
  case tapped(Int)
  case child(ChildAction)
}

/// The same shape as `FirstVersionAction` under another name: a renamed type decodes the same JSON.
enum RenamedFirstVersionAction: Equatable, Codable, CasePathable {
  case tapped(Int)
  case child(ChildAction)
}

/// `FirstVersionAction` with a child action grown by one case.
enum SecondVersionAction: Equatable, Codable, CasePathable {
  case tapped(Int)
  case child(GrownChildAction)
}

/// A child feature's actions.
enum ChildAction: Equatable, Codable, CasePathable {
  case saved
}

/// The child's actions with one more case.
enum GrownChildAction: Equatable, Codable, CasePathable {
  case saved
  case cancelled
}

/// A state of a list, a selection and a mode.
struct VersionedState {
  var rows: [Int] = []
  var selected: Int?
  var mode = Mode.browsing
  var child = ChildState()

  enum Mode { case browsing, editing(Int) }
}

/// A child state.
struct ChildState {
  var name = ""
}

/// The same state with a field added to its child.
struct GrownState {
  var rows: [Int] = []
  var selected: Int?
  var mode = VersionedState.Mode.browsing
  var child = GrownChildState()
}

/// The child state with one more field.
struct GrownChildState {
  var name = ""
  var email = ""
}

/// What a recording carries to tell the types that made it, and what a replay lists when they changed.
struct RecordingFingerprintTests {
  @Test func theFingerprintFollowsTheShapeOfTheTypesNotTheirValuesOrNames() {
    let first = recordingFingerprint(of: VersionedState(), actions: FirstVersionAction.self)
    var busy = VersionedState(rows: [1, 2, 3], selected: 2, mode: .editing(2))
    busy.child.name = "Ada"
    #expect(recordingFingerprint(of: busy, actions: FirstVersionAction.self) == first, "values do not count")
    #expect(recordingFingerprint(of: VersionedState(), actions: RenamedFirstVersionAction.self) == first)
    #expect(recordingFingerprint(of: VersionedState(), actions: SecondVersionAction.self) != first, "a child's case")
    #expect(recordingFingerprint(of: GrownState(), actions: FirstVersionAction.self) != first, "a child's field")
  }

  @Test func eachLineThatNoLongerDecodesIsListedWithItsPathAndWhy() {
    let log = """
      {"header":{"sharedValues":{"values":{}}}}
      {"action":{"tapped":{"_0":1}},"time":1}
      {"action":{"child":{"_0":{"cancelled":{}}}},"time":2}
      {"action":{"tapped":{"_0":"one"}},"time":3}

      {"action":{"child":{"_0":{"saved":{}}}},"time":4}
      not json
      """
    let decoded = decodedRecording(in: log, of: FirstVersionAction.self)
    #expect(decoded.actions == [.tapped(1), .child(.saved)])
    #expect(decoded.undecodable.map(\.line) == [3, 4, 7])
    #expect(decoded.undecodable[0].description == "line 3: child.cancelled: ChildAction has no case 'cancelled'")
    #expect(decoded.undecodable[1].path == "tapped")
    #expect(decoded.undecodable[1].reason.contains("Int"), "\(decoded.undecodable[1].reason)")
    #expect(decoded.undecodable[2].path == "")
    #expect(throws: ReplayError.self) { try recordedActions(in: log, of: FirstVersionAction.self) }
  }
}
