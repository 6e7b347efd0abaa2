import Composable
import ComposableDebugServer
import ComposableDebugger
import ComposableTestStore
import Foundation

// Release-mode benchmarks of the runtime. Every number is nanoseconds per
// action, the median of 5 rounds, each timed run right after an untimed warm-up
// run, with its ratio to a baseline: a bare closure reducer mutating a struct
// held by a class. The rounds are interleaved (each round runs every scenario),
// so that the ratios between scenarios compare them under the same conditions
// on a noisy machine.

let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--help") {
  print(
    """
    usage: Benchmarks [--quick] [--only X]
      Runs every scenario in release mode and prints ns/action and the ratio to the baseline.
      --quick   fewer iterations, for a smoke test (numbers are noisier)
      --only X  run only scenarios X (a to n, g2; several as a,b), for profiling
      --commands N  how many commands (n) types into its live session (100,000; 10,000 with --quick)
      --fail-on-miss  exit 1 when (n) misses a bound (Scripts/long-session)
      --matching TEXT  of those, run only the scenarios whose name contains TEXT (and the baseline)
      --seed N FOLDER  write N generated users to FOLDER/users.db instead (Scripts/seed-users)
      --markdown FILE  also write the results as the table between FILE's markers (docs/performance.md)
    """)
  exit(0)
}
var markdown: MarkdownTable?
if let index = arguments.firstIndex(of: "--markdown") {
  guard arguments.index(after: index) < arguments.endIndex else {
    FileHandle.standardError.write(Data("usage: Benchmarks --markdown FILE\n".utf8))
    exit(2)
  }
  do {
    markdown = try MarkdownTable(path: arguments[arguments.index(after: index)])
  } catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(2)
  }
}
if let index = arguments.firstIndex(of: "--seed") {
  // Scripts/seed-users: a data folder of N generated users, in users.db.
  let rest = Array(arguments[arguments.index(after: index)...])
  guard rest.count == 2, let count = Int(rest[0]), count >= 0 else {
    FileHandle.standardError.write(Data("usage: Benchmarks --seed N FOLDER\n".utf8))
    exit(2)
  }
  let folder = URL(fileURLWithPath: rest[1], isDirectory: true)
  let file = folder.appendingPathComponent("users.db")
  guard !FileManager.default.fileExists(atPath: file.path) else {
    FileHandle.standardError.write(Data("error: \(file.path) exists; seed an empty folder\n".utf8))
    exit(1)
  }
  do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try seedDatabase(file: file, count: count)
  } catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
  }
  print("Wrote \(count) users to \(file.path).")
  exit(0)
}
let scale = arguments.contains("--quick") ? 10 : 1
let only: String? = arguments.firstIndex(of: "--only").flatMap { index in
  arguments.index(after: index) < arguments.endIndex ? arguments[arguments.index(after: index)] : nil
}
/// How many commands row (n) types into its live session; a bad `--commands` stops before any row runs.
let longSessionCommands: Int = {
  guard let index = arguments.firstIndex(of: "--commands") else {
    return arguments.contains("--quick") ? 10_000 : 100_000
  }
  let value = arguments.index(after: index) < arguments.endIndex ? arguments[arguments.index(after: index)] : ""
  guard let count = Int(value), count >= 1_000 else {
    FileHandle.standardError.write(
      Data(
        "error: --commands takes a whole number from 1000 up (the baseline is taken at 1,000), not '\(value)'\n".utf8))
    exit(2)
  }
  return count
}()
/// Whether scenario `name` runs in this invocation.
func runs(_ name: String) -> Bool { only.map { $0.split(separator: ",").contains(Substring(name)) } ?? true }

var scenarios: [Scenario] = []

/// The baseline's state holder.
final class Holder {
  var state = Counter.State()
}

