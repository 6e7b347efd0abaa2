/// One kind of action an exploration may send: how often, and how to make one for the state at hand.
public struct ActionGenerator<State, Action> {
  /// Names the kind in reports and in `Exploration.weighting`.
  public let name: String
  /// How often it is chosen, relative to the others (0: never).
  public var weight: Int
  /// An action of this kind for `state`, or nil when it makes no sense there (no row to tap, no form to save).
  public let make: (State, inout ExplorationRandom) -> Action?
  /// For a generator derived from the action's type: makes the action with the test's payload generators.
  let derived: ((State, SynthesisSettings, inout ExplorationRandom) -> Action?)?

  /// A generator named `name`, chosen with `weight`, making actions with `make`.
  public init(_ name: String, weight: Int = 1, make: @escaping (State, inout ExplorationRandom) -> Action?) {
    self.name = name
    self.weight = weight
    self.make = make
    derived = nil
  }

  /// A generator derived from the action's type; `make` uses none of the test's payload makers or case weights.
  init(
    derivedNamed name: String, make derived: @escaping (State, SynthesisSettings, inout ExplorationRandom) -> Action?
  ) {
    self.name = name
    weight = 1
    make = { state, random in derived(state, SynthesisSettings(), &random) }
    self.derived = derived
  }

  /// A generator that always sends `action`.
  public static func always(_ name: String, weight: Int = 1, _ action: Action) -> Self {
    Self(name, weight: weight) { _, _ in action }
  }
}
