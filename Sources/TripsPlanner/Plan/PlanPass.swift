/// One step of a plan (`PlanRun.passes`): when it applies to where the plan stands, and what it
/// does to it. Passes read and write one `PlanState`, so adding a strategy is adding a pass to
/// the list, not another conditional around the others.
struct PlanPass: Sendable {
    /// What the pass does, for reading the list (and a debugger).
    let name: String
    let applies: @Sendable (PlanState) -> Bool
    let run: @Sendable (inout PlanState) -> Void
    /// Whether the pass runs after Ctrl-C too: one that only orders what was found does.
    let runsWhenInterrupted: Bool

    init(
        _ name: String, when applies: @escaping @Sendable (PlanState) -> Bool, runsWhenInterrupted: Bool = false,
        run: @escaping @Sendable (inout PlanState) -> Void
    ) {
        self.name = name
        self.applies = applies
        self.runsWhenInterrupted = runsWhenInterrupted
        self.run = run
    }
}
