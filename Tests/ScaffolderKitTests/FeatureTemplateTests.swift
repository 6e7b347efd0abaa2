import ScaffolderKit
import Testing

/// Templates become a feature's sources: names replaced, presents blocks kept or dropped, bad blocks refused.
struct FeatureTemplateTests {
  private let template = """
    import FeatureNameInterface
    // scaffold: presents
    import ChildNameInterface
    // scaffold: end
    let featureName = FeatureName(child: childName, prompt: "featurename> ")
    """

  @Test func namesAreReplacedAndThePresentsBlockDroppedWithoutAChild() throws {
    #expect(
      try FeatureTemplate.render(template, name: "ShoppingList", child: nil)
        == "import ShoppingListInterface\nlet shoppingList = ShoppingList(child: childName, prompt: \"shoppinglist> \")"
    )
  }

  @Test func thePresentsBlockIsKeptWithAChildWithoutItsMarkers() throws {
    #expect(
      try FeatureTemplate.render(template, name: "Cart", child: "UserForm")
        == "import CartInterface\nimport UserFormInterface\nlet cart = Cart(child: userForm, prompt: \"cart> \")")
  }

  @Test(arguments: [
    ("// scaffold: presents\n// scaffold: presents\n// scaffold: end", "inside another one"),
    ("// scaffold: end", "did not open"),
    ("  // scaffold: presents\nx", "has no '// scaffold: end'"),
  ])
  func unbalancedBlocksAreRefused(template: String, message: String) {
    #expect {
      try FeatureTemplate.render(template, name: "Cart", child: nil)
    } throws: { error in
      (error as? ScaffoldError)?.message.contains(message) == true
    }
  }
}
