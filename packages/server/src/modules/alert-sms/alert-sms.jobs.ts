// The retry job of alert texts: every 30 seconds, the queued texts whose next try is due are tried
// again, once per period across replicas (lib/jobs.ts `claimEvery`); a row another round holds is
// passed over.
import { claimEvery, intervalJob, type Job, type JobLog, runJob } from '../../lib/jobs.ts';
import type { AlertSms } from './alert-sms.service.ts';

export const SMS_RETRY_CHECK_MS = 30_000;

export function createAlertSmsRetryJob(options: { service: AlertSms; log: JobLog }): Job {
  const claim = claimEvery('alert-sms-retries', SMS_RETRY_CHECK_MS);
  const job = intervalJob({
    intervalMs: SMS_RETRY_CHECK_MS,
    atStart: true,
    round: () => runJob(options.log, 'alert-sms-retries', () => options.service.retryDue(claim)),
    onError: (error) => options.log.warn({ err: error }, 'alert text retries failed'),
  });
  return {
    start: () => job.start(),
    async stop() {
      await job.stop();
      await options.service.idle();
    },
  };
}
