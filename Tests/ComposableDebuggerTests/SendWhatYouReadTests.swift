import Composable
import ComposableDebugger
import Foundation
import Testing

/// A search, as a list feature's query is: printed as a struct payload.
struct SentQuery: Codable, Equatable {
  var text: String
  var page: Int
}

/// A child screen's actions, presented and pushed.
enum SentEditAction: Codable, Equatable, CasePathable {
  case saveTapped
  case nameChanged(String)
  case delegate(Delegate)

  enum Delegate: Codable, Equatable {
    case saved(id: Int)
    case cancelled
  }
}

/// What the parent's actions look like in an app: payloads of every kind, and children behind navigation.
enum SentParentAction: Codable, Equatable, CasePathable {
  case appStarted(interactive: Bool)
  case userTapped(Int)
  case searched(SentQuery)
  case pageRead(row: Int, String, Double?)
  case shown([Int])
  case edit(PresentationAction<SentEditAction>)
  case path(StackAction<Int, SentEditAction>)
}

/// A store that keeps the last action it was sent.
@MainActor private func debuggedStore() -> (
  Store<[SentParentAction], SentParentAction>, StoreDebugger<[SentParentAction], SentParentAction>
) {
  let store = Store(
    initialState: [SentParentAction](),
    reducer: Reduce<[SentParentAction], SentParentAction> { state, action in
      state.append(action)
      return .none
    })
  store.recordTimeline()
  return (store, StoreDebugger(store: store, side: .inApp)!)
}

/// `:send` takes an action as the timeline prints it: what a user reads is what they can send back.
@MainActor @Suite struct SendWhatYouReadTests {
  @Test(arguments: [
    SentParentAction.appStarted(interactive: false),
    .userTapped(3),
    .searched(SentQuery(text: "gr \"quoted\"", page: 2)),
    .pageRead(row: 4, "a, b", 2.5),
    .pageRead(row: 4, "none", nil),
    .shown([1, 2, 3]),
    .edit(.presented(.nameChanged("Ada"))),
    .edit(.presented(.delegate(.saved(id: 2)))),
    .edit(.dismiss),
    .path(.element(id: 0, action: .saveTapped)),
    .path(.element(id: 7, action: .delegate(.cancelled))),
  ])
  func anActionPrintedByTheTimelineIsSentBackAsItself(action: SentParentAction) {
    let (store, debugger) = debuggedStore()
    let printed = actionPath(action)
    guard case let .text(said) = debugger.run(":send \(printed)", pageSize: 20) else {
      Issue.record("refused: \(printed)")
      return
    }
    #expect(said == "Sent #1 \(printed).")
    #expect(store.currentState == [action], "\(printed)")
  }

  @Test func aWrongCaseIsRefusedNamingTheTypeAndTheCase() {
    let (store, debugger) = debuggedStore()
    guard case let .error(message) = debugger.run(":send edit.nameChangd(\"Ada\")", pageSize: 20) else {
      Issue.record("sent")
      return
    }
    #expect(message.hasPrefix("edit.nameChangd(\"Ada\") is not an action of SentParentAction: "))
    #expect(message.hasSuffix("SentEditAction has no case 'nameChangd'; did you mean 'nameChanged(_:)'?"), "\(message)")
    // The nearest case is spelled with its labels; a name near none gets no guess.
    guard case let .error(labeled) = debugger.run(":send pageRaed(row: 1, \"a\", nil)", pageSize: 20),
      case let .error(farOff) = debugger.run(":send somethingElse", pageSize: 20)
    else {
      Issue.record("sent")
      return
    }
    #expect(
      labeled.hasSuffix("SentParentAction has no case 'pageRaed'; did you mean 'pageRead(row:_:_:)'?"), "\(labeled)")
    #expect(farOff.hasSuffix("SentParentAction has no case 'somethingElse'"), "\(farOff)")
    guard case let .error(unreadable) = debugger.run(":send userTapped(3", pageSize: 20) else {
      Issue.record("sent")
      return
    }
    #expect(
      unreadable
        == "'userTapped(3' is not an action as the timeline prints it (list.userTapped(3)) or as JSON: expected ',' or ')', found its end."
    )
    #expect(store.currentState.isEmpty)
  }

  @Test func theJSONARecordingWritesIsStillTaken() {
    let (store, debugger) = debuggedStore()
    guard case .text = debugger.run(#":send {"userTapped":{"_0":5}}"#, pageSize: 20) else {
      Issue.record("refused")
      return
    }
    #expect(store.currentState == [.userTapped(5)])
  }
}
