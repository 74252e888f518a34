import Testing
import TripsPlanner

@testable import TripsCLI

/// What the live line on a terminal says while a long plan is searched.
@Suite struct ProgressLineTests {
    @Test func aPlanLineSaysTheBestSoFarAndWhatIsProven() {
        #expect(
            PlanProgressLine.text(PlanProgress(mostGames: nil, best: nil, expanded: 10), seconds: 0.7)
                == "planning: no trip yet · 0 s")
        #expect(
            PlanProgressLine.text(PlanProgress(mostGames: 224, best: (224, 47), expanded: 5_000), seconds: 2.4)
                == "planning: best so far 224 games, 47 venues · no trip sees more than 224 games · 2 s")
    }
}
