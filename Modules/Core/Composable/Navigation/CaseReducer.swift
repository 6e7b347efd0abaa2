/// An enum feature: an enum whose cases each hold a child feature, an alert or dialog, or plain state (a
/// Destination, a Path).
///
/// Declare the cases and conform to `Reducer`; the boilerplate plugin writes the rest (its `State` and `Action`
/// enums, one case per child; `reducer`, which runs each child on its case; `caseFeatures` and `visitCase`, which
/// let a view show each case's own screen):
///
///     enum Destination: Reducer {
///       case add(UserForm)
///       case settings(Settings)
///       case alert(AlertState<Alert>)      // its buttons' actions; dismissed after any of them
///       case note(text: String)            // plain state: no action, no logic
///     }
///
/// Parents then present it with `ifLet(\.$destination, action: \.destination)` or stack it with
/// `forEach(\.path, action: \.path)`, without a trailing closure.
public protocol CaseReducer: Reducer where State: CaseReducerState, State.StateReducer == Self {
  /// The reducer that runs each case's feature.
  associatedtype CaseBody: Reducer<State, Action>
  /// Runs each case's feature while the state is that case.
  static var reducer: CaseBody { get }
  /// Every case and the feature it runs, in the order they are declared.
  static var caseFeatures: [CaseFeature] { get }
  /// The name of the case `state` is (`add` for `.add(…)`).
  static func caseName(of state: State) -> String
  /// The name of the case `action` is: an action goes to the state of the same name.
  static func caseName(of action: Action) -> String
  /// Calls `visitor` with the feature of the case `state` is, that feature's state, and how its actions embed.
  static func visitCase<Visitor: CaseVisitor<Action>>(of state: State, with visitor: Visitor) -> Visitor.Result
}

/// The state of an enum feature, which names its reducer so `ifLet` and `forEach` can find it.
public protocol CaseReducerState {
  /// The enum feature this is the state of.
  associatedtype StateReducer: CaseReducer
}

extension Reducer {
  /// Presents an enum feature (a Destination) on `@Presents` state: its generated `reducer` runs what is presented.
  public func ifLet<ChildState: CaseReducerState, ChildAction>(
    _ toPresentationState: WritableKeyPath<State, Presents<ChildState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
  ) -> PresentationReducer<Self, ChildState.StateReducer.CaseBody>
  where Action: CasePathable, ChildState.StateReducer.State == ChildState, ChildState.StateReducer.Action == ChildAction
  {
    ifLet(
      toPresentationState, action: toPresentationAction, destination: { ChildState.StateReducer.reducer },
      fileID: fileID, filePath: filePath, line: line)
  }

  /// Runs an enum feature (a Path) on the elements of a navigation stack: its generated `reducer` runs each one.
  @inlinable public func forEach<ElementState: CaseReducerState, ElementAction>(
    _ toStackState: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
  ) -> StackReducer<Self, ElementState.StateReducer.CaseBody>
  where
    Action: CasePathable, ElementState.StateReducer.State == ElementState,
    ElementState.StateReducer.Action == ElementAction
  {
    forEach(
      toStackState, action: toStackAction, destination: { ElementState.StateReducer.reducer },
      fileID: fileID, filePath: filePath, line: line)
  }
}
