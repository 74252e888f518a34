import Foundation
import Testing
import TripsModel

/// The stand-ins `trips` uses instead of the full Foundation answer what Foundation answers.
@Suite struct FoundationStandInTests {
    @Test func searchKeysFoldCaseAccentsWidthAndPunctuation() {
        #expect(SearchKey.normalize("Montréal") == "montreal")
        #expect(SearchKey.normalize("MONTREAL") == "montreal")
        #expect(SearchKey.normalize("St. Louis") == "st louis")
        #expect(SearchKey.normalize("  Côte-d'Ivoire ") == "cote divoire")
        #expect(SearchKey.normalize("ＨＯＵ") == "hou")
        for text in ["Nationals Park", "Estadio Alfredo Harp Helú", "Sí, señor", "Ça va", "O’Brien"] {
            let folded = text.folding(
                options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            #expect(SearchKey.normalize(text) == SearchKey.normalize(folded), "\(text)")
        }
    }
}
