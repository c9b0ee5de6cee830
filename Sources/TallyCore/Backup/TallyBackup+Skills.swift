import Foundation

extension TallyBackup {
    /// The skills tracker's records, checked as if typed in and given to `owner`. A skill may name a
    /// custom category from the same backup.
    func skillRecords(for owner: UUID) throws(TallyError) -> [AnyRecord] {
        var result: [AnyRecord] = []
        for var category in skillCategories {
            category = try category.validated()
            category.meta.ownerID = owner
            result.append(.skillCategory(category))
        }
        // A skill may still name a category deleted since; the backup holds its tombstone.
        let categories = SkillCategories(
            custom: skillCategories.map { category in
                var known = category
                known.meta.isDeleted = false
                return known
            })
        for var skill in skills {
            skill.fields = try skill.fields.validated(categories: categories)
            skill.meta.ownerID = owner
            result.append(.skill(skill))
        }
        for var completion in skillCompletions {
            completion.meta.ownerID = owner
            result.append(.skillCompletion(completion))
        }
        for var completion in routineCompletions {
            completion.meta.ownerID = owner
            result.append(.routineCompletion(completion))
        }
        for var moment in memorableMoments {
            moment = try moment.validated()
            moment.meta.ownerID = owner
            result.append(.memorableMoment(moment))
        }
        return result
    }
}
