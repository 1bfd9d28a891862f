/**
 * Account security notices end to end: a running app (api, reactors, workers on one Postgres), changes made
 * through tRPC as the web app makes them, mails caught by a real SMTP server.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_QUEUE, type RecordedEvent, type SendEmailJob, userStreamId } from '@crm/contracts';
import { accountEmailAt, accountSecurityReactor, createQueueFactory, mailJobId, silentLogger, type QueueFactory } from '@crm/workers';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { createAccount, loginSession, trpcClient, type TestAccount } from '../../../test-support/http.ts';
import { sleep, waitFor } from './support/helpers.ts';
import { leafParts, parseMime } from './support/mime.ts';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from './support/smtp.ts';

let smtp: TestSmtpServer;
let app: TestApp;
let queues: QueueFactory;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  app = await startTestApp({ smtpUrl: smtp.url });
  queues = createQueueFactory({ redisUrl: null, databaseUrl: app.platform.databaseUrl, poolSize: 2 });
}, 60_000);

afterAll(async () => {
  await queues?.close();
  await app?.stop();
  await smtp?.close();
}, 60_000);

const uniqueEmail = (tag: string) => `${tag}.${randomUUID().slice(0, 8)}@example.com`;

function readMail(mail: ReceivedMail) {
  const root = parseMime(mail.raw);
  const leaves = leafParts(root);
  return {
    to: mail.to,
    subject: root.headers.get('subject') ?? '',
    messageId: root.headers.get('message-id') ?? '',
    text: leaves.find((p) => p.contentType === 'text/plain')?.body.toString('utf8') ?? '',
    html: leaves.find((p) => p.contentType === 'text/html')?.body.toString('utf8') ?? '',
  };
}
const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.some((t) => t.toLowerCase() === address.toLowerCase())).map(readMail);
const noticesTo = (address: string, subject: string) => mailsTo(address).filter((m) => m.subject === subject);
const waitForNotice = (address: string, subject: string, count = 1) =>
  waitFor(() => (noticesTo(address, subject).length >= count ? noticesTo(address, subject) : null), { what: `${count} "${subject}" mail(s) to ${address}` });

/** The ids of an account's events of one type, oldest first. */
const eventIds = async (userId: string, type: string) =>
  (
    await app.platform.pool.query<{ id: string }>('SELECT event_id::text AS id FROM es_events WHERE stream_id = $1 AND type = $2 ORDER BY stream_version', [
      userStreamId(userId),
      type,
    ])
  ).rows.map((r) => r.id);

const EMAIL_CHANGED = 'The e-mail address of your account was changed';
const PASSWORD_CHANGED = 'Your password was changed';
const PASSWORD_RESET = 'Your password was reset';

async function signedIn(tag: string): Promise<{ account: TestAccount; client: Awaited<ReturnType<typeof loginSession>> }> {
  const account = await createAccount(app, { email: uniqueEmail(tag), name: 'Ada Lovelace' });
  return { account, client: await loginSession(app, account) };
}

