import InputText
import Testing

@Suite struct EditDistanceTests {
    @Test func countsInsertionsDeletionsSubstitutionsAndSwaps() {
        #expect(EditDistance.between("HOU", "HOU") == 0)
        #expect(EditDistance.between("HUO", "HOU") == 1)  // one adjacent swap
        #expect(EditDistance.between("HOUS", "HOU") == 1)
        #expect(EditDistance.between("HXU", "HOU") == 1)
        #expect(EditDistance.between("", "abc") == 3)
        #expect(EditDistance.between("kitten", "sitting") == 3)
    }

    @Test func suggestsCloseNamesAndPrefixesOnly() {
        #expect(EditDistance.isPlausible("yankes", "yankees"))
        #expect(EditDistance.isPlausible("ast", "astros"))  // a prefix of three letters or more
        #expect(!EditDistance.isPlausible("as", "astros"))
        #expect(!EditDistance.isPlausible("cubs", "mets"))
    }
}
