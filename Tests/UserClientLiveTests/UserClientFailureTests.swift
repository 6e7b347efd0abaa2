import Foundation
import Testing
import UserClientInterface

/// The advice a failure carries to the screen that shows it: the client's own where it knows better than the
/// screen's general "check the data folder".
struct UserClientFailureTests {
  @Test func aFullDiskAndAFileMovedAsideCarryTheirOwnAdvice() {
    let full = UserClientFailure(UserClientError.cannotWrite(folder: "/x", reason: "the disk is full"))
    #expect(full.suggestion(otherwise: "Check the folder.") == "Free some space on the disk, then retry.")
    #expect(
      UserClientFailure(UserClientError.io(path: "/x/users.db", reason: "the disk is full")).suggestion
        == "Free some space on the disk, then retry.")
    let foreign = UserClientFailure(
      UserClientError.corruptFile(path: "/x/users.db", movedTo: "/x/users.db.foreign", reason: "another program's"))
    #expect(
      foreign.suggestion(otherwise: "Check the folder.")
        == "Retry to start a new, empty directory in its place; the old file stays at /x/users.db.foreign.")
    #expect(
      foreign.message == "The users file /x/users.db could not be read (another program's); it was kept at "
        + "/x/users.db.foreign.")
  }

  @Test func otherFailuresLeaveTheAdviceToTheScreen() {
    let readOnly = UserClientFailure(UserClientError.cannotWrite(folder: "/x", reason: "it is read-only"))
    #expect(readOnly.suggestion == nil)
    #expect(readOnly.suggestion(otherwise: "Check the folder.") == "Check the folder.")
    let foreignError = UserClientFailure(CocoaError(.fileNoSuchFile))
    #expect(foreignError.suggestion == nil)
    #expect(
      UserClientFailure("The data folder is offline.") == UserClientFailure(message: "The data folder is offline."))
  }

  @Test func aFailureIsWrittenAsItsMessageAloneUnlessItHasAdvice() throws {
    let plain: UserClientFailure = "The data folder is offline."
    #expect(String(decoding: try JSONEncoder().encode(plain), as: UTF8.self) == #""The data folder is offline.""#)
    #expect(try JSONDecoder().decode(UserClientFailure.self, from: Data(#""offline""#.utf8)) == "offline")
    let advised = UserClientFailure(message: "full", suggestion: "Free some space on the disk, then retry.")
    let decoded = try JSONDecoder().decode(UserClientFailure.self, from: JSONEncoder().encode(advised))
    #expect(decoded == advised)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(UserClientFailure.self, from: Data("{}".utf8)) }
  }
}
