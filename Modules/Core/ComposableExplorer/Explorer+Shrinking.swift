import Composable
import Foundation
import ValueDump

extension Explorer {
  /// The fewest and simplest steps that still fail with the same property, by delta debugging to a fixpoint:
  /// halves, then smaller chunks, then single steps are dropped; then pairs of steps that only go together (a
  /// toggle and its undo); then payloads are simplified, adjacent clock advances merged and advances shortened.
  /// Each try replays the steps from the start, as a test would, and keeps only the steps up to the failure.
  func shrink(_ steps: [Step], failing failure: ExplorationFailure, replays: inout Int) async -> (
    steps: [Step], failure: ExplorationFailure
  ) {
    var shrinking = Shrinking<Action>(best: steps, reason: failure)
    defer { replays += shrinking.tries }
    var progress = true
    while progress, shrinking.hasTriesLeft {
      let before = shrinking.best.count
      let simplifications = shrinking.improvements
      await dropChunks(&shrinking)
      await dropPairs(&shrinking)
      await simplifyPayloads(&shrinking)
      await simplifyAdvances(&shrinking)
      progress = shrinking.best.count < before || shrinking.improvements > simplifications
    }
    return (shrinking.best, shrinking.reason)
  }

  /// Tries `candidate`: kept (up to the step that failed) when it fails with the same property.
  private func attempt(_ candidate: [Step], in shrinking: inout Shrinking<Action>) async -> Bool {
    guard shrinking.hasTriesLeft, !candidate.isEmpty else { return false }
    shrinking.tries += 1
    let outcome = await runSequence { _, index, _ in index < candidate.count ? candidate[index] : nil }
    guard let failed = outcome.failure, failed.property == shrinking.reason.property else { return false }
    shrinking.best = outcome.steps
    shrinking.reason = failed
    shrinking.improvements += 1
    return true
  }

  /// Drops chunks of steps, half the sequence first, then smaller, down to single steps (later steps first:
  /// what follows a failure never matters).
  private func dropChunks(_ shrinking: inout Shrinking<Action>) async {
    var size = max(shrinking.best.count / 2, 1)
    while size >= 1, shrinking.hasTriesLeft {
      var end = shrinking.best.count
      while end > 0, shrinking.hasTriesLeft {
        let start = max(end - size, 0)
        var candidate = shrinking.best
        candidate.removeSubrange(start..<min(end, candidate.count))
        if await attempt(candidate, in: &shrinking) {
          end = min(start, shrinking.best.count)
        } else {
          end = start
        }
      }
      size = size == 1 ? 0 : size / 2
    }
  }

  /// Drops two steps at once, anywhere in the sequence, where dropping either alone passes: the moves that only
  /// cancel out together (a push and its pop, a step forward and one back). Short sequences only: the pairs grow
  /// with the square of the length.
  private func dropPairs(_ shrinking: inout Shrinking<Action>) async {
    guard shrinking.best.count <= 40 else { return }
    var first = 0
    while first < shrinking.best.count - 1, shrinking.hasTriesLeft {
      var second = first + 1
      var dropped = false
      while second < shrinking.best.count, shrinking.hasTriesLeft {
        var candidate = shrinking.best
        candidate.remove(at: second)
        candidate.remove(at: first)
        if await attempt(candidate, in: &shrinking) {
          dropped = true
          break
        }
        second += 1
      }
      if !dropped { first += 1 }
    }
  }

  /// Simpler payloads: empty text, zero, false, nil, fewer elements; the first that still fails.
  private func simplifyPayloads(_ shrinking: inout Shrinking<Action>) async {
    var index = 0
    while index < shrinking.best.count, shrinking.hasTriesLeft {
      if case let .send(action, generator) = shrinking.best[index] {
        for simpler in exploration.simplifications(of: action) {
          var candidate = shrinking.best
          candidate[index] = .send(simpler, generator: generator)
          if await attempt(candidate, in: &shrinking) { break }
        }
      }
      index += 1
    }
  }

  /// Adjacent advances merged into one, then each advance shortened: the exploration's own durations first (a
  /// test reads `.seconds(1)` better than 1.25 s).
  private func simplifyAdvances(_ shrinking: inout Shrinking<Action>) async {
    var index = 0
    while index + 1 < shrinking.best.count, shrinking.hasTriesLeft {
      if case let .advance(first) = shrinking.best[index], case let .advance(second) = shrinking.best[index + 1] {
        var candidate = shrinking.best
        candidate.replaceSubrange(index...(index + 1), with: [.advance(first + second)])
        if await attempt(candidate, in: &shrinking) { continue }
      }
      index += 1
    }
    for index in shrinking.best.indices where shrinking.hasTriesLeft {
      guard index < shrinking.best.count, case let .advance(duration) = shrinking.best[index],
        duration > .milliseconds(1)
      else { continue }
      let shorter = exploration.clockAdvances.filter { $0 < duration }.sorted() + [duration / 2]
      for candidateDuration in shorter {
        var candidate = shrinking.best
        candidate[index] = .advance(candidateDuration)
        if await attempt(candidate, in: &shrinking) { break }
      }
    }
  }

