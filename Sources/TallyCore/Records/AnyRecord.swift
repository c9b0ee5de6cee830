import Foundation

/// A stored record of any kind, as storage lists it for sync and export. Every new kind joins here.
public enum AnyRecord: Hashable, Sendable {
    case bathroomEvent(BathroomEvent)
    case setting(SettingRecord)

    public var meta: RecordMeta {
        get {
            switch self {
            case .bathroomEvent(let event): event.meta
            case .setting(let setting): setting.meta
            }
        }
        set {
            switch self {
            case .bathroomEvent(var event):
                event.meta = newValue
                self = .bathroomEvent(event)
            case .setting(var setting):
                setting.meta = newValue
                self = .setting(setting)
            }
        }
    }

    /// The kind's name, as used in messages and the change feed.
    public var kind: String {
        switch self {
        case .bathroomEvent: "bathroom event"
        case .setting: "setting"
        }
    }
}
