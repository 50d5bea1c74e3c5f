// The reminder job: checks for New alerts due a reminder a few times per reminder interval (every
// 5 minutes at the default 24 hours, more often when ALERT_REMINDER_HOURS is small). The
// repository's advisory lock lets one replica at a time pick due alerts, and the check's claim in
// the same transaction makes it one check per period across replicas.
import { claimEvery, type Job, type JobRunner, runJob } from '../../lib/jobs.ts';
import type { AlertMail, AlertMailLog } from './alert-mail.service.ts';

export function reminderCheckMs(reminderHours: number) {
  return Math.min(300_000, Math.max(5_000, Math.round((reminderHours * 3_600_000) / 12)));
}

export function createAlertReminderJob(options: {
  service: AlertMail;
  reminderHours: number;
  log: AlertMailLog & { run?: JobRunner };
}): Job {
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const checkMs = reminderCheckMs(options.reminderHours);
  // The check at start-up claims too: reminders due are as well sent by another replica's check.
  const claim = claimEvery('alert-reminders', checkMs);
  const check = () => {
    running = running
      .then(() =>
        runJob(options.log, 'alert-reminders', () => options.service.sendReminders(claim)),
      )
      .catch((error: unknown) => options.log.warn({ err: error }, 'alert reminders failed'));
  };
  return {
    start() {
      if (timer) return;
      timer = setInterval(check, checkMs);
      timer.unref();
      check();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
      await options.service.idle();
    },
  };
}
