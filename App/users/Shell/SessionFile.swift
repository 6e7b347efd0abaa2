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
    /// The last session's screens but for those another version saved in a shape this one cannot read: the
    /// warning names them and where the file was kept.
    case partial(AppFeature.State, warning: String)
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
      let (state, reset) = try SessionRepair.decode(data) { try JSONDecoder().decode(AppFeature.State.self, from: $0) }
      // Settled again on the way in: a file from another version, or edited by hand, may hold work in flight.
      guard !reset.isEmpty else { return .state(state.preparedForRestoration()) }
      let kept = keepCopy(of: url).map { " The file as it was is kept at \($0.path)." } ?? ""
      return .partial(
        state.preparedForRestoration(),
        warning: "The last session was restored in part: \(reset.joined(separator: ", ")) could not be read "
          + "(saved by another version?) and start empty.\(kept)")
    } catch {
      let reason = SharedFileSystem.describe(error)
      let kept = SharedFileSystem.live.moveAside(url).map { " The file was kept at \($0.path)." } ?? ""
      return .unusable("The last session could not be restored (\(reason)); starting on the list.\(kept)")
    }
  }

  /// Copies the session file beside itself, replacing an older copy: the next save overwrites what a partial
  /// restore could not read. Nil when the copy could not be made.
  private static func keepCopy(of url: URL) -> URL? {
    let copy = url.deletingLastPathComponent().appendingPathComponent(name + ".unread")
    try? FileManager.default.removeItem(at: copy)
    return (try? FileManager.default.copyItem(at: url, to: copy)).map { copy }
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
