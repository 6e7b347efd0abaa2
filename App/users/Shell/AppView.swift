import AppFeature
import Composable
import ErrorHandlingInterface
import TerminalApp
import TerminalUI
import UserListInterface

/// The whole app as text: the top of the stack (the list, or a pushed screen), the destination over it, and
/// the error screen over everything.
///
/// Every screen is its feature's linked view (`FeatureView`): the shell links the features' Implementations and
/// shows a Destination or Path case by its feature, so adding a case to AppFeature needs nothing here.
public func appView() -> some TerminalView<AppFeature.State, AppFeature.Action> {
  StackView(
    state: \.list, action: \.list, root: FeatureView(UserList.self),
    path: \.path, pathAction: \.path, element: FeatureView(AppFeature.Path.self)
  )
  .presenting(\.$destination, action: \.destination, FeatureView(AppFeature.Destination.self))
  .presenting(\.$error, action: \.error, FeatureView(ErrorHandling.self))
}

/// The features `appView()` would show without their screen, because no linked module gives them a view
/// (empty in a complete build): the shell refuses to start with any, and a test keeps the list empty.
public func featuresWithoutLinkedView() -> [String] {
  FeatureView<UserList>.unlinkedFeatures + FeatureView<AppFeature.Path>.unlinkedFeatures
    + FeatureView<AppFeature.Destination>.unlinkedFeatures + FeatureView<ErrorHandling>.unlinkedFeatures
}
