import Foundation

/// JSON text as a Foundation object graph, so two documents compare by content (key order and
/// whitespace ignored).
func jsonObject(_ text: String) throws -> NSObject {
    try jsonObject(Data(text.utf8))
}

func jsonObject(_ data: Data) throws -> NSObject {
    try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as! NSObject
}

/// Encodes with the wire encoder settings and parses back into an object graph.
func encodedObject(_ value: some Encodable) throws -> NSObject {
    try jsonObject(JSONEncoder().encode(value))
}

func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(text.utf8))
}
