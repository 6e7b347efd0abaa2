import Composable
import ComposableDebugger
import Foundation
import IssueReporting
import ValueDump

/// Runs `exploration` on the feature `reducer` builds, from `initialState`, and reports a failure as a runtime
/// issue (a test failure under `ComposableTesting`): the property, the seed, the shrunk steps, the steps as a
/// test store test, and how to rerun only that sequence.
///
/// Each sequence's `TestClock` is the `continuousClock` dependency; `prepareDependencies` gets it too, to install
/// wherever else the feature sleeps or debounces.
@MainActor @discardableResult
public func explore<R: Reducer>(
  _ exploration: Exploration<R.State, R.Action>,
  initialState: @escaping () -> R.State,
  reducer: @escaping () -> R,
  withDependencies prepareDependencies: @escaping (inout DependencyValues, TestClock) -> Void = { _, _ in },
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
  function: StaticString = #function
) async -> ExplorationResult<R.Action> where R.State: Equatable {
  let explorer = Explorer(
    exploration: exploration, initialState: initialState, reducer: reducer, prepare: prepareDependencies)
  var result = await explorer.run()
  if let failure = result.failure {
    let test = await explorer.testText(for: failure.steps, failure: failure.reason, initialState: initialState())
    result.shrunkTest = test.joined(separator: "\n")
    let testName = String(describing: function).split(separator: "(").first.map(String.init) ?? "\(function)"
    result.session = await explorer.recordSession(of: failure.steps, seed: failure.seed, testName: testName)
    reportIssue(
      explorer.report(
        failure, sequences: result.sequences, shrinking: result.shrinking, shortest: result.shortestSearch,
        test: test, testName: testName, session: result.session),
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
  return result
}

/// Runs sequences, checks them, and shrinks the first that fails.
@MainActor final class Explorer<R: Reducer> where R.State: Equatable {
  typealias State = R.State
  typealias Action = R.Action
  typealias Step = ExplorationStep<Action>

  let exploration: Exploration<State, Action>
  let initialState: () -> State
  let reducer: () -> R
  let prepare: (inout DependencyValues, TestClock) -> Void

  init(
    exploration: Exploration<State, Action>, initialState: @escaping () -> State, reducer: @escaping () -> R,
    prepare: @escaping (inout DependencyValues, TestClock) -> Void
  ) {
    self.exploration = exploration
    self.initialState = initialState
    self.reducer = reducer
    self.prepare = prepare
  }

  /// The seed of sequence `index`, so any one sequence can be run again alone.
  static func seed(of index: Int, from first: UInt64) -> UInt64 {
    first &+ UInt64(index).multipliedReportingOverflow(by: 0x9E37_79B9_7F4A_7C15).partialValue
  }

  func run() async -> ExplorationResult<Action> {
    // The environment overrides the test: EXPLORATION_SEED=0x… runs that one sequence alone (what a report says
    // to rerun), EXPLORATION_SEED=random runs the test's count from a new seed, EXPLORATION_SEQUENCES=N runs N.
    let environment = ProcessInfo.processInfo.environment
    let override = environment["EXPLORATION_SEED"].flatMap(Self.parseSeed)
    let fresh = environment["EXPLORATION_SEED"] == "random" ? UInt64.random(in: 1...UInt64.max) : nil
    let first = override ?? fresh ?? exploration.seed ?? UInt64.random(in: 1...UInt64.max)
    let count =
      override != nil ? 1 : environment["EXPLORATION_SEQUENCES"].flatMap { Int($0) } ?? exploration.sequences
    var totalSteps = 0
    var swiftUIWrites: [String: Int] = [:]
    for index in 0..<count {
      let seed = Self.seed(of: index, from: first)
      var random = ExplorationRandom(seed: seed)
      let outcome = await runSequence { state, stepIndex, views in
        stepIndex < self.exploration.steps ? self.nextStep(in: state, views: views, random: &random) : nil
      }
      totalSteps += outcome.steps.count
      for case let Step.swiftUI(write) in outcome.steps { swiftUIWrites[write.cause, default: 0] += 1 }
      if let failure = outcome.failure {
        var result = await shrinkToTheShortest(
          (seed, outcome.steps, failure), after: index, of: count, from: first, steps: totalSteps)
        result.swiftUIWrites = swiftUIWrites
        return result
      }
    }
    var result = ExplorationResult<Action>(sequences: count, steps: totalSteps, seed: first, failure: nil)
    result.swiftUIWrites = swiftUIWrites
    return result
  }

  /// Shrinks the failure found in sequence `index`, then runs a few of the sequences after it: one failing the
  /// same property may shrink shorter (delta debugging finds a short failure, not always the shortest), and the
  /// shortest is kept.
  private func shrinkToTheShortest(
    _ found: (seed: UInt64, steps: [Step], failure: ExplorationFailure), after index: Int, of count: Int,
    from first: UInt64, steps: Int
  ) async -> ExplorationResult<Action> {
    let started = ContinuousClock.now
    var replays = 0
    let shrunk = await shrink(found.steps, failing: found.failure, replays: &replays)
    var kept = (seed: found.seed, steps: shrunk.steps, original: found.steps.count, reason: shrunk.failure)
    var totalSteps = steps
    var sequences = index + 1
    var shrinks = 1
    while sequences < min(count, index + 1 + Self.laterSequences), shrinks < 4, kept.steps.count > 1 {
      let seed = Self.seed(of: sequences, from: first)
      var random = ExplorationRandom(seed: seed)
      let outcome = await runSequence { state, stepIndex, views in
        stepIndex < self.exploration.steps ? self.nextStep(in: state, views: views, random: &random) : nil
      }
      sequences += 1
      totalSteps += outcome.steps.count
      guard let failure = outcome.failure, failure.property == kept.reason.property else { continue }
      shrinks += 1
      let other = await shrink(outcome.steps, failing: failure, replays: &replays)
      if other.steps.count < kept.steps.count {
        kept = (seed, other.steps, outcome.steps.count, other.failure)
      }
    }
    let shortest = await searchShorter(
      than: kept.steps, failing: kept.reason, budget: exploration.shortestSearchBudget)
    kept.steps = shortest.steps
    kept.reason = shortest.failure
    var result = ExplorationResult(sequences: sequences, steps: totalSteps, seed: first, failure: kept)
    result.shrinking = (replays + shortest.search.replays, ContinuousClock.now - started)
    result.shortestSearch = shortest.search
    return result
  }

  /// Runs the failing `steps` once more, kept as a recording and a trace a terminal app opens on the failing
  /// action; the recording's file, or nil when it could not be written (actions that are not `Codable`).
  func recordSession(of steps: [Step], seed: UInt64, testName: String) async -> URL? {
    guard Action.self is any Encodable.Type else { return nil }
    let name = "\(R.self)-\(testName)-0x\(String(seed, radix: 16))".replacing(/[^A-Za-z0-9._-]/, with: "-")
    let recording = ExploredRecording(
      url: ExploredRecording.folder.appendingPathComponent(
        ExploredRecording.unused(name) + ".jsonl"))
    var remaining = steps[...]
    _ = await runSequence(recording: recording) { _, _, _ in remaining.popFirst() }
    return recording.write()
  }

  /// How many sequences run after a failure, looking for a shorter one of the same property.
  static var laterSequences: Int { 50 }

  /// Reads `0x1f2e…` or a decimal seed.
  static func parseSeed(_ text: String) -> UInt64? {
    text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
  }

  /// A random step for `state`: a clock advance, a write SwiftUI makes by itself to what `views` show, or an
  /// action from a generator that makes sense there.
  func nextStep(in state: State, views: SwiftUIViews<State, Action>?, random: inout ExplorationRandom) -> Step? {
    if random.chance(exploration.advanceChance), let duration = random.element(of: exploration.clockAdvances) {
      return .advance(duration)
    }
    // Only with declared views, so that an exploration without them takes the steps its seeds always took.
    if let views, random.chance(exploration.swiftUIChance), let write = views.randomWrite(random: &random) {
      return .swiftUI(write)
    }
    // Each generator is tried in a weighted order until one makes an action for this state.
    var candidates = exploration.generators.filter { $0.weight > 0 }
    while !candidates.isEmpty {
      let total = candidates.reduce(0) { $0 + $1.weight }
      var pick = random.int(in: 0...(total - 1))
      let index = candidates.firstIndex { generator in
        pick -= generator.weight
        return pick < 0
      }!
      let generator = candidates[index]
      if let action = exploration.action(from: generator, for: state, random: &random) {
        return .send(action, generator: generator.name)
      }
      candidates.remove(at: index)
    }
    return exploration.clockAdvances.first.map(Step.advance)
  }

  /// Runs one sequence whose steps `next` gives (nil ends it; it sees the state, the step's index and the
  /// declared views as rendered) and checks every property along the way.
  func runSequence(
    recording: ExploredRecording? = nil, _ next: (State, Int, SwiftUIViews<State, Action>?) -> Step?
  ) async -> (steps: [Step], failure: ExplorationFailure?) {
    // Effects run on the main actor, so yielding lets them react: no wall time is spent waiting for quiet.
    let (life, clock, dependencies) = sequenceSetup()
    let issues = CollectedIssues()
    return await IssueHandler.$current.withValue(IssueHandler { issues.append($0) }) {
      let initial = withDependencies({ $0 = dependencies }) { initialState() }
      let store = exploredStore(reducer(), initialState: initial, dependencies: dependencies, life: life)
      // The timeline gives every action reduced, the effects' too, with the states around it.
      let timeline = store.recordTimeline(capacity: 4_096, trace: recording?.trace)
      recording?.begin(initialState: initial, storage: dependencies.sharedStorage)
      let startingScreen = ScreenSignature(of: initial)
      var taken: [Step] = []
      var checked = 0
      var previous = store.currentState
      let views = SwiftUIViews(exploration.swiftUIViews, store: store)
      // A feature that dismissed itself is gone: nobody can act on it any more.
      while !life.isDismissed, let step = next(store.currentState, taken.count, views) {
        taken.append(step)
        switch step {
        case let .send(sent, _):
          // A replayed step whose child is gone (its opening step was shrunk away) is not something a user can
          // do: the candidate is no sequence at all, so it does not fail.
          let synthesizer = ActionSynthesizer(rootState: store.currentState, collectingIDs: false)
          guard synthesizer.isApplicable(sent, to: store.currentState) else { return (taken, nil) }
          store.send(sent)
        case let .advance(duration): await clock.advance(by: duration)
        case let .swiftUI(write):
          // A replayed write SwiftUI could not make now (its screen, or the path it pops to, was shrunk away) is
          // no sequence either. One it could is told by what makes it now.
          guard let made = views?.perform(write, on: store) else { return (taken, nil) }
          taken[taken.count - 1] = .swiftUI(made)
        }
        await clock.settle()
        // Checked with the sequence's dependencies: decoding a state reads its shared fields from their storage.
        let failure =
          withDependencies({ $0 = dependencies }) {
            checkNewActions(timeline, checked: &checked, previous: &previous, issues: issues)
          } ?? outlivedScreenFailure(store.currentState, startingScreen: startingScreen, timeline: timeline)
        if let failure {
          recording?.end(timeline, failedAt: checked, failure: failure)
          return (taken, failure)
        }
        views?.render(store)
      }
      let failure = await endOfSequenceFailure(
        store: store, life: life, clock: clock, timeline: timeline, issues: issues, dependencies: dependencies)
      if let failure { recording?.end(timeline, failedAt: timeline?.lastSequence ?? 0, failure: failure) }
      return (taken, failure)
    }
  }

  /// What fails once the sequence is over: the feature ends, the clock runs out, and whatever was started must
  /// have ended.
  func endOfSequenceFailure(
    store: Store<State, Action>, life: ExploredFeatureLife, clock: TestClock, timeline: StoreTimeline<State, Action>?,
    issues: CollectedIssues, dependencies: DependencyValues
  ) async -> ExplorationFailure? {
    for action in exploration.teardown where !life.isDismissed { store.send(action) }
    await clock.settle()
    // Runs the clock to each next deadline, a bounded number of times: a timer nobody stopped never runs out.
    await clock.run(limit: 50)
    await clock.settle()
    if exploration.checksRuntimeIssues, let issue = issues.first {
      return ExplorationFailure(property: "runtime issue", message: issue)
    }
    if exploration.checksEffectsEnd, store.runningEffectCount > 0 {
      let running = timeline?.runningEffects.map { "effect \($0.id) started by \($0.actionPath)" } ?? []
      return ExplorationFailure(
        property: "effects still running",
        message: "\(store.runningEffectCount) effect(s) still running after the clock ran out: "
          + running.joined(separator: "; "))
    }
    return withDependencies({ $0 = dependencies }) { exploration.restorationFailure(store.currentState) }
  }

  /// Back at the screen the sequence started on, an effect still running that a screen shown over it started.
  func outlivedScreenFailure(
    _ state: State, startingScreen: ScreenSignature, timeline: StoreTimeline<State, Action>?
  ) -> ExplorationFailure? {
    guard exploration.checksNothingOutlivesItsScreen, let timeline, ScreenSignature(of: state) == startingScreen
    else { return nil }
    guard let effect = timeline.runningEffects.first(where: { startingScreen.isOverTheRoot($0.actionPath) })
    else { return nil }
    return ExplorationFailure(
      property: "nothing outlives its screen",
      message:
        "back at the starting screen, effect \(effect.id) started by \(effect.actionPath) (#\(effect.startedBy)) "
        + "is still running")
  }

  /// Checks the actions reduced since the last check, each with the state before and after it, or the state
  /// alone when the step reduced none (a clock advance that woke nothing). `checked` ends on the last action
  /// checked: the failing one, on a failure.
  func checkNewActions(
    _ timeline: StoreTimeline<State, Action>?, checked: inout Int, previous: inout State, issues: CollectedIssues
  ) -> ExplorationFailure? {
    guard let timeline else { return nil }
    let last = timeline.lastSequence
    if checked == last {
      return check(previous, previous: previous, action: nil, issues: issues)
    }
    for sequence in (checked + 1)...last {
      guard let entry = timeline.entry(sequence) else { continue }
      if let failure = check(entry.state, previous: previous, action: entry.action, issues: issues) {
        // The failing action: a recording of the sequence ends there.
        checked = sequence
        return failure
      }
      previous = entry.state
    }
    checked = last
    return nil
  }

  /// The first property that `state` breaks, if any: a runtime issue reported, then the exploration's own.
  func check(
    _ state: State, previous: State, action: Action?, issues: CollectedIssues
  ) -> ExplorationFailure? {
    if exploration.checksRuntimeIssues, let issue = issues.first {
      return ExplorationFailure(property: "runtime issue", message: issue)
    }
    return exploration.brokenProperty(state, previous: previous, action: action)
  }
}

/// Runtime issues reported while a sequence ran, from any task.
final class CollectedIssues: @unchecked Sendable {
  private let lock = NSLock()
  private var messages: [String] = []

  func append(_ issue: RuntimeIssue) { lock.withLock { messages.append(issue.message) } }
  var first: String? { lock.withLock { messages.first } }
}
