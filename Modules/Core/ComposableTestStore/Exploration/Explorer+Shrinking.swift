import Composable
import Foundation
import ValueDump

extension Explorer {
  /// The fewest and simplest steps, found greedily, that still fail with the same property: whole steps are
  /// dropped, then payloads simplified, then clock advances shortened. Each try replays the steps from the start, as a test would.
  func shrink(_ steps: [Step], failing failure: ExplorationFailure) async -> (
    steps: [Step], failure: ExplorationFailure
  ) {
    var best = steps
    var reason = failure
    var tries = 0
    var progress = true
    while progress, tries < 400 {
      progress = false
      // Later steps first: what follows the failure never matters, and dropping it is cheap to check.
      var index = best.count - 1
      while index >= 0, tries < 400 {
        var candidate = best
        candidate.remove(at: index)
        tries += 1
        if let failed = await replay(candidate), failed.property == reason.property {
          best = candidate
          reason = failed
          progress = true
        }
        index -= 1
      }
      // Simpler payloads: empty text, zero, false, nil, fewer elements, the first that still fails.
      for index in best.indices where tries < 400 {
        guard case let .send(action, generator) = best[index] else { continue }
        for simpler in exploration.simplifications(of: action) where tries < 400 {
          var candidate = best
          candidate[index] = .send(simpler, generator: generator)
          tries += 1
          if let failed = await replay(candidate), failed.property == reason.property {
            best = candidate
            reason = failed
            progress = true
            break
          }
        }
      }
      // Shorter advances: the exploration's own durations first (a test reads `.seconds(1)` better than 1.25 s).
      for index in best.indices where tries < 400 {
        guard case let .advance(duration) = best[index], duration > .milliseconds(1) else { continue }
        let shorter = exploration.clockAdvances.filter { $0 < duration }.sorted() + [duration / 2]
        for candidateDuration in shorter where tries < 400 {
          var candidate = best
          candidate[index] = .advance(candidateDuration)
          tries += 1
          if let failed = await replay(candidate), failed.property == reason.property {
            best = candidate
            reason = failed
            progress = true
            break
          }
        }
      }
    }
    return (best, reason)
  }

  /// How `steps` fail when run again from the start, or nil when they pass.
  func replay(_ steps: [Step]) async -> ExplorationFailure? {
    await runSequence { _, index in index < steps.count ? steps[index] : nil }.failure
  }

  /// The report of a failure: what failed, the shrunk steps, the same steps as an exhaustive test, and how to
  /// rerun the sequence.
  func report(
    _ failure: (seed: UInt64, steps: [Step], original: Int, reason: ExplorationFailure), sequences: Int,
    test: [String], testName: String
  ) -> String {
    let seed = "0x" + String(failure.seed, radix: 16)
    var lines = [
      "Exploring \(R.self) found a failure in sequence \(sequences) (seed \(seed)):",
      "  \(failure.reason.property): \(failure.reason.message)",
      "Shrunk from \(failure.original) steps to \(failure.steps.count):",
    ]
    for (index, step) in failure.steps.enumerated() { lines.append("  \(index + 1). \(step)") }
    lines.append("As an exhaustive test (paste it beside the exploration; it fails the same way):")
    lines += test.map { "  " + $0 }
    lines.append(
      "Run only this sequence again: EXPLORATION_SEED=\(seed) swift test --filter \(testName)")
    return lines.joined(separator: "\n")
  }
}

/// An action as Swift spells it in a `send`: `.queryChanged("a")`, `.list(.delegate(.selected(2)))`.
func actionLiteral(_ action: Any) -> String {
  // A binding dumps as `BindingAction.set(\State.city, "")`, whose key path names a type the test may not see
  // by that name; in a `send` the root is inferred: `.set(\.city, "")`.
  let line = valueDumpLine(action, abbreviatingNestedCases: true).replacing(
    /BindingAction\.set\(\\(?:[A-Z][A-Za-z0-9_]*\.)+/, with: ".set(\\.")
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