let sendCount = 1_000_000 / scale
/// The baseline reducer: not inlinable, like a reducer the store calls through a closure.
@inline(never) func baselineReduce(_ state: inout Counter.State, _ action: Counter.Action) {
  state.count += 1
}
let holder = Holder()
scenarios.append(
  Scenario(name: "baseline: closure on a class", operations: sendCount) {
    for _ in 0..<sendCount { baselineReduce(&holder.state, .increment) }
    blackHole(holder.state.count)
  })

// (a) sends to a counter store
let counterStore = Store(initialState: Counter.State(), reducer: Counter())
if runs("a") {
  scenarios.append(
    Scenario(name: "(a) 1M sends, counter store", operations: sendCount) {
      for _ in 0..<sendCount { counterStore.send(.increment) }
      blackHole(counterStore.currentState)
    })
}

// (b) the same through a store scoped five levels deep
/// The counter five levels below `root`, through a scoped store per level.
@MainActor func fiveLevelsDown(_ root: StoreOf<Level5>) -> StoreOf<Counter> {
  root.scope(state: \.child, action: \.child)
    .scope(state: \.child, action: \.child)
    .scope(state: \.child, action: \.child)
    .scope(state: \.child, action: \.child)
    .scope(state: \.child, action: \.child)
}
let rootStore = Store(initialState: Level5.State(), reducer: Level5())
let deepStore = fiveLevelsDown(rootStore)
if runs("b") {
  scenarios.append(
    Scenario(name: "(b) 1M sends, scoped 5 deep", operations: sendCount) {
      for _ in 0..<sendCount { deepStore.send(.increment) }
      blackHole(deepStore.currentState)
    })
}

// (b) again with the root erased, as an app's composition root does (`Reduce(AppFeature().analytics(…))`):
// the store must still keep and prepare the bodies.
let erasedRootStore = Store(initialState: Level5.State(), reducer: Reduce(Level5()))
let erasedDeepStore = fiveLevelsDown(erasedRootStore)
if runs("b") {
  scenarios.append(
    Scenario(name: "(b) the same, root erased", operations: sendCount) {
      for _ in 0..<sendCount { erasedDeepStore.send(.increment) }
      blackHole(erasedDeepStore.currentState)
    })
}

// (j) one action through the app's own composition (see AppComposition.swift)
if runs("j") { scenarios.append(appCompositionScenario(sends: sendCount / 10)) }

// (k) one terminal command end to end on the app's list, at 36 and at 100,000 users (see AppComposition.swift)
if runs("k") {
  scenarios.append(
    terminalCommandScenario(userCount: 36, commands: 2_000 / scale, name: "(k) a command end to end, 36 users"))
  scenarios.append(
    terminalCommandScenario(userCount: 100_000, commands: 2_000 / scale, name: "(k) the same, 100,000 users"))
}

// (m) the app's list drawn again after one field changed, at 36 and at 100,000 users (see AppComposition.swift)
if runs("m") {
  scenarios.append(listRedrawScenario(userCount: 36, changes: 2_000 / scale, name: "(m) the list redrawn, 36 users"))
  scenarios.append(
    listRedrawScenario(userCount: 100_000, changes: 2_000 / scale, name: "(m) the same, 100,000 users"))
}

// (a) and (b) again with the debugger's timeline kept (the last 1,000 actions, no trace): what the debugger costs.
let timelineCounterStore = Store(initialState: Counter.State(), reducer: Counter())
timelineCounterStore.recordTimeline()
let timelineRootStore = Store(initialState: Level5.State(), reducer: Level5())
timelineRootStore.recordTimeline()
let timelineDeepStore = fiveLevelsDown(timelineRootStore)
if runs("a") {
  scenarios.append(
    Scenario(name: "(a) the same, timeline on", operations: sendCount) {
      for _ in 0..<sendCount { timelineCounterStore.send(.increment) }
      blackHole(timelineCounterStore.currentState)
    })
}
if runs("b") {
  scenarios.append(
    Scenario(name: "(b) the same, timeline on", operations: sendCount) {
      for _ in 0..<sendCount { timelineDeepStore.send(.increment) }
      blackHole(timelineDeepStore.currentState)
    })
}

