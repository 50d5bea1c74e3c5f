// The reminder job: checks for New alerts due a reminder a few times per reminder interval (every
// 5 minutes at the default 24 hours, more often when ALERT_REMINDER_HOURS is small). The
// repository's advisory lock lets one replica at a time pick due alerts.
import { type Job, type JobRunner, runJob } from '../../lib/jobs.ts';
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
  const check = () => {
    running = running
      .then(() => runJob(options.log, 'alert-reminders', () => options.service.sendReminders()))
      .catch((error: unknown) => options.log.warn({ err: error }, 'alert reminders failed'));
  };
  return {
    start() {
      if (timer) return;
      timer = setInterval(check, reminderCheckMs(options.reminderHours));
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