describe('account security notices', () => {
  it('tells the previous address that the e-mail was changed, naming the new one, exactly once', async () => {
    const { account, client } = await signedIn('old');
    const newEmail = uniqueEmail('new');
    const res = await client.mutation('profile.update', { name: account.name, email: newEmail, currentPassword: account.password });
    expect(res.status).toBe(200);

    const [notice] = await waitForNotice(account.email, EMAIL_CHANGED);
    expect(notice!.to).toEqual([account.email]);
    expect(notice!.text).toContain(`changed to ${newEmail}`);
    expect(notice!.text).toContain('contact your administrator');
    expect(notice!.text).toMatch(/When: \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC/);
    expect(notice!.html).toContain(newEmail);
    // The job id is the event's: a replay or a retried batch is the same job.
    const [eventId] = await eventIds(account.id, 'UserProfileUpdated');
    expect(notice!.messageId).toContain(eventId);
    expect(await queues.queue<SendEmailJob>(MAIL_QUEUE).getJob(mailJobId(eventId!))).toBeTruthy();

    await sleep(750);
    expect(mailsTo(account.email)).toHaveLength(1);
    // The new address is not told anything (whoever typed it already knows).
    expect(mailsTo(newEmail)).toHaveLength(0);
  });

  it('says nothing when only the name or the case of the address changes', async () => {
    const { account, client } = await signedIn('case');
    expect((await client.mutation('profile.update', { name: 'Ada King', email: account.email })).status).toBe(200);
    const upper = account.email.toUpperCase();
    expect((await client.mutation('profile.update', { name: 'Ada King', email: upper, currentPassword: account.password })).status).toBe(200);
    expect(await eventIds(account.id, 'UserProfileUpdated')).toHaveLength(2);
    // A real change afterwards: the reactor handles events in order, so once its notice is here the two
    // earlier events have been handled (and must not have mailed).
    const newEmail = uniqueEmail('moved');
    expect((await client.mutation('profile.update', { name: 'Ada King', email: newEmail, currentPassword: account.password })).status).toBe(200);
    const [notice] = await waitForNotice(upper, EMAIL_CHANGED);
    expect(notice!.text).toContain(newEmail);
    await sleep(500);
    expect(mailsTo(account.email)).toHaveLength(1);
  });

  it('tells the account that its password was changed, exactly once', async () => {
    const { account, client } = await signedIn('pw');
    const res = await client.mutation('profile.changePassword', {
      currentPassword: account.password,
      newPassword: 'a-different-long-password',
      confirmPassword: 'a-different-long-password',
    });
    expect(res.status).toBe(200);

    const [notice] = await waitForNotice(account.email, PASSWORD_CHANGED);
    expect(notice!.text).toContain('The password of your account was changed');
    expect(notice!.text).toContain('reset your password now');
    expect(notice!.text).toMatch(/When: \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC/);
    const [eventId] = await eventIds(account.id, 'UserPasswordChanged');
    expect(notice!.messageId).toContain(eventId);

    await sleep(750);
    expect(mailsTo(account.email)).toHaveLength(1);
  });

  it('sends the password notice to the address the account had at the time, also when it moves right after', async () => {
    const { account, client } = await signedIn('takeover');
    const newPassword = 'taken-over-password';
    expect((await client.mutation('profile.changePassword', { currentPassword: account.password, newPassword, confirmPassword: newPassword })).status).toBe(200);
    const attacker = uniqueEmail('attacker');
    expect((await client.mutation('profile.update', { name: account.name, email: attacker, currentPassword: newPassword })).status).toBe(200);

    await waitForNotice(account.email, PASSWORD_CHANGED);
    await waitForNotice(account.email, EMAIL_CHANGED);
    await sleep(500);
    expect(mailsTo(account.email).map((m) => m.subject).sort()).toEqual([EMAIL_CHANGED, PASSWORD_CHANGED].sort());
    expect(mailsTo(attacker)).toHaveLength(0);
    // The same answer however late the reactor runs (here: after the move), so a slow or replaying reactor
    // never sends the notice to the new address.
    const stream = await app.platform.store.readStream(userStreamId(account.id));
    const passwordEvent = stream.find((e) => e.type === 'UserPasswordChanged')!;
    expect(await accountEmailAt(app.platform.store, account.id, passwordEvent)).toBe(account.email);

    // A later change goes to the address the account has by then.
    const third = 'third-long-password';
    expect((await client.mutation('profile.changePassword', { currentPassword: newPassword, newPassword: third, confirmPassword: third })).status).toBe(200);
    const [later] = await waitForNotice(attacker, PASSWORD_CHANGED);
    expect(later!.to).toEqual([attacker]);
  });

  it('tells the account that its password was reset through a link', async () => {
    const account = await createAccount(app, { email: uniqueEmail('reset') });
    const client = trpcClient(app);
    expect((await client.mutation('auth.requestPasswordReset', { email: account.email, locale: 'en' })).status).toBe(200);
    const link = await waitFor(() => mailsTo(account.email).map((m) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(m.text)?.[1]).find(Boolean), {
      what: 'the reset link',
    });
    expect((await client.mutation('auth.resetPassword', { token: link, newPassword: 'reset-long-password' })).status).toBe(200);

    const [notice] = await waitForNotice(account.email, PASSWORD_RESET);
    expect(notice!.text).toContain('was reset with a reset link');
    await sleep(500);
    expect(noticesTo(account.email, PASSWORD_RESET)).toHaveLength(1);
    expect(noticesTo(account.email, PASSWORD_CHANGED)).toHaveLength(0);
  });

  it('skips events recorded more than 24 hours before they are handled (a first deployment replaying history)', async () => {
    const queue = queues.queue<SendEmailJob>(MAIL_QUEUE);
    const recordedAt = new Date();
    const event: RecordedEvent = {
      id: randomUUID(),
      type: 'UserProfileUpdated',
      schemaVersion: 1,
      data: { userId: randomUUID(), name: 'Old News', email: uniqueEmail('then-new'), previousEmail: uniqueEmail('then-old'), at: recordedAt.toISOString() },
      metadata: { correlationId: randomUUID() },
      streamId: userStreamId(randomUUID()),
      streamVersion: 1,
      checkpoint: '0',
      timestamp: recordedAt,
    };
    const reactorAt = (ms: number) =>
      accountSecurityReactor({ store: app.platform.store, mailQueue: queue, log: silentLogger, now: () => new Date(recordedAt.getTime() + ms) });

    await reactorAt(24 * 3600_000 + 1_000).handle([event]);
    expect(await queue.getJob(mailJobId(event.id))).toBeUndefined();

    // The same event handled within the window is mailed (the check above can fail).
    await reactorAt(23 * 3600_000).handle([event]);
    expect(await queue.getJob(mailJobId(event.id))).toBeTruthy();
    const previous = (event.data as { previousEmail: string }).previousEmail;
    await waitForNotice(previous, EMAIL_CHANGED);
  });
});
