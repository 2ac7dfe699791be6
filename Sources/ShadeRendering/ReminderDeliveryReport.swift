import ShadeCore
import ShadeJSON

/// The view of what `remind --due` did (or, with `--dry-run`, would do): a line for each
/// reminder sent and each marked missed, or JSON with the sent, missed and undelivered ones.
public struct ReminderDeliveryReport: Sendable {
    /// Whether nothing was sent or recorded (`--dry-run`): the lines say "would".
    public let dryRun: Bool
    /// The reminders sent (or to be sent).
    public let sent: [ReminderAlert]
    /// The reminders marked missed (or to be).
    public let missed: [ReminderAlert]
    /// The reminders the notifier did not deliver.
    public let failed: [ReminderAlert]
    /// When the sent ones were sent (the run's timestamp).
    public let sentAt: String

    /// A report of a run.
    public init(
        dryRun: Bool, sent: [ReminderAlert], missed: [ReminderAlert], failed: [ReminderAlert], sentAt: String
    ) {
        self.dryRun = dryRun
        self.sent = sent
        self.missed = missed
        self.failed = failed
        self.sentAt = sentAt
    }

    /// The lines: `sent 4 · Mon 23 Nov · morning · Call Ana`, `missed … (due …, over 12 h ago)`, or
    /// `no reminder is due` when the run had nothing to do; empty when only undelivered ones
    /// were found (the error says so).
    public func text() -> SafeText {
        func line(_ verb: SafeText, _ task: PlannerTask) -> SafeText {
            verb + " \(task.id) · \(task.placement) · " + TaskConfirmation.title(task)
        }
        var text = SafeText()
        for alert in sent { text += line(dryRun ? "would send" : "sent", alert.task) + "\n" }
        for alert in missed {
            text += line(dryRun ? "would mark missed" : "missed", alert.task) + " (due \(alert.due), over 12 h ago)\n"
        }
        if sent.isEmpty, missed.isEmpty, failed.isEmpty { text += "no reminder is due\n" }
        return text
    }

    /// `{"dry_run": …, "sent": [...], "missed": [...], "failed": [...]}`, each reminder as
    /// `ReminderList.json` gives it.
    public func json() -> JSONValue {
        func rows(_ alerts: [ReminderAlert], _ state: ReminderAgenda.State) -> JSONValue {
            .array(alerts.map { ReminderList.json(.init(alert: $0, state: state)) })
        }
        return [
            "dry_run": .bool(dryRun), "sent": rows(sent, dryRun ? .due : .sent(sentAt)),
            "missed": rows(missed, .missed), "failed": rows(failed, .due),
        ]
    }
}
