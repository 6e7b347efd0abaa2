import Composable
import ErrorHandlingInterface
import Foundation
import UserClientInterface
import UserFormInterface

/// The form's behaviour: bindings, validation on save (and again as a flagged field is fixed), saving.
struct UserFormLogic: Reducer {
  typealias State = UserForm.State
  typealias Action = UserForm.Action

  @Dependency(UserClient.self) var users

  private enum CancelID { case watch, check }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      // An edit answers a refused save.
      if action.binding != nil { state.saveRefusal = nil }
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
        guard !state.isSaving else { return .none }
        let fieldErrors = [state.nameError, state.emailError, state.cityError].compactMap { $0 }
        guard fieldErrors.isEmpty else {
          state.saveRefusal = "Not saved: " + fieldErrors.joined(separator: " ")
          return .none
        }
        state.saveRefusal = nil
        state.editedElsewhereNotice = nil
        state.isSaving = true
        state.saveError = nil
        let name = state.name.trimmingCharacters(in: .whitespaces)
        let email = state.email.trimmingCharacters(in: .whitespaces)
        let city = state.city.trimmingCharacters(in: .whitespaces)
        return .run { [users, mode = state.mode] send in
          switch mode {
          case .add:
            await send(.saved(try await users.add(NewUser(name: name, email: email, city: city))))
          case let .edit(original):
            let user = User(id: original.id, name: name, email: email, city: city)
            try await users.update(user, original)
            await send(.saved(user))
          }
        } catch: { error, send in
          // A taken email or a user changed elsewhere is the user's to resolve on the form, not a failure.
          switch error as? UserClientError {
          case .emailTaken?: await send(.emailTaken("\(error)"))
          case let .conflict(current)?: await send(.saveConflicted(current))
          default: await send(.saveFailed(UserClientFailure(error)))
          }
        }
      case .cancelTapped:
        return .send(.delegate(.cancelled))
      case let .saved(user):
        state.isSaving = false
        // The form now shows a saved user, so a second save updates that one: left in add mode it would add a
        // duplicate, and left editing the first version it would take its own save for a change made elsewhere.
        state.mode = .edit(user)
        return .send(.delegate(.saved(user)))
      case let .emailTaken(message):
        state.isSaving = false
        state.emailError = message
        state.saveRefusal = "Not saved: \(message)"
        return .none
      case let .saveConflicted(current):
        // The next save is a deliberate choice to replace this version with what is typed.
        state.isSaving = false
        state.mode = .edit(current)
        state.saveRefusal = UserFormLogic.conflictMessage(current)
        return .send(.delegate(.storedVersionChanged(current)))
      case .followChangesElsewhere:
        guard case .edit = state.mode else { return .none }
        return .run { [users] send in
          for await _ in try await users.changesElsewhere() { await send(.directoryChanged) }
        }
        .cancellable(id: CancelID.watch, cancelInFlight: true)
      case .directoryChanged:
        // A save of this form's own answers for itself; otherwise the stored version is compared with the one
        // the form started from.
        guard case let .edit(original) = state.mode, !state.isSaving else { return .none }
        return .run { [users] send in
          let current = try await users.user(original.id)
          guard current != original else { return }
          await send(.editedElsewhere(current))
        } catch: { _, _ in
          // A load that fails here changes nothing: the save will say what is wrong.
        }
        .cancellable(id: CancelID.check, cancelInFlight: true)
      case let .editedElsewhere(current):
        // From now on a save replaces their version with what is typed: the form said so.
        state.mode = .edit(current)
        state.editedElsewhereNotice = UserFormLogic.editedElsewhereMessage(current)
        return .send(.delegate(.storedVersionChanged(current)))
      case let .saveFailed(failure):
        state.isSaving = false
        state.saveError = failure.message
        let advice = failure.suggestion(otherwise: "Check that the data folder is writable, then retry.")
        let report = ErrorReport(
          title: "Could not save \(state.name.trimmingCharacters(in: .whitespaces)).", reason: failure.message,
          suggestion: String(advice.dropLast()) + "; the form keeps what you typed.")
        return .send(.delegate(.failed(report, retry: .saveTapped)))
      case .delegate:
        return .none
      }
    }
  }
}

extension UserFormLogic {
  /// What the form says when its user was changed elsewhere: what is stored now, and the two ways on.
  static func editedElsewhereMessage(_ current: User) -> String {
    let city = current.city.isEmpty ? "" : " · \(current.city)"
    return """
      Another session just saved this user: it is now \(current.name) <\(current.email)>\(city). Saving replaces \
      that with what is typed here; cancel keeps theirs.
      """
  }

  /// What the form says when a save finds its user changed elsewhere.
  static func conflictMessage(_ current: User) -> String {
    let city = current.city.isEmpty ? "" : " · \(current.city)"
    return """
      Not saved: \(current.name) was changed in another session since this form opened; it is now \
      \(current.name) <\(current.email)>\(city). Save again to replace that with what you typed, or cancel.
      """
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
