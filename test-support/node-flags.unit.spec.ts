/**
 * The app's Node flags live in three places that must agree: `npm start` (package.json), the image's CMD
 * (Dockerfile) and the bench, which measures what they run (bench/lib/app.ts `APP_NODE_FLAGS`). The supervised
 * role processes inherit them (fork passes process.execArgv).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_NODE_FLAGS } from '../bench/lib/app.ts';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('the app is started with the same Node flags everywhere', () => {
  it('npm start, the Dockerfile and the bench', () => {
    expect(APP_NODE_FLAGS.length).toBeGreaterThan(0);
    const start = (JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts.start;
    expect(start).toContain(`node ${APP_NODE_FLAGS.join(' ')} services/dist/main.js`);
    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...APP_NODE_FLAGS, 'services/dist/main.js']);
  });
});
