import { i18nObject } from 'typesafe-i18n';
import { describe, expect, it } from 'vitest';
import { isTaskOverdue } from '@crm/contracts/tasks/task.input';
import type { Locales, TranslationFunctions, Translations } from '../../../i18n/i18n-types.ts';
import ar from '../../../i18n/ar/index.ts';
import arTasks from '../../../i18n/ar/tasks/index.ts';
import en from '../../../i18n/en/index.ts';
import enTasks from '../../../i18n/en/tasks/index.ts';
import fr from '../../../i18n/fr/index.ts';
import frTasks from '../../../i18n/fr/tasks/index.ts';
import { fromLocalDateTime, timeLeft, timeLeftText, toLocalDateTime } from './task-time.util.ts';

const now = new Date('2026-11-21T12:00:00.000Z');
const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();
/** LL as the Tasks area has it: the base dictionary plus the `tasks` namespace. */
const LL = (locale: Locales, base: object, tasks: object) => i18nObject<Locales, Translations, TranslationFunctions>(locale, { ...base, tasks } as Translations);
const text = (hours: number, ll: TranslationFunctions) => timeLeftText(timeLeft(at(hours), now), ll);

describe('time left (spec 02 §9)', () => {
  it('counts hours under 24 hours, days from 24 hours, hours overdue up to 48 hours, then days overdue', () => {
    expect(timeLeft(at(5.5), now)).toEqual({ kind: 'hours', count: 5 });
    expect(timeLeft(at(0.5), now)).toEqual({ kind: 'hours', count: 1 });
    expect(timeLeft(at(23.99), now)).toEqual({ kind: 'hours', count: 23 });
    expect(timeLeft(at(24), now)).toEqual({ kind: 'days', count: 1 });
    expect(timeLeft(at(24 * 3 + 5), now)).toEqual({ kind: 'days', count: 3 });
    expect(timeLeft(at(-0.2), now)).toEqual({ kind: 'overdue', count: 1 });
    expect(timeLeft(at(-30), now)).toEqual({ kind: 'overdue', count: 30 });
    expect(timeLeft(at(-47.99), now)).toEqual({ kind: 'overdue', count: 47 });
    expect(timeLeft(at(-48), now)).toEqual({ kind: 'daysOverdue', count: 2 });
    expect(timeLeft(at(-326), now)).toEqual({ kind: 'daysOverdue', count: 13 });
    expect(timeLeft(at(-24 * 14 - 3), now)).toEqual({ kind: 'daysOverdue', count: 14 });
  });

  it('reads in English with plural forms', () => {
    const ll = LL('en', en, enTasks);
    expect(text(0.5, ll)).toBe('1 hour left');
    expect(text(5.5, ll)).toBe('5 hours left');
    expect(text(24, ll)).toBe('1 day left');
    expect(text(24 * 3 + 5, ll)).toBe('3 days left');
    expect(text(-0.2, ll)).toBe('1 hour overdue');
    expect(text(-47.5, ll)).toBe('47 hours overdue');
    expect(text(-48, ll)).toBe('2 days overdue');
    expect(text(-24 * 14 - 3, ll)).toBe('14 days overdue');
  });

  it('reads in French and Arabic with their plural forms', () => {
    const fll = LL('fr', fr, frTasks);
    expect(text(0.5, fll)).toBe('1 heure restante');
    expect(text(24 * 3 + 5, fll)).toBe('3 jours restants');
    expect(text(-5.5, fll)).toBe('5 heures de retard');
    expect(text(-24 * 14 - 3, fll)).toBe('14 jours de retard');
    const all = LL('ar', ar, arTasks);
    expect(text(0.5, all)).toBe('يتبقى 1 ساعة');
    expect(text(2.5, all)).toBe('يتبقى 2 ساعتان');
    expect(text(24 * 3 + 5, all)).toBe('يتبقى 3 أيام');
    expect(text(-5.5, all)).toBe('متأخرة منذ 5 ساعات');
    expect(text(-24 * 2 - 1, all)).toBe('متأخرة منذ 2 يومين');
    expect(text(-24 * 14 - 3, all)).toBe('متأخرة منذ 14 يومًا');
    expect(text(-24 * 100, all)).toBe('متأخرة منذ 100 يوم');
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

describe('the due date and time field (the browser’s wall clock)', () => {
  it('round-trips an instant through a datetime-local value to the minute', () => {
    const local = toLocalDateTime('2031-03-04T09:30:00.000Z');
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalDateTime(local)).toBe('2031-03-04T09:30:00.000Z');
    expect(toLocalDateTime(null)).toBe('');
    expect(fromLocalDateTime('')).toBeNull();
  });
});
