import Composable

/// How a test tunes derived actions: its payload makers, by payload type (each makes a value from the state of
/// the whole feature), and the weights of nested cases, by path (`list.userTapped`).
struct SynthesisSettings {
  var payloads: [ObjectIdentifier: (Any, inout ExplorationRandom) -> Any?] = [:]
  var caseWeights: [String: Int] = [:]
}

extension Exploration where Action: CasePathable {
  /// An exploration whose actions are made from `Action`'s own types: one generator per case a user can cause
  /// (named after the case; not `delegate`, not the cases the feature's logic sends), with payloads made from
  /// their types and the state (see `payload(_:_:)` for types it cannot make).
  public init() {
    let cases = ActionSynthesizer(rootState: (), collectingIDs: false).userCases(of: Action.self)
    self.init(
      generators: cases.map { embedding in
        ActionGenerator(derivedNamed: embedding.name) { state, settings, random in
          let synthesizer = ActionSynthesizer(rootState: state, settings: settings)
          return synthesizer.make(embedding, state: state, random: &random) as? Action
        }
      })
  }
}

extension Exploration {
  /// Makes the payloads of type `Value` with `make` (from the feature's state), wherever a derived action has one:
  /// for types explorations cannot make themselves (structs, several values) or to choose values that matter.
  public mutating func payload<Value>(
    _ type: Value.Type, _ make: @escaping (State, inout ExplorationRandom) -> Value?
  ) {
    synthesis.payloads[ObjectIdentifier(type)] = { state, random in
      guard let state = state as? State else { return nil }
      return make(state, &random)
    }
  }
}

extension Exploration {
  /// The action `generator` makes for `state` with this exploration's payload generators, as a step would.
  public func action(
    from generator: ActionGenerator<State, Action>, for state: State, random: inout ExplorationRandom
  ) -> Action? {
    generator.derived.map { $0(state, synthesis, &random) } ?? generator.make(state, &random)
  }

  /// The simpler versions of `action` shrinking tries, simplest first: the same case with empty text, zero, false,
  /// nil or fewer elements in its payload (none for an action that is not `CasePathable`).
  public func simplifications(of action: Action) -> [Action] {
    ActionSynthesizer(rootState: (), collectingIDs: false).simplifications(of: action)
  }
}