// (a) and (b) again with the debugger served to another terminal (ComposableDebugServer): with no client, and with
// a client following (polling for new actions every 150 ms, as `:follow` does, from a thread of its own).
let servedFolder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-debugger-\(getpid())")
let servedCounterStore = Store(initialState: Counter.State(), reducer: Counter())
let servedCounter = try? servedCounterStore.serveDebugger(name: "bench-a", in: servedFolder)
let followedCounterStore = Store(initialState: Counter.State(), reducer: Counter())
let followedCounter = try? followedCounterStore.serveDebugger(name: "bench-a-followed", in: servedFolder)
let servedRootStore = Store(initialState: Level5.State(), reducer: Level5())
let servedRoot = try? servedRootStore.serveDebugger(name: "bench-b", in: servedFolder)
let servedDeepStore = fiveLevelsDown(servedRootStore)
let followedRootStore = Store(initialState: Level5.State(), reducer: Level5())
let followedRoot = try? followedRootStore.serveDebugger(name: "bench-b-followed", in: servedFolder)
let followedDeepStore = fiveLevelsDown(followedRootStore)
for server in [followedCounter, followedRoot] { followDebugger(at: server?.socketURL?.path) }
if runs("a") {
  scenarios.append(
    Scenario(name: "(a) the same, debugger served", operations: sendCount) {
      for _ in 0..<sendCount { servedCounterStore.send(.increment) }
      blackHole(servedCounterStore.currentState)
    })
  scenarios.append(
    Scenario(name: "(a) the same, debugger served, a client following", operations: sendCount) {
      for _ in 0..<sendCount { followedCounterStore.send(.increment) }
      blackHole(followedCounterStore.currentState)
    })
}
if runs("b") {
  scenarios.append(
    Scenario(name: "(b) the same, debugger served", operations: sendCount) {
      for _ in 0..<sendCount { servedDeepStore.send(.increment) }
      blackHole(servedDeepStore.currentState)
    })
  scenarios.append(
    Scenario(name: "(b) the same, debugger served, a client following", operations: sendCount) {
      for _ in 0..<sendCount { followedDeepStore.send(.increment) }
      blackHole(followedDeepStore.currentState)
    })
}

// (c) sends to random rows of a forEach
let rowSends = 100_000 / scale
/// The row ids scenario (c) and its floor send to, the same for both.
func randomRowIDs(rowCount: Int) -> [Int] {
  var generator = SplitMix64(seed: 42)
  return (0..<rowSends).map { _ in Int.random(in: 0..<rowCount, using: &generator) }
}
@MainActor func rowsScenario(rowCount: Int, name: String) -> Scenario {
  let store = Store(
    initialState: Rows.State(rows: IdentifiedArray(uniqueElements: (0..<rowCount).map { Rows.Row(id: $0) })),
    reducer: Rows())
  let ids = randomRowIDs(rowCount: rowCount)
  return Scenario(name: name, operations: rowSends) {
    for id in ids { store.send(.rows(.element(id: id, action: .increment))) }
    blackHole(store.currentState)
  }
}

