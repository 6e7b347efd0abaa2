/// A property that must hold after every step of an exploration.
public struct Invariant<State, Action> {
  /// Names the property in reports.
  public let name: String
  /// Why the property does not hold for `state` (after `action`, from `previous`), or nil when it does.
  public let check: (_ state: State, _ previous: State, _ action: Action?) -> String?

  /// An invariant named `name`: `check` returns why it fails, or nil.
  public init(_ name: String, check: @escaping (_ state: State, _ previous: State, _ action: Action?) -> String?) {
    self.name = name
    self.check = check
  }

  /// An invariant over the state alone: `holds` says whether it holds; `message` says what is wrong otherwise.
  public static func always(_ name: String, _ holds: @escaping (State) -> Bool) -> Self {
    Self(name) { state, _, _ in holds(state) ? nil : "'\(name)' does not hold" }
  }
}
