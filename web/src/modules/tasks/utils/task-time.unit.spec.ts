import { describe, expect, it } from 'vitest';
import { isTaskOverdue } from '@crm/contracts/tasks/task.input';
import { timeLeft } from './task-time.util.ts';

const now = new Date('2026-11-21T12:00:00.000Z');
const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();

describe('time left (spec 02 §9)', () => {
  it('counts hours under 24 hours, days from 24 hours, and hours overdue once past due', () => {
    expect(timeLeft(at(5.5), now)).toEqual({ kind: 'hours', count: 5 });
    expect(timeLeft(at(0.5), now)).toEqual({ kind: 'hours', count: 1 });
    expect(timeLeft(at(23.99), now)).toEqual({ kind: 'hours', count: 23 });
    expect(timeLeft(at(24), now)).toEqual({ kind: 'days', count: 1 });
    expect(timeLeft(at(24 * 3 + 5), now)).toEqual({ kind: 'days', count: 3 });
    expect(timeLeft(at(-0.2), now)).toEqual({ kind: 'overdue', count: 1 });
    expect(timeLeft(at(-30), now)).toEqual({ kind: 'overdue', count: 30 });
  });

  it('overdue: due before now, neither completed nor cancelled', () => {
    expect(isTaskOverdue({ dueDate: at(-1), status: 'pending' }, now)).toBe(true);
    expect(isTaskOverdue({ dueDate: at(-1), status: 'in_progress' }, now)).toBe(true);
    expect(isTaskOverdue({ dueDate: at(-1), status: 'completed' }, now)).toBe(false);
    expect(isTaskOverdue({ dueDate: at(-1), status: 'cancelled' }, now)).toBe(false);
    expect(isTaskOverdue({ dueDate: at(1), status: 'pending' }, now)).toBe(false);
    expect(isTaskOverdue({ dueDate: null, status: 'pending' }, now)).toBe(false);
  });
});
