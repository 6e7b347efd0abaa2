import Sharing

/// An action an effect sent, with what it left: the test asserts it with `receive`.
@usableFromInline struct ReceivedAction<State, Action> {
  @usableFromInline let action: Action
  @usableFromInline let state: State
  @usableFromInline let shared: [SharedChange]
  /// Whether a later `send` already took the state this action left as its starting point (the test sent
  /// before asserting it): receiving it then checks the action only.
  @usableFromInline var isFolded = false

  @usableFromInline init(action: Action, state: State, shared: [SharedChange]) {
    self.action = action
    self.state = state
    self.shared = shared
  }
}
