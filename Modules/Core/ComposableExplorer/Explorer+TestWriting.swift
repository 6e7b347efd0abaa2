import Composable
import Foundation
import ValueDump

extension Explorer {
  /// Replays `steps` as the exploration ran them, then the teardown and the clock running out, and writes down
  /// every action reduced with the fields it changed: the material of an exhaustive test.
  func record(_ steps: [Step]) async -> (
    log: ReductionLog<Action>, phases: [(step: Step?, firstReduction: Int)], dependencies: DependencyValues
  ) {
    let (life, clock, dependencies) = sequenceSetup()
    let log = ReductionLog<Action>()
    var phases: [(step: Step?, firstReduction: Int)] = []
    // Each reduction's shared fields are read later as they were then, so the values they replace are kept.
    SharedHistory.startKeeping()
    defer { SharedHistory.stopKeeping() }
    // Issues were reported when the sequence first failed; the replay only writes down what happens.
    await IssueHandler.$current.withValue(IssueHandler { _ in }) {
      let initial = withDependencies({ $0 = dependencies }) { initialState() }
      let store = exploredStore(
        reducer().modified(by: RecordingReductions(log: log)), initialState: initial, dependencies: dependencies,
        life: life)
      let views = SwiftUIViews(exploration.swiftUIViews, store: store)
      for step in steps {
        phases.append((step, log.reductions.count))
        switch step {
        case let .send(action, _):
          log.nextIsSent = true
          store.send(action)
        case let .advance(duration): await clock.advance(by: duration)
        case let .swiftUI(write):
          // What the binding sends is sent; a write it drops leaves no reduction to mark.
          log.nextIsSent = true
          _ = views?.perform(write, on: store)
          log.nextIsSent = false
        }
        await clock.settle()
        views?.render(store)
      }
      for action in exploration.teardown where !life.isDismissed {
        phases.append((.send(action, generator: "teardown"), log.reductions.count))
        log.nextIsSent = true
        store.send(action)
        await clock.settle()
      }
      phases.append((nil, log.reductions.count))
      await clock.run(limit: 50)
      await clock.settle()
    }
    return (log, phases, dependencies)
  }

  /// The shrunk sequence as an exhaustive test: each step's `send` or clock advance, each action its effects
  /// deliver as a `receive`, each with the state changes it makes, and, where a property breaks, the check that
  /// reports it. Pasted into the test that explored (which has `exploration`), it fails for the same reason.
  func testText(for steps: [Step], failure: ExplorationFailure, initialState initial: State) async -> [String] {
    let (log, phases, dependencies) = await record(steps)
    SharedHistory.startKeeping()
    let failingIndex = withDependencies({ $0 = dependencies }) {
      firstBrokenProperty(in: log.reductions, from: initial)
    }
    SharedHistory.stopKeeping()
    var lines = testStoreLines
    for (position, phase) in phases.enumerated() {
      let end = position + 1 < phases.count ? phases[position + 1].firstReduction : log.reductions.count
      switch phase.step {
      case let .advance(duration)?: lines.append("  await clock.advance(by: \(durationLiteral(duration)))")
      case .send?: break
      case let .swiftUI(write)?:
        // A test store has no views: what the binding sent is sent below, as the test would send it.
        lines.append("  // \(write)" + (phase.firstReduction == end ? ": nothing sent" : ", which sends:"))
      case nil:
        if failure.property == "effects still running" {
          lines.append(
            "  // Here the exploration ran the clock out; the store, ending, reports the effects still running.")
          lines.append("}")
          return lines
        }
        lines.append("  await clock.run()")
      }
      for index in phase.firstReduction..<end {
        let reduction = log.reductions[index]
        if index == failingIndex { lines.append("  let previous = store.state") }
        let verb = reduction.wasSent ? "send" : "receive"
        let call = "  await store.\(verb)(\(actionLiteral(reduction.action)))"
        if reduction.changes.isEmpty {
          lines.append(call)
        } else {
          lines.append(call + " {")
          lines += reduction.changes.map { "    " + $0 }
          lines.append("  }")
        }
        if index == failingIndex {
          lines.append("  // '\(failure.property)' breaks here:")
          lines.append(
            "  exploration.expectProperties(of: store.state, previous: previous, action: "
              + "\(actionLiteral(reduction.action)))")
        }
      }
    }
    if failingIndex == nil, failure.property != "runtime issue" {
      lines.append("  // '\(failure.property)' breaks here:")
      lines.append("  exploration.expectProperties(of: store.state)")
    }
    lines.append("}")
    return lines
  }

  /// The start of a shrunk test: a test store of the feature with a test clock.
  private var testStoreLines: [String] {
    let feature = String(describing: R.self)
    return [
      "@Test func shrunkExploration() async {",
      "  // The exploration's initial state, reducer and dependencies: make these lines match its explore(…).",
      "  let clock = TestClock()",
      "  let store = TestStore(initialState: \(feature).State()) {",
      "    \(feature)()",
      "  } withDependencies: {",
      "    $0.continuousClock = clock",
      "  }",
    ]
  }

  /// The index of the first reduction after which an invariant or the Codable round trip fails, if one does.
  private func firstBrokenProperty(in reductions: [RecordedReduction<Action>], from initial: State) -> Int? {
    var previous = initial
    for (index, reduction) in reductions.enumerated() {
      guard let state = reduction.state as? State else { continue }
      // Copies of a state share its shared fields: read as of this reduction, not as the sequence left them.
      let broken = SharedHistory.reading(asOf: reduction.sharedChange) {
        exploration.brokenProperty(state, previous: previous, action: reduction.action)
      }
      if broken != nil { return index }
      previous = state
    }
    return nil
  }
}
