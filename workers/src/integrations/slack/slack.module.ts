/**
 * Slack notifications on the worker role (the Integration Marketplace, issue 15): a reactor (events → SLACK_QUEUE
 * jobs) and the queue worker posting them through the webhooks' SSRF-safe sender (WEBHOOK_ALLOW_PRIVATE_NETWORKS,
 * the `webhooks` settings, applies).
 */
import { defineWorkerModule } from '../../platform/worker-module.ts';
import { SLACK_QUEUE, createSlackNotifyProcessor, type SlackNotifyJob } from './slack-notify.job.ts';
import { slackNotifyReactor } from './slack-notify.reactor.ts';

export const slackWorkerModule = defineWorkerModule({
  name: 'slack',
  reactors: ({ store, pool, queues, log }) => (pool ? [slackNotifyReactor({ store, pool, queue: queues.queue<SlackNotifyJob>(SLACK_QUEUE), log })] : []),
  async jobs({ pool, queues, log, secrets, publicUrl, workerOptions, webhooks }) {
    const processor = createSlackNotifyProcessor({ pool, log, secrets, allowPrivateNetworks: webhooks?.allowPrivateNetworks ?? false, ...(publicUrl ? { publicUrl } : {}) });
    const worker = queues.worker<SlackNotifyJob>(SLACK_QUEUE, processor, {
      concurrency: 2,
      ...workerOptions?.[SLACK_QUEUE],
    });
    worker.on('error', (err) => log.error({ queue: SLACK_QUEUE, err: err.message }, 'slack worker error'));
    return [worker];
  },
});