  /// How `steps` fail when run again from the start, or nil when they pass.
  func replay(_ steps: [Step]) async -> ExplorationFailure? {
    await runSequence { _, index, _ in index < steps.count ? steps[index] : nil }.failure
  }

  /// The report of a failure: what failed, the shrunk steps, the same steps as an exhaustive test, and how to
  /// rerun the sequence.
  func report(
    _ failure: (seed: UInt64, steps: [Step], original: Int, reason: ExplorationFailure), sequences: Int,
    shrinking: (replays: Int, duration: Duration)?, shortest: ShortestSearch? = nil, test: [String],
    testName: String, session: URL? = nil
  ) -> String {
    let seed = "0x" + String(failure.seed, radix: 16)
    var lines = [
      "Exploring \(R.self) found a failure in sequence \(sequences) (seed \(seed)):",
      "  \(failure.reason.property): \(failure.reason.message)",
      "Shrunk from \(failure.original) steps to \(failure.steps.count)"
        + (shrinking.map { " (\($0.replays) replays, \(durationText($0.duration)))" } ?? "") + ":",
    ]
    for (index, step) in failure.steps.enumerated() { lines.append("  \(index + 1). \(step)") }
    if let shortest {
      lines.append(shortest.reportLine(budget: exploration.shortestSearchBudget, steps: failure.steps.count))
    }
    lines.append("As an exhaustive test (paste it beside the exploration; it fails the same way):")
    lines += test.map { "  " + $0 }
    lines.append(
      "Run only this sequence again: EXPLORATION_SEED=\(seed) swift test --filter \(testName)")
    if let session {
      let app = exploration.opensIn.map { "swift run \($0)" } ?? "<a terminal app of \(R.self)>"
      lines.append("Step through it, standing on the failing action: \(app) --replay \(session.path) --step")
      lines.append("Its trace (Perfetto, chrome://tracing): \(ExploredRecording.traceURL(of: session).path)")
    }
    return lines.joined(separator: "\n")
  }
}

/// An action as Swift spells it in a `send`: `.queryChanged("a")`, `.list(.delegate(.selected(2)))`.
func actionLiteral(_ action: Any) -> String {
  // A binding dumps as `BindingAction.set(\State.city, "")`, whose key path names a type the test may not see
  // by that name; in a `send` the root is inferred: `.set(\.city, "")`.
  let line = valueDumpLine(action, abbreviatingNestedCases: true).replacing(
    /BindingAction\.set\(\\(?:[A-Z][A-Za-z0-9_]*\.)+/, with: ".set(\\."
  )
  // A stack's id dumps with its field; a test writes it as the integer literal it accepts: `.popFrom(id: 0)`.
  .replacing(/StackElementID\(rawValue: (-?[0-9]+)\)/) { String($0.output.1) }
  let mirror = Mirror(reflecting: action)
  guard mirror.displayStyle == .enum else { return line }
  let name =
    mirror.children.first?.label ?? String(describing: action).split(separator: "(").first.map(String.init) ?? ""
  guard let range = line.range(of: "." + name) else { return line }
  return String(line[range.lowerBound...])
}

/// A duration as Swift spells it: `.milliseconds(300)`, `.seconds(1)`.
func durationLiteral(_ duration: Duration) -> String {
  let milliseconds = duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000
  return milliseconds % 1_000 == 0 ? ".seconds(\(milliseconds / 1_000))" : ".milliseconds(\(milliseconds))"
}

/// A shrink in progress: the shortest failing steps so far, their failure, and the replays spent.
struct Shrinking<Action> {
  var best: [ExplorationStep<Action>]
  var reason: ExplorationFailure
  /// Replays tried; each runs a whole sequence, so they are bounded.
  var tries = 0
  /// Candidates kept, shorter or simpler.
  var improvements = 0
  /// The most replays one shrink may take.
  static var tryLimit: Int { 3_000 }

  init(best: [ExplorationStep<Action>], reason: ExplorationFailure) {
    self.best = best
    self.reason = reason
  }

  var hasTriesLeft: Bool { tries < Self.tryLimit }
}
