import Composable
import ErrorHandlingInterface
import Foundation
import UserClient
import UserFormInterface

/// The form's behaviour: bindings, validation on save (and again as a flagged field is fixed), saving.
struct UserFormLogic: Reducer {
  typealias State = UserForm.State
  typealias Action = UserForm.Action

  @Dependency(UserClient.self) var users

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.name):
        if state.nameError != nil { state.nameError = Validation.nameError(state.name) }
        return .none
      case .binding(\.email):
        if state.emailError != nil { state.emailError = Validation.emailError(state.email) }
        return .none
      case .binding(\.city):
        if state.cityError != nil { state.cityError = Validation.cityError(state.city) }
        return .none
      case .binding:
        return .none
      case .saveTapped:
        state.nameError = Validation.nameError(state.name)
        state.emailError = Validation.emailError(state.email)
        state.cityError = Validation.cityError(state.city)
        guard state.nameError == nil, state.emailError == nil, state.cityError == nil, !state.isSaving else {
          return .none
        }
        state.isSaving = true
        state.saveError = nil
        let name = state.name.trimmingCharacters(in: .whitespaces)
        let email = state.email.trimmingCharacters(in: .whitespaces)
        let city = state.city.trimmingCharacters(in: .whitespaces)
        return .run { [users, mode = state.mode] send in
          switch mode {
          case .add:
            await send(.saved(try await users.add(NewUser(name: name, email: email, city: city))))
          case let .edit(id):
            let user = User(id: id, name: name, email: email, city: city)
            try await users.update(user)
            await send(.saved(user))
          }
        } catch: { error, send in
          // A taken email is the user's to fix on the form, not a failure of the data folder.
          if case .emailTaken = error as? UserClientError {
            await send(.emailTaken("\(error)"))
          } else {
            await send(.saveFailed("\(error)"))
          }
        }
      case .cancelTapped:
        return .send(.delegate(.cancelled))
      case let .saved(user):
        state.isSaving = false
        return .send(.delegate(.saved(user)))
      case let .emailTaken(message):
        state.isSaving = false
        state.emailError = message
        return .none
      case let .saveFailed(message):
        state.isSaving = false
        state.saveError = message
        let report = ErrorReport(
          title: "Could not save \(state.name.trimmingCharacters(in: .whitespaces)).", reason: message,
          suggestion: "Check that the data folder is writable, then retry; the form keeps what you typed.")
        return .send(.delegate(.failed(report, retry: .saveTapped)))
      case .delegate:
        return .none
      }
    }
  }
}

/// What makes a user savable.
enum Validation {
  /// Why `name` cannot be saved, or nil.
  static func nameError(_ name: String) -> String? {
    let name = name.trimmingCharacters(in: .whitespaces)
    if name.isEmpty { return "Enter a name." }
    return tooLong(name, limit: UserDirectoryRules.maximumNameLength, what: "A name")
  }

  /// Why `city` cannot be saved, or nil (it may be empty).
  static func cityError(_ city: String) -> String? {
    tooLong(city.trimmingCharacters(in: .whitespaces), limit: UserDirectoryRules.maximumCityLength, what: "A city")
  }

  /// The message for text over `limit` characters, or nil.
  private static func tooLong(_ text: String, limit: Int, what: String) -> String? {
    text.count > limit ? "\(what) has at most \(limit) characters; this one has \(text.count)." : nil
  }

  /// Why `email` cannot be saved, or nil: one `@`, something before it, a dot in a domain after it, no spaces.
  static func emailError(_ email: String) -> String? {
    let email = email.trimmingCharacters(in: .whitespaces)
    if email.isEmpty { return "Enter an email address." }
    if let tooLong = tooLong(email, limit: UserDirectoryRules.maximumEmailLength, what: "An email address") {
      return tooLong
    }
    let parts = email.split(separator: "@", omittingEmptySubsequences: false)
    let valid =
      parts.count == 2 && !parts[0].isEmpty && !email.contains(" ")
      && parts[1].split(separator: ".", omittingEmptySubsequences: false).count >= 2
      && parts[1].split(separator: ".", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty }
    return valid ? nil : "Enter an email like ada@example.com."
  }
}

extension UserForm: LinkedFeatureLogic {
  /// The form's real logic, linked with this module.
  public static func logic() -> Reduce<State, Action> { Reduce(UserFormLogic()) }
}
