import Composable
import Foundation

/// What a property-based exploration of a feature does: how many random sequences of how many steps, which
/// actions it may send, and which properties must hold after every step.
///
/// Each sequence starts from the initial state with fresh test dependencies and its own `TestClock`, then takes
/// random steps: an action from `generators` (weighted, among those that make sense in the current state), or an
/// advance of the clock, so effects answer in the orders a live app can see. After every step the effects run
/// until they wait, and the properties are checked for every action reduced, the effects' included. A failing
/// sequence is shrunk to the fewest steps that still fail the same way, and reported with its seed.
public struct Exploration<State, Action> {
  /// How many sequences to run.
  public var sequences = 100
  /// How many steps each sequence takes at most.
  public var steps = 16
  /// The seed of the first sequence; nil: a new one each run. The environment overrides it: `EXPLORATION_SEED=0x…`
  /// runs only the sequence of that seed (what a failure's report says to rerun), `EXPLORATION_SEED=random` a new
  /// seed, and `EXPLORATION_SEQUENCES=N` changes how many sequences run (a longer hunt than CI's).
  public var seed: UInt64?
  /// The actions a sequence may send.
  public var generators: [ActionGenerator<State, Action>]
  /// The test's payload makers (see `payload(_:_:)`) and nested case weights (see `weight(_:_:)`).
  var synthesis = SynthesisSettings()
  /// Properties that must hold after every step, besides the built-in ones.
  public var invariants: [Invariant<State, Action>] = []
  /// How far the clock moves when a step advances it.
  public var clockAdvances: [Duration] = [.milliseconds(10), .milliseconds(300), .seconds(1), .seconds(5)]
  /// How often a step advances the clock rather than sending an action (0 to 1).
  public var advanceChance = 0.25
  /// Built in: no runtime issue is reported (an action for a child that is not there, an unhandled binding, an
  /// unimplemented dependency, a send after an effect ended, …).
  public var checksRuntimeIssues = true
  /// Built in: once the sequence is over, `teardown` is sent and the clock has run out, no effect is still
  /// running.
  public var checksEffectsEnd = true
  /// What ends the feature's life after each sequence (its disappear or dismiss action), so that long-living
  /// effects it owns are cancelled before the end is checked.
  public var teardown: [Action] = []
  /// Built in: a `Codable` state encodes and decodes to an equal state.
  public var checksCodableRoundTrip = true
  /// Built in: a `RestorableState` settles idempotently (settling twice equals settling once).
  public var checksRestoration = true
  /// Built in: whenever a sequence is back at the screen it started on (no presentation shown that was not, every
  /// stack as deep as it was), no effect started by a screen shown over it is still running: nothing outlives its
  /// screen. An effect a parent starts for what a child asked (`.delegate`) is the parent's.
  public var checksNothingOutlivesItsScreen = true
  /// The most replays the search for a shorter failure may take once shrinking is done (breadth first over the
  /// failure's own steps, every length below the shrunk one); the report says when it ran out first.
  public var shortestSearchBudget = 1_000
  /// How often a step is a write SwiftUI makes by itself, when stacks or presentations are declared with
  /// `swiftUI(stack:action:fields:weight:)` or `swiftUI(presentation:action:fields:weight:)` (0 to 1).
  public var swiftUIChance = 0.2
  /// The stacks and presentations SwiftUI writes to by itself, as declared.
  var swiftUIViews: [SwiftUIViewDeclaration<State, Action>] = []
  /// The terminal app that opens a failing sequence's recording (`users`, `UserListExample`): the report says
  /// `swift run APP --replay FILE --step`. Nil: the report names the feature instead.
  public var opensIn: String?

  /// An exploration sending actions from `generators`.
  public init(generators: [ActionGenerator<State, Action>]) {
    self.generators = generators
  }

  /// Changes how often the actions named `name` are chosen (0: never): a generator (`list`, `queryChanged`), or a
  /// case nested in a derived action, by the names of the cases that lead to it (`list.userTapped`,
  /// `path.detail.editTapped`, `destination.add.saveTapped`; presentation and stack wrappers are not named).
  public mutating func weight(_ name: String, _ weight: Int) {
    guard name.contains(".") else {
      for index in generators.indices where generators[index].name == name { generators[index].weight = weight }
      return
    }
    synthesis.caseWeights[name] = weight
  }
}

/// One step of an explored sequence.
public enum ExplorationStep<Action>: CustomStringConvertible {
  /// An action sent by the generator named `generator`.
  case send(Action, generator: String)
  /// The test clock moved forward.
  case advance(Duration)
  /// SwiftUI wrote a binding by itself (see `Exploration.swiftUI(stack:action:fields:weight:)`).
  case swiftUI(SwiftUIWrite)

  /// `send list.queryChanged("a")`, `advance 300 ms`.
  public var description: String {
    switch self {
    case let .send(action, _): "send \(actionPath(action))"
    case let .advance(duration): "advance \(durationText(duration))"
    case let .swiftUI(write): write.description
    }
  }
}

/// Why an explored sequence failed.
public struct ExplorationFailure: Equatable, Sendable, CustomStringConvertible {
  /// Which property: an invariant's name, or a built-in check's ("runtime issue", "effects still running", …).
  public let property: String
  /// What was wrong.
  public let message: String

  /// A failure of `property`, saying `message`.
  public init(property: String, message: String) {
    self.property = property
    self.message = message
  }

  /// `property: message`.
  public var description: String { "\(property): \(message)" }
}

/// What an exploration found.
public struct ExplorationResult<Action> {
  /// How many sequences ran.
  public let sequences: Int
  /// How many steps they took in all.
  public let steps: Int
  /// The seed the first sequence ran with.
  public let seed: UInt64
  /// The failure, if a sequence failed: its seed, the shrunk steps and why.
  public let failure: (seed: UInt64, steps: [ExplorationStep<Action>], original: Int, reason: ExplorationFailure)?
  /// The failing sequence as an exhaustive test store test, as the report prints it.
  public internal(set) var shrunkTest: String?
  /// What the shrinking took: the sequences replayed and the time, for the failures found (nil without one).
  public internal(set) var shrinking: (replays: Int, duration: Duration)?
  /// What the search for a shorter failure after shrinking did (nil without a failure).
  public internal(set) var shortestSearch: ShortestSearch?
  /// The writes SwiftUI made by itself in the sequences run (not in their replays), by cause (`swipe back`,
  /// `as its screen goes`): what the exploration tried beside the user's actions.
  public internal(set) var swiftUIWrites: [String: Int] = [:]
  /// The failing sequence kept as a recording (`--replay FILE --step` opens it), with its trace beside it.
  public internal(set) var session: URL?
}

/// `300 ms`, `1 s`, `1.5 s`.
func durationText(_ duration: Duration) -> String {
  let milliseconds = duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000
  if milliseconds % 1_000 == 0 { return "\(milliseconds / 1_000) s" }
  return milliseconds < 1_000 ? "\(milliseconds) ms" : String(format: "%.3g s", Double(milliseconds) / 1_000)
}