// The floor under (c): the same random ids looked up in a plain dictionary and
// written in a plain array, without any store. Its 100k/1k ratio is what the
// memory system alone costs once the rows no longer fit in the caches.
final class FloorRows {
  let positions: [Int: Int]
  var counts: [Int]
  init(rowCount: Int) {
    positions = Dictionary(uniqueKeysWithValues: (0..<rowCount).map { ($0, $0) })
    counts = [Int](repeating: 0, count: rowCount)
  }
}
@MainActor func rowsFloor(rowCount: Int, name: String) -> Scenario {
  let rows = FloorRows(rowCount: rowCount)
  let ids = randomRowIDs(rowCount: rowCount)
  return Scenario(name: name, operations: rowSends) {
    // Local copies, moved out and back: a class's array property would add an
    // exclusivity check to every write, which the floor must not pay.
    let positions = rows.positions
    var counts = rows.counts
    rows.counts = []
    for id in ids { counts[positions[id]!] += 1 }
    rows.counts = counts
    blackHole(rows.counts)
  }
}
if runs("c") {
  scenarios.append(rowsScenario(rowCount: 1_000, name: "(c) forEach, 1,000 rows"))
  scenarios.append(rowsScenario(rowCount: 100_000, name: "(c) forEach, 100,000 rows"))
  scenarios.append(rowsFloor(rowCount: 1_000, name: "(c) floor, dict+array, 1,000 rows"))
  scenarios.append(rowsFloor(rowCount: 100_000, name: "(c) floor, dict+array, 100k rows"))
}

// (f) a parent presenting a child (`ifLet` over `@Presents`, then over a plain optional, then a
// navigation stack): the parent's own actions, and the child's
let presenterStore = Store(initialState: Presenter.State(child: Counter.State()), reducer: Presenter())
let optionalStore = Store(initialState: OptionalHolder.State(child: Counter.State()), reducer: OptionalHolder())
let navigatorStore = Store(initialState: Navigator.State(), reducer: Navigator())
let routerStore = Store(
  initialState: Router.State(destination: .counter(Counter.State())), reducer: Router())
if runs("f") {
  scenarios.append(
    Scenario(name: "(f) parent actions, presented child", operations: sendCount) {
      for _ in 0..<sendCount { presenterStore.send(.tapped) }
      blackHole(presenterStore.currentState)
    })
  scenarios.append(
    Scenario(name: "(f) presented child actions", operations: sendCount) {
      for _ in 0..<sendCount { presenterStore.send(.child(.presented(.increment))) }
      blackHole(presenterStore.currentState)
    })
  scenarios.append(
    Scenario(name: "(f) enum destination child actions", operations: sendCount) {
      for _ in 0..<sendCount { routerStore.send(.destination(.presented(.counter(.increment)))) }
      blackHole(routerStore.currentState)
    })
  scenarios.append(
    Scenario(name: "(f) parent actions, optional child", operations: sendCount) {
      for _ in 0..<sendCount { optionalStore.send(.tapped) }
      blackHole(optionalStore.currentState)
    })
  scenarios.append(
    Scenario(name: "(f) optional child actions", operations: sendCount) {
      for _ in 0..<sendCount { optionalStore.send(.child(.increment)) }
      blackHole(optionalStore.currentState)
    })
  scenarios.append(
    Scenario(name: "(f) parent actions, stack of 3", operations: sendCount) {
      for _ in 0..<sendCount { navigatorStore.send(.tapped) }
      blackHole(navigatorStore.currentState)
    })
  scenarios.append(
    Scenario(name: "(f) top-of-stack actions", operations: sendCount) {
      for _ in 0..<sendCount { navigatorStore.send(.path(.element(id: StackElementID(2), action: .increment))) }
      blackHole(navigatorStore.currentState)
    })
}

// (d) effects that each send one action back
let effectCount = 100_000 / scale
let pingStore = Store(initialState: Ping.State(), reducer: Ping())
if runs("d") {
  scenarios.append(
    Scenario(name: "(d) 100k .run effects round trip", operations: effectCount) {
      // Until all are processed: every effect has sent its action back and ended.
      let target = pingStore.currentState.done + effectCount
      for _ in 0..<effectCount { pingStore.send(.start) }
      while pingStore.currentState.done < target || pingStore.runningEffectCount > 0 { await Task.yield() }
      blackHole(pingStore.currentState)
    })
}

