import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** `docker compose config` (or docker-compose v1) validates the file without a Docker engine. */
function composeCommand(): string[] | null {
  if (spawnSync('docker', ['compose', 'version']).status === 0) return ['docker', 'compose'];
  if (spawnSync('docker-compose', ['version']).status === 0) return ['docker-compose'];
  return null;
}

const cmd = composeCommand();
if (!cmd) console.warn('skipped: docker-compose.yml validation (no `docker compose` or `docker-compose` client on this machine)');

describe('docker-compose.yml', () => {
  const SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');
  it.skipIf(!cmd)('is valid and wires every app role to EventStoreDB, PostgreSQL and Redis, with one secrets key', () => {
    const out = execFileSync(cmd![0]!, [...cmd!.slice(1), 'config'], { cwd: root, env: { ...process.env, ADMIN_PASSWORD: 'a-test-password-1234', SECRETS_KEY } }).toString();
    expect(out.split(`SECRETS_KEY: ${SECRETS_KEY}`).length - 1).toBeGreaterThanOrEqual(3);
    for (const role of ['api', 'projector', 'worker']) expect(out).toMatch(new RegExp(`ROLE: ${role}`));
    expect(out).toContain('EVENTSTORE_URL: esdb://eventstore:2113?tls=false');
    expect(out).toContain('DATABASE_URL: postgres://crm:crm@postgres:5432/crm');
    expect(out).toContain('REDIS_URL: redis://redis:6379');
    expect(out).toContain('noeviction');
    // PostgreSQL admits every app process's pool at the default replica counts (30 + 3 connections each).
    const maxConnections = Number(/max_connections=(\d+)/.exec(out)?.[1]);
    const processes = [...out.matchAll(/replicas: (\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(processes).toBeGreaterThanOrEqual(6);
    expect(maxConnections).toBeGreaterThanOrEqual(processes * 33);
  });

  it.skipIf(!cmd)('refuses to start without SECRETS_KEY (each container would make a key of its own)', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, ADMIN_PASSWORD: 'a-test-password-1234' };
    delete env.SECRETS_KEY;
    const run = spawnSync(cmd![0]!, [...cmd!.slice(1), 'config'], { cwd: root, env });
    expect(run.status).not.toBe(0);
    expect(run.stderr.toString()).toContain('SECRETS_KEY');
  });
});
