import Testing

@testable import TripsInput

/// RFC 4180 records as spreadsheets write them (issue 27 item 5).
@Suite struct CSVRecordsTests {
    @Test func crlfQuotesAndAByteOrderMark() throws {
        let text = "\u{FEFF}from,to,miles,minutes\r\n\"Wrigley Field\",\"A, \"\"B\"\"\",1.5,2\r\nx,y,3,4\r\n"
        let records = try CSVRecords.parse(text)
        #expect(
            records.map(\.fields) == [
                ["from", "to", "miles", "minutes"], ["Wrigley Field", "A, \"B\"", "1.5", "2"], ["x", "y", "3", "4"],
            ])
        #expect(records.map(\.line) == [1, 2, 3])
        #expect(records.map(\.firstQuoted) == [false, true, false])
    }

    @Test func aLineBreakInQuotesStaysInTheFieldAndLinesStillCount() throws {
        let records = try CSVRecords.parse("a,\"one\r\ntwo\"\r\nb,c\nd,e\re,f")
        #expect(records.map(\.fields) == [["a", "one\r\ntwo"], ["b", "c"], ["d", "e"], ["e", "f"]])
        #expect(records.map(\.line) == [1, 3, 4, 5])
    }

    @Test func anUnclosedQuoteNamesTheLineItOpensOn() {
        #expect(throws: CSVRecords.UnclosedQuote.self) { try CSVRecords.parse("a,b\r\nc,\"d\r\ne,f\r\n") }
        do {
            _ = try CSVRecords.parse("a,b\r\nc,\"d\r\ne,f\r\n")
        } catch {
            #expect(error.line == 2)
        }
    }

    @Test func emptyFieldsAndAQuoteInsideAnUnquotedField() throws {
        #expect(try CSVRecords.parse(",,\r\n").map(\.fields) == [["", "", ""]])
        #expect(try CSVRecords.parse("5\" screen,x").map(\.fields) == [["5\" screen", "x"]])
        #expect(try CSVRecords.parse("").isEmpty)
    }
}
