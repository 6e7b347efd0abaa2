// White-box tests of an internal type: `@testable` needs a module built for testing, which the release
// suite does not do (it tests the code the shipped binary runs), so this file runs in debug only; the release
// suite reads files through the scanner in every UserClientLive and shell test.
#if DEBUG
  import Foundation
  import Testing
  import UserClientInterface

  @testable import UserClientLive

  /// The one-pass reader of users.json agrees with `JSONDecoder`, and gives up on anything it does not know.
  struct UsersJSONScannerTests {
    @Test func readsWhatJSONDecoderReads() throws {
      let inputs = [
        #"[]"#,
        #" [ ] "#,
        #"[{"id":1,"name":"Ada","email":"ada@example.com","city":"London"}]"#,
        "[\n  {\n    \"city\" : \"\",\n    \"email\" : \"a@b.io\",\n    \"id\" : 12,\n    \"name\" : \"Zoë\"\n  }\n]",
        #"[{"id":-3,"name":"Quote \" slash \\ \/ tab \t nl \n","email":"e","city":"\u00e9\u4e2d\ud83d\ude00"}]"#,
        #"[{"id":1,"name":"A","email":"a","city":"x"},{"id":2,"name":"B","email":"b","city":"y"}]"#,
      ]
      for input in inputs {
        let data = Data(input.utf8)
        #expect(UsersJSONScanner.users(in: data) == (try JSONDecoder().decode([User].self, from: data)), "\(input)")
      }
      let encoded = try JSONEncoder().encode(SampleUsers.all)
      #expect(UsersJSONScanner.users(in: encoded) == SampleUsers.all)
    }

    @Test func givesUpOnWhatItDoesNotKnowSoTheCarefulReaderCanSayWhy() {
      let inputs = [
        "", "{}", "[", "[{}]", #"[{"id":1,"name":"A","email":"a"}]"#,
        #"[{"id":1.5,"name":"A","email":"a","city":""}]"#,
        #"[{"id":"1","name":"A","email":"a","city":""}]"#,
        #"[{"id":1,"name":"A","email":"a","city":"","extra":true}]"#,
        #"[{"id":1,"name":"A","email":"a","city":"","id":2}]"#,
        #"[{"id":1,"name":"A\q","email":"a","city":""}]"#,
        #"[{"id":1,"name":"\ud83d","email":"a","city":""}]"#,
        #"[{"id":1,"name":"A","email":"a","city":""}] x"#,
        #"[{"id":1,"name":"A","email":"a","city":""},]"#,
        #"[{"id":99999999999999999999,"name":"A","email":"a","city":""}]"#,
      ]
      for input in inputs {
        #expect(UsersJSONScanner.users(in: Data(input.utf8)) == nil, "\(input)")
      }
      // Bytes that are not UTF-8.
      let bad = Data(#"[{"id":1,"name":""#.utf8) + Data([0xFF, 0xFE]) + Data(#"","email":"a","city":""}]"#.utf8)
      #expect(UsersJSONScanner.users(in: bad) == nil)
    }
  }
#endif
