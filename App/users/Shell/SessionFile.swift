import AppFeature
import Composable
import Foundation

/// The screens of the last session, kept in `session.json` in the data folder between runs.
///
/// Saved on quit and read at the next start with the work in flight settled (`RestorableState`), so a
/// screen quit during a load comes back idle and loads again when it appears.
enum SessionFile {
  /// The file's name in the data folder.
  static let name = "session.json"

  /// What loading the last session gave: its state, nothing (first run, `--fresh`), or why it could not be used.
  enum Restored {
    /// The last session's screens.
    case state(AppFeature.State)
    /// There is no saved session.
    case none
    /// The file could not be used; it was moved aside (when it could be) and the app starts on the list.
    case unusable(String)
  }

  /// Reads the session saved in `directory`. Call inside the session's dependencies: shared values resolve there.
  static func load(from directory: URL) -> Restored {
    let url = directory.appendingPathComponent(name)
    guard FileManager.default.fileExists(atPath: url.path) else { return .none }
    do {
      let data = try Data(contentsOf: url)
      // Settled again on the way in: a file from another version, or edited by hand, may hold work in flight.
      return .state(try JSONDecoder().decode(AppFeature.State.self, from: data).preparedForRestoration())
    } catch {
      let reason = SharedFileSystem.describe(error)
      let kept = SharedFileSystem.live.moveAside(url).map { " The file was kept at \($0.path)." } ?? ""
      return .unusable("The last session could not be restored (\(reason)); starting on the list.\(kept)")
    }
  }

  /// Writes `state`, settled, atomically to the data folder.
  static func save(_ state: AppFeature.State, to directory: URL) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try encoder.encode(state.preparedForRestoration()).write(
      to: directory.appendingPathComponent(name), options: .atomic)
  }
}
