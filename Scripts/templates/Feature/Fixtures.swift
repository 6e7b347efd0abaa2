import FeatureNameInterface

extension FeatureName.State {
  /// The feature with its count at `count`: add here the states this feature's tests and its parents' tests share.
  public static func counted(_ count: Int) -> Self {
    var state = Self()
    state.count = count
    return state
  }
}
