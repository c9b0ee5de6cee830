import Foundation

/// The first file of a `multipart/form-data` body: enough for the one-file import form.
enum MultipartFile {
    static func first(in body: Data, contentType: String) -> Data? {
        guard let range = contentType.range(of: "boundary=") else { return nil }
        let boundary = contentType[range.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        let delimiter = Data("--\(boundary)".utf8)
        guard let first = body.range(of: delimiter),
            let headersEnd = body.range(of: Data("\r\n\r\n".utf8), in: first.upperBound..<body.endIndex),
            let end = body.range(of: Data("\r\n".utf8) + delimiter, in: headersEnd.upperBound..<body.endIndex)
        else { return nil }
        return body.subdata(in: headersEnd.upperBound..<end.lowerBound)
    }
}
