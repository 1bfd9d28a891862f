import { useEffect, useReducer, useRef } from 'react';

/** New rows one step may add. */
const PROGRESSIVE_STEP = 50;

/**
 * The rows of a long table to render now: the ones already on screen and, once per step, at most `step` more. A
 * render is a step when it meets rows none of which are on screen (a new page), when the last step showed them
 * all (a refresh, a search), or when the timer set after the last step's paint asks for the next; that timer is
 * its own task, so a click or a keystroke goes in between. A new page of 500 rows then shows its first rows in one
 * short task instead of one long one (1.1–1.7 s on a 2-core machine, during which the page did not answer). Other
 * renders add none (two renders in one task, e.g. a query's data and then its status, would otherwise add two
 * steps at once). Rows already shown stay: the same page refreshed, or a row's change, renders at once. Rows need
 * a stable `id`.
 */
export function useProgressiveRows<T extends { id: string }>(rows: readonly T[], step = PROGRESSIVE_STEP): readonly T[] {
  /** The ids of the rows the last committed render showed. */
  const shown = useRef<ReadonlySet<string>>(new Set());
  const [steps, nextStep] = useReducer((n: number) => n + 1, 0);
  /** The step whose render last added rows while some were still left out (-1: none). */
  const grownAt = useRef(-1);
  const allowed = steps !== grownAt.current || !rows.some((row) => shown.current.has(row.id)) ? step : 0;
  let end = 0;
  for (let added = 0; end < rows.length; end++) {
    if (!shown.current.has(rows[end]!.id) && ++added > allowed) break;
  }
  const visible = end === rows.length ? rows : rows.slice(0, end);
  const complete = end === rows.length;
  useEffect(() => {
    const before = shown.current;
    // Once all are shown the steps are over: the next rows (a refresh, a search) get a step at once.
    if (complete) grownAt.current = -1;
    else if (visible.some((row) => !before.has(row.id))) grownAt.current = steps;
    shown.current = new Set(visible.map((row) => row.id));
    if (complete) return;
    const timer = setTimeout(nextStep, 0);
    return () => clearTimeout(timer);
  });
  return visible;
}
