// The delivery job: a round every few seconds sends the due webhook messages. A round is claimed
// per period across replicas (`claimEvery`), and each message is leased while it is attempted,
// so no attempt is sent twice.
import { claimEvery, intervalJob, type Job, type JobLog, runJob } from '../../lib/jobs.ts';
import type { Webhooks } from './webhooks.service.ts';

export const DELIVERY_ROUND_MS = 5_000;

export function createWebhookDeliveryJob(options: {
  service: Webhooks;
  log: JobLog;
  intervalMs?: number;
}): Job {
  const intervalMs = options.intervalMs ?? DELIVERY_ROUND_MS;
  const claim = claimEvery('webhook-deliveries', intervalMs);
  const job = intervalJob({
    intervalMs,
    atStart: true,
    round: () => runJob(options.log, 'webhook-deliveries', () => options.service.deliverDue(claim)),
    onError: (error) => options.log.warn({ err: error }, 'webhook deliveries failed'),
  });
  return {
    start: () => job.start(),
    async stop() {
      await job.stop();
      await options.service.idle();
    },
  };
}
