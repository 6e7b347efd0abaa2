import Composable
import ComposableDebugger
import Foundation
import IdentifiedCollections
import Testing
import ValueDump

/// A directory row, found by `:find` through its list.
struct FoundRow: Codable, Equatable, Identifiable {
  var id: Int
  var name: String
  var email: String
}

/// A directory's state: rows by id, and a search.
struct FoundDirectory: Equatable {
  var rows: IdentifiedArrayOf<FoundRow> = []
  var query = ""
}

/// What the directory is sent: rows added and renamed, a search typed, a timer's tick.
enum FoundAction: Codable, Equatable {
  case added(FoundRow)
  case renamed(id: Int, String)
  case queryChanged(String)
  case tick
}

/// A store keeping its timeline, with a debugger at the app's prompt, after four rows, a search and two ticks.
@MainActor private func directory() -> (Store<FoundDirectory, FoundAction>, StoreDebugger<FoundDirectory, FoundAction>)
{
  let store = Store(
    initialState: FoundDirectory(),
    reducer: Reduce<FoundDirectory, FoundAction> { state, action in
      switch action {
      case let .added(row): state.rows.append(row)
      case let .renamed(id, name): state.rows[id: id]?.name = name
      case let .queryChanged(query): state.query = query
      case .tick: break
      }
      return .none
    })
  store.recordTimeline()
  for action: FoundAction in [
    .added(FoundRow(id: 1, name: "Ada Lovelace", email: "ada@example.com")), .tick,
    .added(FoundRow(id: 3, name: "Grace Hopper", email: "grace@navy.mil")), .queryChanged("ada"), .tick,
    .renamed(id: 1, "Ada King"),
  ] {
    store.send(action)
  }
  return (store, StoreDebugger(store: store, side: .inApp)!)
}

@MainActor private func text(_ reply: StoreDebugger<FoundDirectory, FoundAction>.Reply) -> String {
  switch reply {
  case let .text(text): text
  case let .error(message): "error: " + message
  case let .later(make): make()
  case .quit, .follow: "(\(reply))"
  }
}

/// `:filter` hides actions from what the debugger lists, follows and exports until cleared; `:find` lists where the
/// state has a text or a field's value.
@MainActor struct FilterAndFindTests {
  @Test func aDenyRuleHidesMatchingActionsFromTheTimelineUntilCleared() {
    let (store, debugger) = directory()
    defer { withExtendedLifetime(store) {} }
    #expect(text(debugger.run(":filter", pageSize: 20)).hasPrefix("No filter: every action is shown."))
    let shown = text(debugger.run(":filter deny tick", pageSize: 20))
    #expect(shown == "Filter (for :timeline, :follow and :export; ':filter clear' removes it):\n  deny: 'tick'")
    let listed = text(debugger.run(":timeline", pageSize: 20))
    #expect(!listed.contains(" tick"), "\(listed)")
    #expect(listed.contains("added(FoundRow(") && listed.contains("renamed(id: 1, \"Ada King\")"), "\(listed)")
    #expect(listed.hasSuffix("Actions 1–4 of 4 (kept: #1–#6; 2 hidden by ':filter')."), "\(listed)")
    // A plain search looks among what the filter shows.
    #expect(text(debugger.run(":timeline tick", pageSize: 20)) == "No kept action the filter shows matches 'tick'.")
    _ = debugger.run(":filter clear", pageSize: 20)
    #expect(text(debugger.run(":timeline", pageSize: 20)).hasSuffix("Actions 1–6 of 6 (kept: #1–#6)."))
  }

