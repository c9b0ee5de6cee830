import Foundation
import TallyCore
import TallyServices
import TallyStorage
import Testing

/// A picture that no record shows any more (its journal day deleted, another picture chosen, an upload
/// never used) is deleted a week after it was last uploaded, on either database; one still shown, one
/// uploaded since, and one someone else uploaded too stay. When a picture was uploaded is the database's
/// clock, so the tests look a week ahead of the real time.
@Suite struct UnshownImagesTests {
    static let weekAhead = Date().addingTimeInterval(ImageService.unshownRetention + 86_400)

    @Test(arguments: Database.available)
    func picturesNoRecordShowsAreDeletedAfterAWeek(_ database: Database) async throws {
        try await database.withStore { target in
            let photos = try await PhotoBackupTests.populate(target.scope())
            let unused = try await target.scope().images.keep(PhotoBackupTests.photo(5))
            #expect(try await target.store.imageNames(owner: LocalUser.id).count == 5)
            // Within the week nothing goes: the record that is to show a picture may still be on its way.
            #expect(try await target.scope().images.forgetUnshown() == 0)
            #expect(try await target.scope(now: Date()).images.forgetUnshown() == 0)

            #expect(try await target.scope(now: Self.weekAhead).images.forgetUnshown() == 3)
            #expect(try await target.store.imageNames(owner: LocalUser.id) == photos.keys.sorted())
            for (name, bytes) in photos {
                #expect(try await target.scope().images.image(named: name)?.data == bytes)
            }
            let unusedName = try #require(ImageReference.name(in: unused))
            #expect(try await target.scope().images.image(named: unusedName) == nil)
            // A record cannot show it now: the save is refused, naming the picture, rather than stored blank.
            await #expect(throws: TallyError.invalid(field: "imageUrl", reason: "no uploaded image at \(unused)")) {
                _ = try await target.scope().journal.save(
                    on: PhotoBackupTests.day.adding(days: -2), .init(notes: "Later", imageUrl: unused))
            }
            // Uploaded again, it is there again.
            #expect(try await target.scope().images.keep(PhotoBackupTests.photo(5)) == unused)
            #expect(try await target.scope().images.image(named: unusedName)?.data == PhotoBackupTests.photo(5))
            #expect(try await target.scope(now: Self.weekAhead).images.forgetUnshown() == 1)
        }
    }

    /// The same picture uploaded by two people is one stored copy: one forgetting it leaves it to the other,
    /// and a picture uploaded again since the cut-off is not forgotten.
    @Test(arguments: Database.available)
    func aPictureStaysWhileSomeoneStillHasIt(_ database: Database) async throws {
        try await database.withStore { target in
            let other = UUID()
            let bytes = PhotoBackupTests.photo(9)
            let name = try await target.store.saveImage(bytes, kind: .png, owner: LocalUser.id)
            #expect(try await target.store.saveImage(bytes, kind: .png, owner: other) == name)
            // Kept again by a record about to show it: only by someone who has it.
            #expect(try await target.store.keepImage(named: name, owner: LocalUser.id))
            #expect(try await !target.store.keepImage(named: name, owner: UUID()))
            #expect(try await !target.store.keepImage(named: "../\(name)", owner: LocalUser.id))
            let hourAgo = Date().addingTimeInterval(-3_600)
            #expect(try await target.store.imageNames(owner: LocalUser.id, keptBefore: hourAgo).isEmpty)
            #expect(try await target.store.forgetImages([name], owner: LocalUser.id, keptBefore: hourAgo) == 0)
            #expect(try await target.store.imageNames(owner: LocalUser.id, keptBefore: Self.weekAhead) == [name])
            #expect(try await target.store.forgetImages([name], owner: LocalUser.id, keptBefore: Self.weekAhead) == 1)
            #expect(try await target.store.image(named: name, owner: LocalUser.id) == nil)
            #expect(try await target.store.image(named: name, owner: other) == bytes)
            #expect(try await target.store.forgetImages([name], owner: other, keptBefore: Self.weekAhead) == 1)
            #expect(try await target.store.image(named: name, owner: other) == nil)
            #expect(try await !target.store.keepImage(named: name, owner: other))
            // Uploaded anew after the bytes were deleted, they are stored again.
            #expect(try await target.store.saveImage(bytes, kind: .png, owner: other) == name)
            #expect(try await target.store.image(named: name, owner: other) == bytes)
        }
    }
}
