/** The integrations domain on the worker role (issue 15): each part exports what others reuse. */
export * from './webhooks/safe-http.ts';
export * from './webhooks/webhook-signing.ts';
export * from './webhooks/webhook-retry.ts';
export * from './webhooks/webhook-delivery.job.ts';
export * from './webhooks/webhook-delivery.reactor.ts';
export * from './webhooks/webhooks.module.ts';
export * from './slack/slack-notify.job.ts';
export * from './slack/slack-notify.reactor.ts';
export * from './slack/slack.module.ts';