// (e) send/receive pairs through a test store: the response comes from `.send` or from a `.run` effect
let pairCount = 10_000 / scale
@MainActor func testStorePairs(_ tap: Echo.Action, name: String) -> Scenario {
  Scenario(name: name, operations: pairCount) {
    let store = TestStore(initialState: Echo.State()) { Echo() }
    for _ in 0..<pairCount {
      await store.send(tap) { $0.taps += 1 }
      await store.receive(.response) { $0.responses += 1 }
    }
    blackHole(store.state)
  }
}
if runs("e") {
  scenarios.append(testStorePairs(.tapped, name: "(e) 10k test store pairs, .send"))
  scenarios.append(testStorePairs(.asyncTapped, name: "(e) 10k test store pairs, .run"))
}

// (h) a send that changes a field none of 100 observers (`observe { }`) read; then the same state without the
// opt-in, whose observers all run; and (a) again on the opted-in counter with nobody observing, which must cost
// what (a) costs.
let observedSendCount = 100_000 / scale
let observedStore = Store(initialState: ObservedFields(), reducer: TwoFieldCounter<ObservedFields>())
let unobservedStore = Store(initialState: UnobservedFields(), reducer: TwoFieldCounter<UnobservedFields>())
var observerRuns = 0
var observeTokens: [ObserveToken] = []
if runs("h") {
  for _ in 0..<100 {
    observeTokens.append(observe { observerRuns &+= observedStore.count })
    observeTokens.append(observe { observerRuns &+= unobservedStore.count })
  }
  scenarios.append(
    Scenario(name: "(h) 100k sends of an unread field, 100 observers", operations: observedSendCount) {
      for _ in 0..<observedSendCount { observedStore.send(.touchUnread) }
      blackHole(observedStore.currentState)
    })
  // Every observer runs again at every send here, so a tenth of the sends.
  scenarios.append(
    Scenario(name: "(h) 10k sends, the same state not opting in", operations: observedSendCount / 10) {
      for _ in 0..<observedSendCount / 10 { unobservedStore.send(.touchUnread) }
      blackHole(unobservedStore.currentState)
    })
  let quietStore = Store(initialState: ObservedFields(), reducer: TwoFieldCounter<ObservedFields>())
  scenarios.append(
    Scenario(name: "(h) 1M sends, opted-in counter, no observer", operations: sendCount) {
      for _ in 0..<sendCount { quietStore.send(.increment) }
      blackHole(quietStore.currentState)
    })
}

// (l) a list view and its row views as observers (`observe { }`, as a SwiftUI body through the harness's scopes): a
// send changes one row, and only that row's observer may run; at 1,000, 10,000 and 100,000 rows, since a row's
// change must cost the same whatever the list's length.
let observedRowSends = rowSends / 10
/// Runs of the list's observer and of the rows' observers, per list size, beyond each observer's first run.
var observerRunsByRows: [Int: (list: Int, rows: Int)] = [:]
var rowObserveTokens: [ObserveToken] = []

@MainActor func observedRowsScenario(rowCount: Int, name: String) -> Scenario {
  let store = Store(
    initialState: ObservedRows.State(
      rows: IdentifiedArray(uniqueElements: (0..<rowCount).map { ObservedRows.Row(id: $0) })),
    reducer: ObservedRows())
  observerRunsByRows[rowCount] = (-1, -rowCount)
  rowObserveTokens.append(
    observe {
      blackHole(store.scope(state: \.rows, action: \.rows).count)
      observerRunsByRows[rowCount]?.list += 1
    })
  for row in store.scope(state: \.rows, action: \.rows) {
    rowObserveTokens.append(
      observe {
        blackHole(row.count)
        observerRunsByRows[rowCount]?.rows += 1
      })
  }
  let ids = randomRowIDs(rowCount: rowCount).prefix(observedRowSends)
  return Scenario(name: name, operations: observedRowSends) {
    for id in ids { store.send(.rows(.element(id: id, action: .increment))) }
    blackHole(store.currentState)
  }
}

