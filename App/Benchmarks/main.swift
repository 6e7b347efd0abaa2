import Composable
import ComposableTesting
import Foundation

// Release-mode benchmarks of the runtime. Every number is nanoseconds per
// action, the median of 5 runs after a warm-up, with its ratio to a baseline
// measured in the same run: a bare closure reducer mutating a struct held by a class.

let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--help") {
  print(
    """
    usage: Benchmarks [--quick]
      Runs every scenario in release mode and prints ns/action and the ratio to the baseline.
      --quick   fewer iterations, for a smoke test (numbers are noisier)
      --only X  run only scenarios X (a, b, c, d or e; several as a,b), for profiling
    """)
  exit(0)
}
let scale = arguments.contains("--quick") ? 10 : 1
let only: String? = arguments.firstIndex(of: "--only").flatMap { index in
  arguments.index(after: index) < arguments.endIndex ? arguments[arguments.index(after: index)] : nil
}
/// Whether scenario `name` runs in this invocation.
func runs(_ name: String) -> Bool { only.map { $0.split(separator: ",").contains(Substring(name)) } ?? true }

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
let baseline = measure(operations: sendCount) {
  for _ in 0..<sendCount { baselineReduce(&holder.state, .increment) }
  blackHole(holder.state.count)
}
blackHole(holder.state)

// (a) sends to a counter store
let counterStore = Store(initialState: Counter.State(), reducer: Counter())
let counterNs =
  !runs("a")
  ? 0
  : measure(operations: sendCount) {
    for _ in 0..<sendCount { counterStore.send(.increment) }
  }
blackHole(counterStore.currentState)

// (b) the same through a store scoped five levels deep
let rootStore = Store(initialState: Level5.State(), reducer: Level5())
let deepStore = rootStore.scope(state: \.child, action: \.child)
  .scope(state: \.child, action: \.child)
  .scope(state: \.child, action: \.child)
  .scope(state: \.child, action: \.child)
  .scope(state: \.child, action: \.child)
let deepNs =
  !runs("b")
  ? 0
  : measure(operations: sendCount) {
    for _ in 0..<sendCount { deepStore.send(.increment) }
  }
blackHole(deepStore.currentState)

// (c) sends to random rows of a forEach
@MainActor func rowsScenario(rowCount: Int) -> Double {
  let store = Store(
    initialState: Rows.State(rows: IdentifiedArray(uniqueElements: (0..<rowCount).map { Rows.Row(id: $0) })),
    reducer: Rows())
  var generator = SplitMix64(seed: 42)
  let sends = 100_000 / scale
  let ids = (0..<sends).map { _ in Int.random(in: 0..<rowCount, using: &generator) }
  let ns = measure(operations: sends) {
    for id in ids { store.send(.rows(.element(id: id, action: .increment))) }
  }
  blackHole(store.currentState)
  return ns
}
let rows1k = runs("c") ? rowsScenario(rowCount: 1_000) : 0
let rows100k = runs("c") ? rowsScenario(rowCount: 100_000) : 0

// The floor under (c): the same random ids looked up in a plain dictionary and
// written in a plain array, without any store. Its 100k/1k ratio is what the
// memory system alone costs once the rows no longer fit in the caches.
@MainActor func rowsFloor(rowCount: Int) -> Double {
  let positions = Dictionary(uniqueKeysWithValues: (0..<rowCount).map { ($0, $0) })
  var counts = [Int](repeating: 0, count: rowCount)
  var generator = SplitMix64(seed: 42)
  let sends = 100_000 / scale
  let ids = (0..<sends).map { _ in Int.random(in: 0..<rowCount, using: &generator) }
  let ns = measure(operations: sends) {
    for id in ids { counts[positions[id]!] += 1 }
  }
  blackHole(counts)
  return ns
}
let floor1k = runs("c") ? rowsFloor(rowCount: 1_000) : 0
let floor100k = runs("c") ? rowsFloor(rowCount: 100_000) : 0

// (d) effects that each send one action back
let effectCount = 100_000 / scale
let pingStore = Store(initialState: Ping.State(), reducer: Ping())
let effectNs =
  !runs("d")
  ? 0
  : await measureAsync(operations: effectCount) {
    // Until all are processed: every effect has sent its action back and ended.
    let target = pingStore.currentState.done + effectCount
    for _ in 0..<effectCount { pingStore.send(.start) }
    while pingStore.currentState.done < target || pingStore.runningEffectCount > 0 { await Task.yield() }
  }
blackHole(pingStore.currentState)

// (e) send/receive pairs through a test store: the response comes from `.send` or from a `.run` effect
let pairCount = 10_000 / scale
@MainActor func testStorePairs(_ tap: Echo.Action) async -> Double {
  await measureAsync(operations: pairCount) {
    let store = TestStore(initialState: Echo.State()) { Echo() }
    for _ in 0..<pairCount {
      await store.send(tap) { $0.taps += 1 }
      await store.receive(.response) { $0.responses += 1 }
    }
  }
}
let pairsSync = runs("e") ? await testStorePairs(.tapped) : 0
let pairsAsync = runs("e") ? await testStorePairs(.asyncTapped) : 0

struct Row {
  let name: String
  let ns: Double
  let target: String
  let met: Bool
}

let rows = [
  Row(name: "baseline: closure on a class", ns: baseline, target: "", met: true),
  Row(name: "(a) 1M sends, counter store", ns: counterNs, target: "<= 100 ns", met: counterNs <= 100),
  Row(name: "(b) 1M sends, scoped 5 deep", ns: deepNs, target: "<= 1.5x (a)", met: deepNs <= 1.5 * counterNs),
  Row(name: "(c) forEach, 1,000 rows", ns: rows1k, target: "<= 2x (a)", met: rows1k <= 2 * counterNs),
  Row(
    name: "(c) forEach, 100,000 rows", ns: rows100k, target: "<= 2x (a), <= 1.2x 1k rows",
    met: rows100k <= 2 * counterNs && rows100k <= 1.2 * rows1k),
  Row(name: "(c) floor, dict+array, 1,000 rows", ns: floor1k, target: "", met: true),
  Row(name: "(c) floor, dict+array, 100k rows", ns: floor100k, target: "", met: true),
  Row(name: "(d) 100k .run effects round trip", ns: effectNs, target: "<= 5000 ns", met: effectNs <= 5_000),
  Row(name: "(e) 10k test store pairs, .send", ns: pairsSync, target: "<= 10000 ns", met: pairsSync <= 10_000),
  Row(name: "(e) 10k test store pairs, .run", ns: pairsAsync, target: "<= 10000 ns", met: pairsAsync <= 10_000),
]

func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

print(pad("scenario", 36) + pad("ns/action", 12) + pad("x baseline", 12) + "target")
for row in rows where row.ns > 0 {
  let ns = String(format: "%.1f", row.ns)
  let ratio = String(format: "%.1f", row.ns / baseline)
  let verdict = row.target.isEmpty ? "" : "\(row.target) \(row.met ? "met" : "MISSED")"
  print(pad(row.name, 36) + pad(ns, 12) + pad(ratio, 12) + verdict)
}
