import CloudKitWeb
import Foundation

extension CloudService {
    /// `records/modify` on the public database by its owner in process (admin, development),
    /// as `ServicePublicRecords` writes a device's feeds database: the same checks and writes as
    /// over HTTP, without encoding the request and the answer only to decode them again (half a
    /// direct feeds sync went to that). Errors come back as the service's error answer says them.
    func modifyInProcess(_ request: ModifyRequest) throws -> [ItemResult<Record>] {
        do {
            return try modifyResults(
                request, scope: .public, caller: Caller(admin: true, user: nil, environment: .development))
        } catch let error as ServiceError {
            throw error.body(uuid: UUID().uuidString)
        }
    }
}
