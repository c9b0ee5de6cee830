/// What a user's trackers need: their records, read and written, their per-day totals and their images.
public typealias UserDataStore = RecordStore & RecordReader & ImageStore & DayTotalStore & WaterDayReader

/// Everything a server needs of its database. Each database passes the same
/// conformance suite; consumers take the narrowest of the protocols it is made of.
public typealias TallyStore = UserDataStore & AccountStore & SyncServerStore & NotificationStore & DiaryShareStore
