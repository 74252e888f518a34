/// The abbreviations people write for Canadian provinces (Canada Post) and Mexican states
/// (ISO 3166-2:MX), which GeoNames does not carry. Hand-made; keyed by GeoNames' ASCII name.
enum DivisionAbbreviations {
    static func code(country: String, asciiName: String) -> String? {
        switch country {
        case "CA": return canada[asciiName]
        case "MX": return mexico[asciiName]
        default: return nil
        }
    }

    static let canada: [String: String] = [
        "Alberta": "AB", "British Columbia": "BC", "Manitoba": "MB", "New Brunswick": "NB",
        "Newfoundland and Labrador": "NL", "Nova Scotia": "NS", "Ontario": "ON", "Prince Edward Island": "PE",
        "Quebec": "QC", "Saskatchewan": "SK", "Yukon": "YT", "Northwest Territories": "NT", "Nunavut": "NU",
    ]

    static let mexico: [String: String] = [
        "Aguascalientes": "AGU", "Baja California": "BCN", "Baja California Sur": "BCS", "Campeche": "CAM",
        "Chiapas": "CHP", "Chihuahua": "CHH", "Coahuila": "COA", "Colima": "COL", "Mexico City": "CMX",
        "Durango": "DUR", "Guanajuato": "GUA", "Guerrero": "GRO", "Hidalgo": "HID", "Jalisco": "JAL",
        "Mexico": "MEX", "Michoacan": "MIC", "Morelos": "MOR", "Nayarit": "NAY", "Nuevo Leon": "NLE",
        "Oaxaca": "OAX", "Puebla": "PUE", "Queretaro": "QUE", "Quintana Roo": "ROO", "San Luis Potosi": "SLP",
        "Sinaloa": "SIN", "Sonora": "SON", "Tabasco": "TAB", "Tamaulipas": "TAM", "Tlaxcala": "TLA",
        "Veracruz": "VER", "Yucatan": "YUC", "Zacatecas": "ZAC",
    ]
}