  @Test func anAllowRuleKeepsOnlyWhatMatchesItAndAPatternMatchesTheWholePath() {
    let (store, debugger) = directory()
    defer { withExtendedLifetime(store) {} }
    _ = debugger.run(":filter allow ADDED", pageSize: 20)
    let added = text(debugger.run(":timeline", pageSize: 20))
    #expect(added.hasSuffix("Actions 1–2 of 2 (kept: #1–#6; 4 hidden by ':filter')."), "\(added)")
    _ = debugger.run(":filter allow *(id: 1*", pageSize: 20)
    _ = debugger.run(":filter deny *Grace*", pageSize: 20)
    let both = text(debugger.run(":timeline", pageSize: 20))
    #expect(both.contains("#1 ") && both.contains("#6 ") && !both.contains("#3 "), "\(both)")
    #expect(text(debugger.run(":filter deny *", pageSize: 20)).hasSuffix("deny: '*Grace*', '*'"))
    #expect(
      text(debugger.run(":timeline", pageSize: 20)) == "The filter hides all 6 kept actions (':filter' shows it).")
  }

  @Test func theFilterDecidesWhatAFollowingClientIsSentAndWhatAnExportHolds() throws {
    let (store, debugger) = directory()
    defer { withExtendedLifetime(store) {} }
    _ = debugger.run(":filter deny tick", pageSize: 20)
    let rows = store.timeline!.rows(after: 0, rules: debugger.filter)
    #expect(rows.count == 4 && !rows.contains { $0.hasSuffix(" tick") }, "\(rows)")
    let recording = try debugger.recording().get()
    let lines = recording.split(separator: "\n")
    #expect(lines.count == 5, "a header and the four actions the filter shows: \(recording)")
    #expect(!recording.contains("\"tick\""))
  }

  @Test func aMisspelledFilterIsRefusedSayingWhatItTakes() {
    let (store, debugger) = directory()
    defer { withExtendedLifetime(store) {} }
    for line in [":filter tick", ":filter allow", ":filter clear all"] {
      #expect(
        text(debugger.run(line, pageSize: 20)).hasPrefix("error: ':filter' takes 'allow RULE', 'deny RULE' or 'clear'"),
        "\(line)")
    }
    #expect(debugger.filter.isEmpty)
  }

  @Test func findListsThePathsWhereTheLiveStateHasTheText() {
    let (store, debugger) = directory()
    defer { withExtendedLifetime(store) {} }
    let found = text(debugger.run(":find ada", pageSize: 20))
    #expect(
      found == """
        3 places in the live state match 'ada':
          rows[id: 1].name   "Ada King"
          rows[id: 1].email  "ada@example.com"
          query              "ada"
        """)
    let byField = text(debugger.run(":find email=navy", pageSize: 20))
    #expect(byField == "1 place in the live state matches 'email=navy':\n  rows[id: 3].email  \"grace@navy.mil\"")
    #expect(text(debugger.run(":find nobody", pageSize: 20)) == "Nothing in the live state matches 'nobody'.")
    #expect(text(debugger.run(":find", pageSize: 20)).hasPrefix("error: ':find' takes a text"))
  }

  @Test func findSearchesThePastStateTheDebuggerLooksAt() {
    let (store, debugger) = directory()
    defer { withExtendedLifetime(store) {} }
    _ = debugger.run(":at 3", pageSize: 20)
    let past = text(debugger.run(":find name=ada", pageSize: 20))
    #expect(past == "1 place in the state after #3 matches 'name=ada':\n  rows[id: 1].name  \"Ada Lovelace\"")
  }

  @Test func aPlaceIsNamedAsSwiftReachesItAndAStackElementAsTheTimelineNamesIt() {
    struct Screen {
      var path = StackState([FoundRow(id: 7, name: "Ada", email: "a@b")])
      var status = FoundAction.renamed(id: 7, "Ada")
      var tags = ["x": 1]
    }
    let places = valuePlaces(of: Screen()).map { "\($0.path) \($0.isLeaf ? "=" : ":") \($0.value)" }
    #expect(places.contains("path[id: 0].name = \"Ada\""), "\(places)")
    #expect(places.contains("status.renamed.id = 7"), "\(places)")
    #expect(places.contains("status.renamed.1 = \"Ada\""), "\(places)")
    #expect(places.contains("tags[\"x\"] = 1"), "\(places)")
  }

  @Test(arguments: [
    ("list.", "list.userTapped(3)", true), ("list.", "path[id: 0].list.x", false),
    ("*.followChangesElsewhere", "path[id: 1].detail.followChangesElsewhere", true),
    ("*Tapped*", "list.USERTAPPED(3)", true), ("*Tapped", "list.userTapped(3)", false),
    ("a*b*c", "axxbyyc", true), ("a*b*c", "axxbyy", false), ("*", "", true),
  ])
  func aRuleIsAPrefixOrAPatternOverTheWholePath(rule: String, path: String, matches: Bool) {
    var allowing = TimelineFilter()
    allowing.add(rule, allowing: true)
    var denying = TimelineFilter()
    denying.add(rule, allowing: false)
    #expect(allowing.admits(path) == matches)
    #expect(denying.admits(path) == !matches)
  }
}
