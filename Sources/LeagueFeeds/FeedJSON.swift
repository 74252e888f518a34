import FoundationEssentials

/// Decodes a response into a format's wire structs, turning every decoding failure into a
/// `FeedError` that names the source and the JSON path.
enum FeedJSON {
    static func decode<Wire: Decodable>(
        _ type: Wire.Type, from data: Data, format: FeedFormat, source: String
    ) throws -> Wire {
        do {
            return try JSONDecoder().decode(Wire.self, from: data)
        } catch let error as DecodingError {
            throw feedError(error, format: format, source: source)
        } catch {
            throw FeedError.notJSON(format: format, source: source, detail: "\(error)")
        }
    }

    private static func feedError(_ error: DecodingError, format: FeedFormat, source: String) -> FeedError {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
                .trimmingPrefix(".").description
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            let detail = context.underlyingError.map { "\($0)" } ?? context.debugDescription
            return .notJSON(format: format, source: source, detail: detail)
        case .dataCorrupted(let context):
            return .unexpectedShape(
                format: format, source: source, path: path(context.codingPath), detail: context.debugDescription)
        case .keyNotFound(let key, let context):
            return .unexpectedShape(
                format: format, source: source, path: path(context.codingPath),
                detail: "no \"\(key.stringValue)\" field")
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return .unexpectedShape(
                format: format, source: source, path: path(context.codingPath), detail: "expected \(type)")
        @unknown default:
            return .notJSON(format: format, source: source, detail: "\(error)")
        }
    }
}

/// A localised name as NHL's api-web gives it: `{"default": "Maple Leafs", "fr": …}`.
struct LocalizedName: Decodable, Sendable {
    var `default`: String
}
