import net from 'node:net';
import tls from 'node:tls';

export interface SmtpHealth {
  /** `smtp`: SMTP_URL is set; `file`: mails are written as .eml files (no SMTP_URL). */
  transport: 'smtp' | 'file';
  ok: boolean;
  error: string | null;
  checkedAt: string;
}

/**
 * Checks the configured SMTP transport the way a client starts: connects (TLS for smtps:) and waits for the
 * server's 220 greeting, then says QUIT. No mail is sent. Without SMTP_URL the worker writes .eml files: ok.
 */
export function checkSmtp(smtpUrl: string | null, now: () => Date, timeoutMs = 5000): Promise<SmtpHealth> {
  const checkedAt = now().toISOString();
  if (!smtpUrl) return Promise.resolve({ transport: 'file', ok: true, error: null, checkedAt });
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    return Promise.resolve({ transport: 'smtp', ok: false, error: 'SMTP_URL is not a URL', checkedAt });
  }
  const secure = url.protocol === 'smtps:';
  const port = Number(url.port || (secure ? 465 : 587));
  return new Promise((resolve) => {
    let done = false;
    const finish = (ok: boolean, error: string | null) => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ transport: 'smtp', ok, error, checkedAt });
    };
    const socket = secure ? tls.connect({ host: url.hostname, port, servername: url.hostname }) : net.connect({ host: url.hostname, port });
    socket.setTimeout(timeoutMs, () => finish(false, 'timed out'));
    socket.on('error', (err) => finish(false, err.message));
    let buffer = '';
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      if (!buffer.includes('\n')) return;
      const ok = buffer.startsWith('220');
      if (ok) socket.write('QUIT\r\n');
      finish(ok, ok ? null : `unexpected greeting: ${buffer.slice(0, 80).trim()}`);
    });
  });
}
