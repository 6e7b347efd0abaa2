import Composable
import FeatureNameInterface
// scaffold: presents
import ChildNameInterface
// scaffold: end

/// FeatureName's behaviour.
struct FeatureNameLogic: Reducer {
  typealias State = FeatureName.State
  typealias Action = FeatureName.Action

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementTapped:
        state.count += 1
        return .none
      case .decrementTapped:
        state.count = max(0, state.count - 1)
        return .none
      case .doneTapped:
        return .send(.delegate(.finished(count: state.count)))
      // scaffold: presents
      case .openChildNameTapped:
        state.childName = ChildName.State()
        return .none
      case .childName(.presented(.delegate)):
        // ChildName is done: close it. Handle its delegate cases one by one when they mean different things.
        state.childName = nil
        return .none
      case .childName:
        return .none
      // scaffold: end
      case .delegate:
        return .none
      }
    }
    // scaffold: presents
    .ifLet(\.$childName, action: \.childName) { ChildName() }
    // scaffold: end
  }
}

extension FeatureName: LinkedFeatureLogic {
  /// FeatureName's real logic, linked with this module.
  public static func logic() -> Reduce<State, Action> { Reduce(FeatureNameLogic()) }
}
