import AnalyticsClientInterface
import AppFeature
import Composable

/// Which of the app's actions are analytics events. Only the composition root knows this: no feature does.
enum AppAnalytics {
  /// The events `action` stands for (most actions stand for none).
  @Sendable static func events(_ state: AppFeature.State, _ action: AppFeature.Action) -> [AnalyticsEvent] {
    switch action {
    case .appStarted:
      return [AnalyticsEvent("app_started")]
    case let .list(.delegate(.selected(id))):
      return [AnalyticsEvent("user_opened", ["id": "\(id.rawValue)"])]
    case .list(.delegate(.addRequested)):
      return [AnalyticsEvent("add_form_opened")]
    case .list(.delegate(.settingsRequested)):
      return [AnalyticsEvent("settings_opened")]
    case .list(.delegate(.appInfoRequested)):
      return [AnalyticsEvent("app_info_opened")]
    case let .list(.sortChanged(order)):
      return [AnalyticsEvent("setting_changed", ["sort": order.rawValue])]
    case let .destination(.presented(.settings(.sortOrderChanged(order)))):
      return [AnalyticsEvent("setting_changed", ["sort": order.rawValue])]
    case let .destination(.presented(.settings(.searchFieldChanged(field)))):
      return [AnalyticsEvent("setting_changed", ["search_field": field.rawValue])]
    case let .destination(.presented(.settings(.displayChanged(display)))):
      return [AnalyticsEvent("setting_changed", ["display": display.rawValue])]
    case let .destination(.presented(.add(.delegate(.saved(user))))):
      return [AnalyticsEvent("user_added", ["id": "\(user.id.rawValue)"])]
    case let .path(.element(_, .detail(.delegate(.updated(user))))):
      return [AnalyticsEvent("user_edited", ["id": "\(user.id.rawValue)"])]
    case let .path(.element(_, .detail(.delegate(.deleted(id))))):
      return [AnalyticsEvent("user_deleted", ["id": "\(id.rawValue)"])]
    case let .destination(.presented(.onboarding(.delegate(.finished(skipped))))):
      return [AnalyticsEvent("onboarding_finished", ["skipped": "\(skipped)"])]
    case .list(.delegate(.failed(let report, _))), .path(.element(_, .detail(.delegate(.failed(let report, _))))),
      .destination(.presented(.add(.delegate(.failed(let report, _))))),
      .destination(.presented(.appInfo(.delegate(.failed(let report, _))))),
      .destination(.presented(.onboarding(.delegate(.failed(let report, _))))):
      return [AnalyticsEvent("error_shown", ["title": report.title])]
    case .error(.presented(.delegate(.retry))):
      return [AnalyticsEvent("error_retried")]
    default:
      return []
    }
  }
}
