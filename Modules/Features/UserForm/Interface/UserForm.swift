import Composable
import ErrorHandlingInterface
import UserClientInterface

/// The add-or-edit form: fields set by bindings, validation messages, and save or cancel told to the parent.
public struct UserForm: Reducer {
  /// The form's fields and what it says about them.
  public struct State: Equatable, Codable, CodableBindings, RestorableState, ObservableState {
    /// Whether the form adds a new user or edits an existing one.
    public var mode: Mode
    /// The name as typed.
    public var name: String
    /// The email as typed.
    public var email: String
    /// The city as typed (optional).
    public var city: String
    /// Why the name cannot be saved, if it cannot.
    public var nameError: String?
    /// Why the email cannot be saved, if it cannot.
    public var emailError: String?
    /// Why the city cannot be saved, if it cannot.
    public var cityError: String?
    /// Whether a save is in flight.
    public var isSaving = false
    /// Why the last save failed, if it did.
    public var saveError: String?
    /// Why the last `save` was refused (a field to fix, a user changed elsewhere), until the next edit; a
    /// script stops there.
    public var saveRefusal: String?
    /// That another session changed the user being edited, and how it is now: said as soon as it happens,
    /// until the next save.
    public var editedElsewhereNotice: String?

    /// An empty form for adding a user.
    public init() {
      mode = .add
      name = ""
      email = ""
      city = ""
    }

    /// The fields a binding may set, by the names recordings use.
    public static let bindingFields: [BindingField<Self>] = [
      .field("name", \.name), .field("email", \.email), .field("city", \.city),
    ]

    /// Settles work a quit interrupted: a save in flight will not answer a restored form.
    public mutating func settleForRestoration() {
      isSaving = false
    }

    /// A form editing `user`, prefilled.
    public init(editing user: User) {
      mode = .edit(user)
      name = user.name
      email = user.email
      city = user.city
    }
  }

  /// Whether the form adds or edits.
  public enum Mode: Equatable, Sendable, Codable {
    /// Adds a new user.
    case add
    /// Edits this user, as it was loaded: a save is refused if someone changed it since.
    case edit(User)
  }

  /// Everything that can happen to the form.
  public enum Action: Equatable, Codable, BindableAction, CasePathable {
    /// A field changed.
    case binding(BindingAction<State>)
    /// Validate, then save through the client.
    case saveTapped
    /// Leave without saving.
    case cancelTapped
    /// The client saved the user.
    case saved(User)
    /// The client failed to save.
    case saveFailed(UserClientFailure)
    /// The client refused the email: another user has it (the message says who).
    case emailTaken(String)
    /// The client refused the edit: someone changed the user since the form opened; this is how it is now.
    case saveConflicted(User)
    /// The form is on screen: follow the changes other sessions make, to say at once if its user changes.
    case followChangesElsewhere
    /// Another session changed the users: check whether this form's user is one of them.
    case directoryChanged
    /// Another session saved the user being edited while the form was open; this is how it is now.
    case editedElsewhere(User)
    /// What the form tells its parent.
    case delegate(Delegate)

    /// What the form tells its parent.
    public enum Delegate: Equatable, Codable, CasePathable {
      /// The user was saved (added or edited): close the form and show it.
      case saved(User)
      /// The user cancelled: close the form.
      case cancelled
      /// The user was changed by someone else while the form was open: show this version (the form stays).
      case storedVersionChanged(User)
      /// Saving failed: explain `report`; sending `retry` back to the form saves again.
      indirect case failed(ErrorReport, retry: Action)
    }

    /// The binding, if this is one.
    public var binding: BindingAction<State>? {
      if case let .binding(action) = self { action } else { nil }
    }
  }

  /// A form feature (its logic comes from `UserFormFeature`).
  public init() {}

  /// The linked logic.
  public var body: some ReducerOf<Self> { FeatureLogic(Self.self) }
}
