import Foundation
import UserClientInterface
import UserClientLive

extension UsersShell {
  /// `users export FILE`: every user of the data folder to FILE ("-": standard output), in id order.
  static func export(to file: String, options: ShellOptions, io: IO) async throws(ShellExit) -> Int32 {
    let directory = try dataFolder(options, io: io)
    do {
      if file == "-" {
        _ = try await UserDirectoryTransfer.export(directory: directory, to: nil, write: io.write)
      } else {
        let url = URL(fileURLWithPath: file)
        let count = try await UserDirectoryTransfer.export(directory: directory, to: url)
        io.writeError("users: exported \(users(count)) to \(url.path).\n")
      }
      return 0
    } catch {
      throw .cannotUse("nothing was exported: \(error)")
    }
  }

  /// `users import FILE [--replace]`: the users of a JSON file added to the data folder (or replacing its users).
  static func importUsers(
    from file: String, replacing: Bool, options: ShellOptions, io: IO
  ) async throws(ShellExit) -> Int32 {
    let directory = try dataFolder(options, io: io)
    let url = URL(fileURLWithPath: file)
    let report: UserDirectoryTransfer.ImportReport
    do {
      report = try await UserDirectoryTransfer.importUsers(from: url, into: directory, replacing: replacing)
    } catch let refusal as UserDirectoryTransfer.ImportRefusal {
      throw .cannotUse(refusal.description)
    } catch {
      throw .cannotUse("nothing was imported: \(error)")
    }
    for record in report.skipped {
      io.writeError("users: \(url.lastPathComponent): record \(record.position) was not imported: \(record.reason).\n")
    }
    let verb = replacing ? "replaced the directory's users with" : "imported"
    io.writeError("users: \(verb) \(users(report.imported)) from \(url.path).\n")
    return 0
  }

  /// "1 user", "36 users".
  private static func users(_ count: Int) -> String { count == 1 ? "1 user" : "\(count) users" }

  /// The data folder the options name, created if missing, or why it cannot be used.
  private static func dataFolder(_ options: ShellOptions, io: IO) throws(ShellExit) -> URL {
    let directory = DataDirectory.resolve(explicit: options.dataDirectory, environment: io.environment)
    if let problem = cannotUseDataFolder(directory) {
      throw .cannotUse("cannot use the data folder \(directory.path): \(problem).")
    }
    return directory
  }
}
