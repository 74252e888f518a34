/// The answer to "where is 'Des Moines'?".
public enum PlaceResolution: Sendable, Hashable {
    /// The place meant. `alternatives` lists other places of the same name when the pick was
    /// made by population alone, so a caller can say "assuming Des Moines, IA".
    case found(Place, alternatives: [Place])
    /// Nothing by that name; `suggestions` are close spellings, most populous first.
    case notFound(suggestions: [Place])
}
