import Foundation
import Testing
import UserClientInterface
import UserClientTesting
import UsersShell

/// Whole sessions driven by scripts, compared line for line, against a real data folder.
@MainActor struct ScriptedSessionTests {
  @Test func aSaveTheFormRefusesStopsAScriptWithExitCodeOneButNotAPerson() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada])
    let script = ["add", "name Hedy Lamarr", "email hedy", "save", "email hedy@example.com", "save"]
    let scripted = await runShell(["--data-dir", folder.url.path], input: script)
    #expect(scripted.exitCode == 1)
    #expect(scripted.errors == "users: stopped at line 4: Not saved: Enter an email like ada@example.com.\n")
    #expect(
      scripted.output.hasSuffix(
        """
        > save
        New user
          name : Hedy Lamarr
          email: hedy
            Enter an email like ada@example.com.
          city : (empty)
        error: Not saved: Enter an email like ada@example.com.

        """))
    #expect(try folder.storedUsers() == [User.ada])

    // At a terminal the same refusal is one error line, and the person goes on.
    let person = await runShell(
      ["--data-dir", folder.url.path, "--fresh"], input: script + ["quit"], interactive: true,
      environment: ["NO_COLOR": "1"])
    #expect(person.exitCode == 0)
    #expect(person.output.contains("error: Not saved: Enter an email like ada@example.com.\nusers> "))
    #expect(try folder.storedUsers().map(\.name) == ["Ada Lovelace", "Hedy Lamarr"])
  }

  @Test func keepGoingRunsTheLinesAfterARefusalAndStillExitsOne() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada])
    let script = ["add", "name Hedy Lamarr", "email hedy", "save", "frobnicate", "email hedy@example.com", "save"]
    let run = await runShell(["--data-dir", folder.url.path, "--keep-going"], input: script)
    #expect(run.exitCode == 1)
    #expect(run.errors == "users: 2 commands were refused; --keep-going went on past them.\n")
    #expect(run.output.contains("error: Not saved: Enter an email like ada@example.com.\n"))
    #expect(run.output.contains("> frobnicate\nerror: Unknown command 'frobnicate'"))
    // The lines after the refusals ran: the user was saved.
    #expect(try folder.storedUsers().map(\.name) == ["Ada Lovelace", "Hedy Lamarr"])

    let clean = await runShell(["--data-dir", folder.url.path, "--keep-going", "--fresh"], input: ["sort city"])
    #expect(clean.exitCode == 0)
    #expect(clean.errors == "")
  }

  @Test func browsingFavoritingEditingAddingAndDeleting() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace, User.alan])
    let run = await runShell(
      ["--data-dir", folder.url.path],
      input: [
        "open 1", "fav", "edit", "city Paris", "save", "back",
        "add", "name Hedy Lamarr", "email hedy@example.com", "save", "back",
        "search gr", "open 1", "delete", "delete", "search", "quit",
      ])
    #expect(run.exitCode == 0)
    #expect(run.errors == "")
    #expect(
      run.output == """
        Users (3 of 3, sorted by name)
        1.   Ada Lovelace <ada@example.com> · London
        2.   Alan Turing <alan@example.com> · Manchester
        3.   Grace Hopper <grace@example.com> · New York
        > open 1
        Ada Lovelace
          email: ada@example.com
          city:  London
          id:    1
        > fav
        Ada Lovelace ★
          email: ada@example.com
          city:  London
          id:    1
        > edit
        Edit user
          name : Ada Lovelace
          email: ada@example.com
          city : London
        > city Paris
        Edit user
          name : Ada Lovelace
          email: ada@example.com
          city : Paris
        > save
        Ada Lovelace ★
          email: ada@example.com
          city:  Paris
          id:    1
        > back
        Users (3 of 3, sorted by name)
        1. ★ Ada Lovelace <ada@example.com> · Paris
        2.   Alan Turing <alan@example.com> · Manchester
        3.   Grace Hopper <grace@example.com> · New York
        > add
        New user
          name : (empty)
          email: (empty)
          city : (empty)
        > name Hedy Lamarr
        New user
          name : Hedy Lamarr
          email: (empty)
          city : (empty)
        > email hedy@example.com
        New user
          name : Hedy Lamarr
          email: hedy@example.com
          city : (empty)
        > save
        Hedy Lamarr
          email: hedy@example.com
          city:  (none)
          id:    4
        > back
        Users (4 of 4, sorted by name)
        1. ★ Ada Lovelace <ada@example.com> · Paris
        2.   Alan Turing <alan@example.com> · Manchester
        3.   Grace Hopper <grace@example.com> · New York
        4.   Hedy Lamarr <hedy@example.com>
        > search gr
        Users (1 of 4, search “gr”, sorted by name)
        1.   Grace Hopper <grace@example.com> · New York
        > open 1
        Grace Hopper
          email: grace@example.com
          city:  New York
          id:    2
        > delete
        Grace Hopper
          email: grace@example.com
          city:  New York
          id:    2

        ! Delete Grace Hopper?
          This removes Grace Hopper from the directory for good.
          Type delete or cancel.
        > delete
        Users (0 of 3, search “gr”, sorted by name)
        No user matches “gr”.
        > search
        Users (3 of 3, sorted by name)
        1. ★ Ada Lovelace <ada@example.com> · Paris
        2.   Alan Turing <alan@example.com> · Manchester
        3.   Hedy Lamarr <hedy@example.com>
        > quit

        """)
    let stored = try folder.storedUsers()
    #expect(stored.map(\.name) == ["Ada Lovelace", "Alan Turing", "Hedy Lamarr"])
    #expect(stored.first?.city == "Paris")
  }

  @Test func theFirstRefusedCommandStopsTheScriptWithExitCodeOne() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    let run = await runShell(["--data-dir", folder.url.path], input: ["open 1", "fly", "delete", "delete"])
    #expect(run.exitCode == 1)
    #expect(
      run.errors == "users: stopped at line 2: Unknown command 'fly'; 'help' lists the commands of this screen.\n")
    #expect(run.output.hasSuffix("> fly\nerror: Unknown command 'fly'; 'help' lists the commands of this screen.\n"))
    #expect(try folder.storedUsers() == [User.ada, User.grace])
  }

  @Test func badArgumentsAreOneLineErrorsThatChangeNothing() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    for (command, message) in [
      ("open 9", "No row 9: choose 1–2."), ("open", "'open' needs one number <row>."),
      ("sort size", "'sort' needs one of: name, city, id."), ("search \"ada", "Unterminated quote in: search \"ada"),
      ("back", "There is nothing to go back to: this is the first screen."),
    ] {
      let run = await runShell(["--data-dir", folder.url.path], input: [command])
      #expect(run.exitCode == 1, "\(command)")
      #expect(run.output.hasSuffix("error: \(message)\n"), "\(command)")
    }
    #expect(try folder.storedUsers() == [User.ada, User.grace])
  }

  @Test func aScriptFileSkipsCommentsAndBlankLines() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    let script = folder.path("tour.txt")
    try "# Sort by city, then look at Grace.\n\nsort city\nopen 2\n".write(
      toFile: script, atomically: true, encoding: .utf8)
    let run = await runShell(["--data-dir", folder.url.path, "--script", script])
    #expect(run.exitCode == 0)
    #expect(run.output.contains("> sort city\nUsers (2 of 2, sorted by city)\n1.   Ada Lovelace"))
    #expect(run.output.hasSuffix("> open 2\nGrace Hopper\n  email: grace@example.com\n  city:  New York\n  id:    2\n"))
    #expect(!run.output.contains("#"))
  }

  @Test func helpListsTheScreensCommandsAndTheGlobalOnes() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada])
    let run = await runShell(["--data-dir", folder.url.path], input: ["open 1", "help"])
    #expect(
      run.output.hasSuffix(
        """
        > help
        fav     Mark or unmark as a favorite.
        edit    Edit the name, email and city.
        delete  Delete this user (asks first).
        reload  Load the user again.
        help  List these commands.
        back  Close this screen and go back.
        quit  Leave.
        :timeline [text]  List the last actions, newest last (only those whose path or sender has the text).
        :more             Go on with older actions of the last listing.
        :at N             Show the screens as they were after action N.
        :next, :prev      Step to the next or previous action while looking at the past.
        :diff [N]         Show what action N changed in the state, shared values included.
        :filter [RULES]   Show the filter, or 'allow RULE', 'deny RULE', 'clear': a path prefix (list.) or pattern (*Tapped*) that shows or hides actions in :timeline, :follow and :export.
        :find TEXT        List where the state looked at (else the live one) has TEXT, or a field KEY=VALUE.
        :slow [N|on|off]  List the N slowest actions (reduce, then effects); 'on' times each reduce.
        :effects          List the effects running now: who started them, for how long, their cancel ids.
        :alive            Count what is alive under the store: child stores, followers, watches, effects.
        :send ACTION      Send an action, as the timeline prints it (list.userTapped(3)) or as JSON.
        :skip N           Show how the state now would differ without action N (the app is untouched).
        :apply N          Make the state without action N the live state (state only: never shared values).
        :export FILE      Write the kept actions as a recording: '--replay FILE --step' opens it anywhere.
        :resume           Back to the live screen.

        """))
  }

  @Test func theDataFolderComesFromTheEnvironmentWhenNotGiven() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.grace])
    let run = await runShell([], input: [], environment: ["USERS_DATA_DIR": folder.url.path])
    #expect(run.output == "Users (1 of 1, sorted by name)\n1.   Grace Hopper <grace@example.com> · New York\n")
  }

  @Test func aFirstRunSeedsTheDirectory() async throws {
    let folder = TemporaryFolder()
    let run = await runShell(["--data-dir", folder.path("new")])
    #expect(run.exitCode == 0)
    #expect(run.output.hasPrefix("Users (36 of 36, sorted by name)"))
    #expect(FileManager.default.fileExists(atPath: folder.path("new/users.db")))
    #expect(!FileManager.default.fileExists(atPath: folder.path("new/users.json")))
  }

  @Test func aCorruptDataFileIsKeptAsideAndTheListSaysWhy() async throws {
    let folder = TemporaryFolder()
    try Data("[{\"id\": 1, \"name\": ".utf8).write(to: folder.url.appendingPathComponent("users.json"))
    try folder.completeOnboarding()
    let run = await runShell(["--data-dir", folder.url.path], input: ["retry"])
    #expect(run.exitCode == 0)
    // The failure reaches the error screen; its retry re-sends the list's load.
    #expect(run.output.hasPrefix("Could not load the users.\n  Why:    The users file "))
    #expect(run.output.contains("users.json.corrupt"))
    #expect(run.output.contains("Type 'retry' to try again, or 'dismiss'.\n> retry\n"))
    #expect(run.output.hasSuffix("> retry\nUsers (0 of 0, sorted by name)\nNo users yet.\n"))
    let aside = try Data(contentsOf: folder.url.appendingPathComponent("users.json.corrupt"))
    #expect(String(decoding: aside, as: UTF8.self) == "[{\"id\": 1, \"name\": ")
  }

  @Test func interactiveSessionsPromptAndHonourNoColor() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada])
    let run = await runShell(
      ["--data-dir", folder.url.path], input: ["fav 1"], interactive: true, environment: ["NO_COLOR": "1"])
    #expect(run.output.contains("users> "))
    #expect(!run.output.contains("\u{1B}["))
    #expect(!run.output.contains("> fav 1"))
  }

  @Test func deletingFromTheListAsksFirstLikeTheDetailAndAScriptConfirms() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    let run = await runShell(["--data-dir", folder.url.path], input: ["delete 2", "cancel", "delete 2", "delete"])
    #expect(run.exitCode == 0)
    let question =
      "! Delete Grace Hopper?\n  This removes Grace Hopper from the directory for good.\n  Type delete or cancel.\n"
    #expect(run.output.contains("> delete 2\nUsers (2 of 2, sorted by name)\n"))
    #expect(run.output.components(separatedBy: question).count == 3)
    #expect(run.output.contains("> cancel\nUsers (2 of 2, sorted by name)\n"))
    #expect(
      run.output.hasSuffix("> delete\nUsers (1 of 1, sorted by name)\n1.   Ada Lovelace <ada@example.com> · London\n"))
    #expect(try folder.storedUsers() == [User.ada])
  }
}
