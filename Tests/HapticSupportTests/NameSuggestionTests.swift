import HapticSupport
import Testing

/// The "did you mean" of every message: two swapped neighbours are one edit, and a name is
/// suggested only when it is close.
@Suite struct NameSuggestionTests {
  @Test func closeNamesAndTheirDistance() {
    #expect(NameSuggestion.editDistance("lnit", "lint") == 1)
    #expect(NameSuggestion.editDistance("plott", "plot") == 1)
    #expect(NameSuggestion.editDistance("", "info") == 4)
    #expect(NameSuggestion.closest(to: "Comapre", among: ["compare", "check"]) == "compare")
    #expect(NameSuggestion.closest(to: "zzz", among: ["compare", "check"]) == nil)
    // An empty name is one insertion from every one-letter name: none is suggested.
    #expect(NameSuggestion.closest(to: "", among: ["q", "resonance"]) == nil)
    #expect(NameSuggestion.closest(to: "Q", among: ["q", "resonance"]) == "q")
  }
}
