/** APP_PROCESSES: how `npm start` (ROLE=all) lays its roles out (services/src/app/supervisor.ts). */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';

describe('APP_PROCESSES', () => {
  it('defaults to split: the projector and worker roles in supervised child processes', () => {
    expect(loadConfig({}).processes).toBe('split');
  });

  it('takes single (every role in one process)', () => {
    expect(loadConfig({ APP_PROCESSES: 'single' }).processes).toBe('single');
  });

  it('refuses anything else, naming the setting', () => {
    expect(() => loadConfig({ APP_PROCESSES: 'many' })).toThrow(/APP_PROCESSES/);
  });
});