let observedRowNames = [
  1_000: "(l) one row of 1,000 observed rows", 10_000: "(l) the same, 10,000 rows",
  100_000: "(l) the same, 100,000 rows",
]
/// (l)'s floor in the same run: Observation's own cost for the same changes (ObservationFloor.swift).
let observationFloorNames = [
  1_000: "(l) floor, Observation, 1,000 rows", 100_000: "(l) floor, Observation, 100,000 rows",
]
if runs("l") {
  for rowCount in observedRowNames.keys.sorted() {
    scenarios.append(observedRowsScenario(rowCount: rowCount, name: observedRowNames[rowCount]!))
  }
  for rowCount in observationFloorNames.keys.sorted() {
    let ids = Array(randomRowIDs(rowCount: rowCount).prefix(observedRowSends))
    scenarios.append(
      observationFloorScenario(rowCount: rowCount, ids: ids, name: observationFloorNames[rowCount]!))
  }
}

// (i) the explorer of property tests, on UserList: time per step
if runs("i") { scenarios.append(explorationScenario(scale: scale)) }

// One scenario alone, for an instruction count that no other scenario adds to.
if let index = arguments.firstIndex(of: "--matching"), arguments.index(after: index) < arguments.endIndex {
  let text = arguments[arguments.index(after: index)]
  scenarios = scenarios.enumerated().filter { $0.offset == 0 || $0.element.name.contains(text) }.map(\.element)
}
let samples = await measureInterleaved(scenarios)

/// A scenario's target: an absolute bound in ns, or a bound on its ratio to another scenario in the same rounds.
enum Target {
  case nanoseconds(Double)
  case ratio(Double, to: String, label: String)
}

let targets: [String: [Target]] = [
  "(a) 1M sends, counter store": [.nanoseconds(100)],
  "(b) 1M sends, scoped 5 deep": [.ratio(1.5, to: "(a) 1M sends, counter store", label: "(a)")],
  "(a) the same, timeline on": [.ratio(1.25, to: "(a) 1M sends, counter store", label: "(a)")],
  "(b) the same, timeline on": [.ratio(1.25, to: "(b) 1M sends, scoped 5 deep", label: "(b)")],
  // Serving the debugger needs its timeline; with no client it must cost nothing more, and a client following the
  // app live costs at most 5% over the timeline: the server reads the timeline the hook fills, beside the loop.
  "(a) the same, debugger served": [.ratio(1.02, to: "(a) the same, timeline on", label: "timeline on")],
  "(b) the same, debugger served": [.ratio(1.02, to: "(b) the same, timeline on", label: "timeline on")],
  "(a) the same, debugger served, a client following": [
    .ratio(1.05, to: "(a) the same, timeline on", label: "timeline on")
  ],
  "(b) the same, debugger served, a client following": [
    .ratio(1.05, to: "(b) the same, timeline on", label: "timeline on")
  ],
  "(c) forEach, 1,000 rows": [.ratio(2, to: "(a) 1M sends, counter store", label: "(a)")],
  "(c) forEach, 100,000 rows": [
    .ratio(2, to: "(a) 1M sends, counter store", label: "(a)"),
    .ratio(1.2, to: "(c) forEach, 1,000 rows", label: "1k rows"),
  ],
  "(c) floor, dict+array, 100k rows": [.ratio(1.2, to: "(c) floor, dict+array, 1,000 rows", label: "1k floor")],
  "(l) one row of 1,000 observed rows": [
    .nanoseconds(25_000), .ratio(2, to: "(l) floor, Observation, 1,000 rows", label: "Observation"),
  ],
  "(l) the same, 100,000 rows": [
    .ratio(1.5, to: "(l) one row of 1,000 observed rows", label: "1k rows"),
    .ratio(2, to: "(l) floor, Observation, 100,000 rows", label: "Observation"),
  ],
  "(k) the same, 100,000 users": [.ratio(1.5, to: "(k) a command end to end, 36 users", label: "36 users")],
  "(m) the same, 100,000 users": [.ratio(1.5, to: "(m) the list redrawn, 36 users", label: "36 users")],
  "(d) 100k .run effects round trip": [.nanoseconds(5_000)],
  "(e) 10k test store pairs, .send": [.nanoseconds(10_000)],
  "(e) 10k test store pairs, .run": [.nanoseconds(10_000)],
]

func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

let names = scenarios.map(\.name)
// As wide as the longest name, so the numbers line up whatever runs.
let nameWidth = (names.map(\.count).max() ?? 0) + 2
print(pad("scenario", nameWidth) + pad("ns/action", 12) + pad("x baseline", 12) + "target (ratios: median over rounds)")
for (index, scenario) in scenarios.enumerated() {
  let ns = samples.median(index)
  var verdicts: [String] = []
  for target in targets[scenario.name] ?? [] {
    switch target {
    case let .nanoseconds(bound):
      verdicts.append("<= \(Int(bound)) ns \(ns <= bound ? "met" : "MISSED")")
    case let .ratio(bound, reference, label):
      // A relative target is judged only when its reference ran too.
      guard let referenceIndex = names.firstIndex(of: reference) else { continue }
      let ratio = samples.medianRatio(index, to: referenceIndex)
      let measured = String(format: "%.2f", ratio)
      verdicts.append("<= \(bound)x \(label): \(measured)x \(ratio <= bound ? "met" : "MISSED")")
    }
  }
  let ratio = String(format: "%.1f", samples.medianRatio(index, to: 0))
  print(
    pad(scenario.name, nameWidth) + pad(String(format: "%.1f", ns), 12) + pad(ratio, 12)
      + verdicts.joined(separator: "; "))
  markdown?.add(name: scenario.name, nanoseconds: ns, ratio: samples.medianRatio(index, to: 0), verdicts: verdicts)
}
if let markdown {
  do {
    try markdown.write(measuredOn: machineDescription())
    print("Wrote the table into \(markdown.path).")
  } catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
  }
}

// Each round runs the sends twice (warm-up and timed): observer runs per change, for (l) and its floor alike.
let observedChanges = Double(2 * observedRowSends * 5)
for (label, tally) in [("(l)", observerRunsByRows), ("(l) floor", floorObserverRunsByRows)] {
  for (rowCount, runs) in tally.sorted(by: { $0.key < $1.key }) {
    print(
      String(
        format: "%@ per change at %d rows: %.2f row observers ran, %.2f list observers", label, rowCount,
        Double(runs.rows) / observedChanges, Double(runs.list) / observedChanges))
  }
}

if let app = names.firstIndex(of: "(j) one action, the app's composition"),
  let scoped = names.firstIndex(of: "(b) 1M sends, scoped 5 deep")
{
  print(
    String(format: "(j) / (b): an app action costs %.1fx a send five scopes deep", samples.medianRatio(app, to: scoped))
  )
}

if let index = names.firstIndex(of: "(i) explorer steps, UserList") {
  print(String(format: "(i) the explorer takes %.0f steps per second on UserList", 1e9 / samples.median(index)))
}

if runs("g") {
  let sizes = arguments.contains("--quick") ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
  _ = await measureLargeDirectory(sizes: sizes, rounds: arguments.contains("--quick") ? 3 : 5)
}

if runs("g3") {
  let sizes = arguments.contains("--quick") ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
  _ = try measureDirectoryDatabase(sizes: sizes, rounds: arguments.contains("--quick") ? 3 : 5)
}

if runs("g2") {
  _ = await measureLargeDirectorySave(count: 100_000, rounds: arguments.contains("--quick") ? 3 : 7)
}

if runs("n") {
  let met = measureLongSession(commands: longSessionCommands)
  if !met, arguments.contains("--fail-on-miss") { exit(1) }
}

// The served debuggers' sockets go with the run.
for server in [servedCounter, followedCounter, servedRoot, followedRoot] { server?.stop() }
try? FileManager.default.removeItem(at: servedFolder)
